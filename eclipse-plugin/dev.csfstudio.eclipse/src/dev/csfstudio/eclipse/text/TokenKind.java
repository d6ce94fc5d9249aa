package dev.csfstudio.eclipse.text;

/** What the CSF scanner tells apart; the editor maps each to a colour and style. */
public enum TokenKind {
    COMMENT, STRING, LABEL, DIRECTIVE, MNEMONIC, MODIFIER, REGISTER, NUMBER, KEY, IDENTIFIER
}
