package dev.csfstudio.lsp;

import dev.csfstudio.isa.InstructionSet;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensLegend;

import dev.csfstudio.grammar.CsfLexer;

/**
 * Semantic tokens from the grammar's own lexer, so highlighting splits text exactly as the assembler
 * does. The lexer reads {@code BRANCH.ne} as one word; it is shown as a mnemonic and its modifiers. A
 * range request lexes only the lines it covers (statements never span lines) and encodes them as the
 * whole-document answer would, relative to the document's start. Validity is the architecture's: a mnemonic
 * its table does not know and a register past its file are names (variables), not keywords and registers, so
 * an editor's generic grammar is corrected by the server.
 */
public final class SemanticTokenService {

    private final InstructionSet isa;

    public SemanticTokenService(InstructionSet isa) {
        this.isa = isa;
    }

    /** Token types in legend order; a token's type is its index here. */
    public static final List<String> TYPES = List.of("keyword", "enumMember", "macro", "parameter", "number",
            "variable", "function", "property", "string", "comment", "operator");
    public static final List<String> MODIFIERS = List.of("declaration");

    private static final int KEYWORD = 0;
    private static final int MODIFIER = 1;
    private static final int MACRO = 2;
    private static final int REGISTER = 3;
    private static final int NUMBER = 4;
    private static final int SYMBOL = 5;
    private static final int LABEL = 6;
    private static final int FIELD = 7;
    private static final int STRING = 8;
    private static final int COMMENT = 9;
    private static final int OPERATOR = 10;

    public static SemanticTokensLegend legend() {
        return new SemanticTokensLegend(TYPES, MODIFIERS);
    }

    public SemanticTokens tokens(TextDocument doc) {
        return tokens(doc.text(), 0);
    }

    /** The tokens of the lines {@code range} covers (a range ending at a line's start does not cover it). */
    public SemanticTokens tokens(TextDocument doc, Range range) {
        int first = Math.max(0, range.getStart().getLine());
        int last = range.getEnd().getCharacter() == 0 && range.getEnd().getLine() > first
                ? range.getEnd().getLine() - 1 : range.getEnd().getLine();
        last = Math.min(last, doc.lineCount() - 1);
        if (first > last) {
            return new SemanticTokens(List.of());
        }
        int from = doc.offsetAt(new Position(first, 0));
        int to = last + 1 < doc.lineCount() ? doc.offsetAt(new Position(last + 1, 0)) : doc.text().length();
        return tokens(doc.text().substring(from, to), first);
    }

    /** Tokens of {@code text}, whose first line is line {@code firstLine} of the document. */
    private SemanticTokens tokens(String source, int firstLine) {
        CsfLexer lexer = new CsfLexer(CharStreams.fromString(source));
        lexer.removeErrorListeners();
        List<? extends Token> tokens = lexer.getAllTokens();
        Encoder out = new Encoder(firstLine);
        boolean statementSeen = false;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            int type = t.getType();
            if (type == CsfLexer.NEWLINE) {
                statementSeen = false;
                continue;
            }
            Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
            boolean beforeColon = next != null && ":".equals(next.getText());
            boolean beforeEquals = next != null && "=".equals(next.getText());
            switch (type) {
                case CsfLexer.COMMENT -> out.add(t, 0, t.getText().length(), COMMENT, 0);
                case CsfLexer.STRING, CsfLexer.UNTERMINATED_STRING -> out.add(t, 0, t.getText().length(), STRING, 0);
                case CsfLexer.HEX, CsfLexer.BIN, CsfLexer.DEC, CsfLexer.FLOAT -> {
                    if (!statementSeen && beforeColon) {
                        out.add(t, 0, t.getText().length(), LABEL, 1);
                    } else {
                        out.add(t, 0, t.getText().length(), NUMBER, 0);
                    }
                }
                case CsfLexer.LOCAL_REF -> out.add(t, 0, t.getText().length(), SYMBOL, 0);
                case CsfLexer.DIRECTIVE, CsfLexer.EXPECT -> {
                    out.add(t, 0, t.getText().length(), MACRO, 0);
                    statementSeen = true;
                }
                case CsfLexer.IDENT -> {
                    String text = t.getText();
                    if (!statementSeen && beforeColon) {
                        out.add(t, 0, text.length(), LABEL, 1);
                    } else if (!statementSeen) {
                        if (isa.byMnemonic(mnemonicOf(text)).isPresent()) {
                            mnemonic(out, t);
                        } else {
                            out.add(t, 0, text.length(), SYMBOL, 0);
                        }
                        statementSeen = true;
                    } else if (SourceLine.isRegister(text) && exists(text)) {
                        out.add(t, 0, text.length(), REGISTER, 0);
                    } else {
                        out.add(t, 0, text.length(), beforeEquals ? FIELD : SYMBOL, 0);
                    }
                }
                case CsfLexer.ERROR_CHAR -> { }
                default -> {
                    if (t.getText().equals(",")) {
                        continue; // punctuation keeps the editor's default colour
                    }
                    if (t.getText().equals("#") && next != null && next.getStartIndex() == t.getStopIndex() + 1
                            && isNumber(next.getType())) {
                        continue; // '#' is shown with its number
                    }
                    out.add(t, 0, t.getText().length(), OPERATOR, 0);
                }
            }
        }
        return new SemanticTokens(out.data);
    }

    private static String mnemonicOf(String word) {
        int dot = word.indexOf('.');
        return dot < 0 ? word : word.substring(0, dot);
    }

    /** Whether register {@code rN} or pair {@code dN} is in this architecture's register file. */
    private boolean exists(String register) {
        String digits = register.substring(1);
        if (digits.length() > 4) {
            return false;
        }
        int n = Integer.parseInt(digits);
        boolean pair = Character.toLowerCase(register.charAt(0)) == 'd';
        return n + (pair ? 1 : 0) < isa.registerCount();
    }

    /** {@code BRANCH.ne}: the mnemonic, then each dotted modifier (with its dot). */
    private static void mnemonic(Encoder out, Token t) {
        String text = t.getText();
        int dot = text.indexOf('.');
        out.add(t, 0, dot < 0 ? text.length() : dot, KEYWORD, 0);
        while (dot >= 0) {
            int nextDot = text.indexOf('.', dot + 1);
            int end = nextDot < 0 ? text.length() : nextDot;
            out.add(t, dot, end - dot, MODIFIER, 0);
            dot = nextDot;
        }
    }

    private static boolean isNumber(int type) {
        return type == CsfLexer.HEX || type == CsfLexer.BIN || type == CsfLexer.DEC || type == CsfLexer.FLOAT;
    }

    /** LSP's relative encoding: (line delta, start delta, length, type, modifiers) per token. */
    private static final class Encoder {
        final List<Integer> data = new ArrayList<>();
        final int firstLine;
        int prevLine;
        int prevStart;

        Encoder(int firstLine) {
            this.firstLine = firstLine;
        }

        void add(Token t, int offset, int length, int type, int modifiers) {
            int line = firstLine + t.getLine() - 1;
            int start = t.getCharPositionInLine() + offset;
            if (length <= 0 || t.getText().indexOf('\n') >= 0) {
                return;
            }
            data.add(line - prevLine);
            data.add(line == prevLine ? start - prevStart : start);
            data.add(length);
            data.add(type);
            data.add(modifiers);
            prevLine = line;
            prevStart = start;
        }
    }
}
