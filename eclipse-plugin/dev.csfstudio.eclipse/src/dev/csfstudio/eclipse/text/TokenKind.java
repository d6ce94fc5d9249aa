package dev.csfstudio.eclipse.text;

/** What the CSF scanner tells apart; the editor maps each to a colour and style. */
public enum TokenKind {
    COMMENT, STRING, LABEL, DIRECTIVE, MNEMONIC, MODIFIER, REGISTER, NUMBER, KEY, IDENTIFIER,
    /** A use of a label, constant, stream or buffer: only the server's semantic tokens tell it from an identifier. */
    SYMBOL
}
