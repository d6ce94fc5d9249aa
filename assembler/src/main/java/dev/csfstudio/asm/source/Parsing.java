package dev.csfstudio.asm.source;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.CsfParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Entry point to the grammar for every tool: the assembler, the formatter and the language server
 * (semantic tokens, folding) share one parser so nobody re-implements the syntax.
 */
public final class Parsing {

    private Parsing() {
    }

    /** Parses a document that has no file name (editor buffers, tests). */
    public static ParsedSource parse(String text) {
        return parse(null, text);
    }

    /** Parses {@code text}; syntax errors become diagnostics, all of them in one run. */
    public static ParsedSource parse(Path file, String text) {
        try {
            return parseFile(file, text);
        } catch (StackOverflowError e) {
            CsfLexer lexer = new CsfLexer(CharStreams.fromString(""));
            CommonTokenStream tokens = new CommonTokenStream(lexer);
            tokens.fill();
            CsfParser.FileContext empty = new CsfParser(tokens).file();
            return new ParsedSource(file, text, empty, tokens,
                    List.of(Diagnostic.error(SourceRange.at(file, 1, 1, 1), DiagnosticCode.SYNTAX, "document nested too deeply")));
        }
    }

    private static ParsedSource parseFile(Path file, String text) {
        CsfLexer lexer = new CsfLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        CsfParser parser = new CsfParser(tokens);
        parser.removeErrorListeners();
        // Fast SLL prediction first; only a file with a syntax error pays for full LL with recovery.
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new org.antlr.v4.runtime.BailErrorStrategy());
        CsfParser.FileContext tree;
        List<Diagnostic> errors = new ArrayList<>();
        try {
            tree = parser.file();
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            parser.setErrorHandler(new org.antlr.v4.runtime.DefaultErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.addErrorListener(new SyntaxErrors(file, errors));
            tree = parser.file();
        }
        return new ParsedSource(file, text, tree, tokens, errors);
    }

    /**
     * Parses a standalone expression (descriptor field defaults such as {@code width-1}); null when the
     * text is not exactly one expression.
     */
    public static CsfParser.ExprContext parseExpression(String text) {
        CsfLexer lexer = new CsfLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        CsfParser parser = new CsfParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        parser.setErrorHandler(new org.antlr.v4.runtime.BailErrorStrategy());
        try {
            CsfParser.ExprContext e = parser.expr();
            return parser.getCurrentToken().getType() == Token.EOF ? e : null;
        } catch (ParseCancellationException e) {
            return null;
        }
    }

    /**
     * A node's tokens without the blanks between, as its {@code getText} gives them, read from the source between its
     * first and last token without a call per tree level; for a node that holds no string (an expression, a tuple of
     * them, an {@code .expect} target), whose blanks are all between tokens.
     */
    public static String text(ParserRuleContext e) {
        Token start = e.getStart();
        Token stop = e.getStop();
        if (stop == null || stop.getStopIndex() < start.getStartIndex() || start.getInputStream() == null) {
            return e.getText();
        }
        String raw = start.getInputStream().getText(org.antlr.v4.runtime.misc.Interval.of(start.getStartIndex(), stop.getStopIndex()));
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != ' ' && c != '\t' && c != '\f' && c != '\u000B') {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The range a parse-tree node covers (first token to the end of the last one). */
    public static SourceRange range(Path file, ParserRuleContext ctx) {
        Token start = ctx.getStart();
        Token stop = ctx.getStop();
        if (stop == null || stop.getTokenIndex() < start.getTokenIndex() || stop.getType() == Token.EOF) {
            stop = start;
        }
        return span(file, start, stop);
    }

    public static SourceRange range(Path file, TerminalNode node) {
        return range(file, node.getSymbol());
    }

    public static SourceRange range(Path file, Token t) {
        return span(file, t, t);
    }

    static SourceRange span(Path file, Token start, Token stop) {
        int line = Math.max(start.getLine(), 1);
        int col = start.getCharPositionInLine() + 1;
        int stopLength = stop.getType() == Token.EOF ? 0 : stop.getStopIndex() - stop.getStartIndex() + 1;
        int endLine = Math.max(stop.getLine(), 1);
        int endCol = stop.getCharPositionInLine() + 1 + Math.max(stopLength, 1);
        if (endLine == line && endCol <= col) {
            endCol = col + 1;
        }
        return new SourceRange(file, line, col, endLine, endCol);
    }

    /** Turns ANTLR's reports into diagnostics with the offending token's exact range. */
    public static final class SyntaxErrors extends BaseErrorListener {
        private final Path file;
        private final List<Diagnostic> out;

        public SyntaxErrors(Path file, List<Diagnostic> out) {
            this.file = file;
            this.out = out;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int col,
                                String msg, RecognitionException e) {
            String message;
            SourceRange range;
            if (offendingSymbol instanceof Token t) {
                range = span(file, t, t);
                String hint = digitLedName(recognizer, t);
                message = hint.isEmpty() ? describe(t.getType(), t.getText(), msg) : unexpected(t.getText()) + hint;
            } else {
                range = SourceRange.at(file, line, col + 1, 1);
                message = msg;
            }
            out.add(Diagnostic.error(range, DiagnosticCode.SYNTAX, message));
        }

        /**
         * A hint when the offending name follows a number with no space between ({@code dimension=2d}): names start
         * with a letter or '_', so the tables spell such enum values {@code _2d}.
         */
        private static String digitLedName(Recognizer<?, ?> recognizer, Token t) {
            if (t.getType() != CsfLexer.IDENT || t.getTokenIndex() < 1
                    || !(recognizer.getInputStream() instanceof org.antlr.v4.runtime.TokenStream tokens)) {
                return "";
            }
            Token before = tokens.get(t.getTokenIndex() - 1);
            if (before.getType() != CsfLexer.DEC || before.getStopIndex() + 1 != t.getStartIndex()) {
                return "";
            }
            String written = before.getText() + t.getText();
            return ": a name cannot start with a digit; did you mean '_" + written + "'?";
        }

        /** The message for ANTLR's report {@code antlrMessage} of an offending token of this type and text. */
        public static String describe(int type, String text, String antlrMessage) {
            return switch (type) {
                case CsfLexer.ERROR_CHAR -> unexpectedCharacter(text);
                case CsfLexer.UNTERMINATED_STRING -> UNTERMINATED_STRING;
                case Token.EOF -> "unexpected end of file";
                case CsfLexer.NEWLINE -> END_OF_LINE + expecting(antlrMessage);
                default -> unexpected(text) + expecting(antlrMessage);
            };
        }

        /**
         * The words of a syntax error, which the parser and the hand-written expression reader
         * ({@code expr.ExpressionText}) both use: an expression that ends too soon, a string without its closing
         * quote, a character that starts no token, a token where it cannot stand. The parser adds what the grammar
         * expected instead, which depends on the statement around the expression.
         */
        public static final String END_OF_LINE = "unexpected end of line";
        public static final String UNTERMINATED_STRING = "unterminated string (missing closing \")";

        public static String unexpectedCharacter(String character) {
            return "unexpected character " + printable(character);
        }

        public static String unexpected(String token) {
            return "unexpected '" + shorten(token) + "'";
        }

        /** An expression nested deeper than {@code bound} (source's bound; the scanner's own smaller one only declines). */
        public static String nestedTooDeep(int bound) {
            return "expression nested more than " + bound + " deep (brackets and unary operators): name its parts with .equ";
        }

        /** Compiled once: every syntax error of a file of broken lines is worded with them. */
        private static final java.util.regex.Pattern BRACES = java.util.regex.Pattern.compile("^\\{|\\}$");
        /** An item of ANTLR's list: a quoted literal (which may be {@code ','}) or a token name. */
        private static final java.util.regex.Pattern ITEM = java.util.regex.Pattern.compile("'[^']*'|[^,\\s]+");

        /**
         * What {@link #expecting} made of each of ANTLR's lists: a file of broken lines words the same few lists again
         * and again. Cleared when full, so hostile input cannot grow it.
         */
        private static final java.util.Map<String, String> WORDED = new java.util.concurrent.ConcurrentHashMap<>();
        private static final int MAX_WORDED = 1024;

        private static String expecting(String antlrMessage) {
            int at = antlrMessage.indexOf("expecting ");
            if (at < 0) {
                return "";
            }
            String list = antlrMessage.substring(at + "expecting ".length());
            String worded = WORDED.get(list);
            if (worded == null) {
                if (WORDED.size() >= MAX_WORDED) {
                    WORDED.clear();
                }
                worded = word(list);
                WORDED.put(list, worded);
            }
            return worded;
        }

        private static String word(String antlrList) {
            String list = BRACES.matcher(antlrList).replaceAll("");
            java.util.Set<String> names = new java.util.LinkedHashSet<>();
            java.util.regex.Matcher items = ITEM.matcher(list);
            while (items.find()) {
                names.add(switch (items.group()) {
                    case "NEWLINE" -> "end of line";
                    case "IDENT" -> "a name";
                    case "DIRECTIVE" -> "a directive";
                    case "DEC", "HEX", "BIN", "FLOAT" -> "a number";
                    case "LOCAL_REF" -> "a local label";
                    case "STRING" -> "a string";
                    case "<EOF>" -> "end of file";
                    default -> items.group();
                });
            }
            String what = String.join(", ", names);
            return what.length() > 120 ? "" : "; expecting " + (names.size() > 1 ? "one of " : "") + what;
        }

        public static String printable(String s) {
            int cp = s.codePointAt(0);
            if (cp < 0x20 || cp == 0x7f || Character.isISOControl(cp) || Character.getType(cp) == Character.UNASSIGNED
                    || Character.getType(cp) == Character.SURROGATE || Character.getType(cp) == Character.PRIVATE_USE) {
                return String.format("U+%04X", cp);
            }
            return "'" + s + "'";
        }

        private static String shorten(String s) {
            return s.length() > 40 ? s.substring(0, 37) + "..." : s;
        }
    }

    /** The text of a string literal: quotes removed, {@code \\n}, {@code \\t} and other escapes resolved. */
    public static String unquote(String quoted) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c == '\\' && i + 1 < quoted.length() - 1) {
                c = quoted.charAt(++i);
                c = switch (c) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> c;
                };
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
