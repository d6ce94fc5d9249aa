package dev.csfstudio.asm.expr;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The grammar's {@code expr} read from a piece of text outside a source file (a debugger's condition, watch or
 * log message), evaluated over the same {@link ExpressionEvaluator.Scope} the assembler and {@code .expect} use:
 * its tokens are {@link Lexicon}'s ({@code 1b} is a local label reference, {@code é} no name), its operators and
 * their precedence {@link Operators}' ({@link Operators#precedence}), its numbers
 * {@link ExpressionEvaluator#parseNumber}'s, its errors the assembler's words.
 *
 * <p>A {@link Memory} makes the debugger's dialect, an extension of the language: memory reads ({@code [va]} is a
 * 32-bit word; {@code byte}, {@code hword}, {@code word}, {@code dword} before the bracket choose the size),
 * comparisons {@code == != < <= > >=} (unsigned; between {@code &} and the shifts, as in C), {@code &&},
 * {@code ||} (below {@code |}) and unary {@code !}. Without one, those are syntax errors, as in source.
 *
 * <p>Every parenthesis, bracket, call and unary operator after an operator nests one level, at most
 * {@link #MAX_NESTING}, as source counts; a flat chain of
 * binary operators is read and evaluated in a loop, so no text makes a stack overflow. Ranges are on line 1 of
 * no file, columns 1-based in the text.
 */
public final class ExpressionText {

    /** The debugger's memory: {@code size} bytes at {@code va}, little-endian, or an error at {@code at}. */
    public interface Memory {
        long read(long va, int size, SourceRange at);
    }

    /**
     * How deep unary operators, parentheses, brackets and calls may nest: source's bound
     * ({@code scan.LineBounds.MAX_NESTING}, which counts the bytes of a line rather than the nodes of an expression).
     */
    public static final int MAX_NESTING = 256;

    /** The binary operators, the longer before their prefixes; the dialect's after {@link #CORE} of them. */
    private static final String[] OPERATORS = {"<<", ">>", "*", "/", "%", "+", "-", "&", "^", "|",
            "||", "&&", "==", "!=", "<=", ">=", "<", ">"};
    private static final int CORE = 10;

    private final String text;
    private final ExpressionEvaluator.Scope scope;
    private final Memory memory;
    private int pos;
    private int nesting;

    private ExpressionText(String text, ExpressionEvaluator.Scope scope, Memory memory) {
        this.text = text;
        this.scope = scope;
        this.memory = memory;
    }

    /**
     * The value of {@code text} over {@code scope}, in the debugger's dialect when {@code memory} is given. Throws
     * {@link DiagnosticException} (its range's column is where it went wrong) or the scope's {@link UnresolvedException}.
     */
    public static long evaluate(String text, ExpressionEvaluator.Scope scope, Memory memory) {
        ExpressionText reader = new ExpressionText(text, scope, memory);
        Node root = reader.binary(1);
        reader.skipSpaces();
        if (reader.pos < text.length()) {
            throw reader.unexpected();
        }
        return reader.eval(root);
    }

    /** A read expression: its node's text is {@code text[start, end)}. */
    private sealed interface Node {
        int start();

        int end();
    }

    private record Number(String token, int start, int end) implements Node {
    }

    private record Name(String name, int start, int end) implements Node {
    }

    private record LocalRef(String ref, int start, int end) implements Node {
    }

    private record Decimal(String token, int start, int end) implements Node {
    }

    private record Unary(char op, Node operand, int start, int end) implements Node {
    }

    /** {@code first op[0] rest[0] op[1] rest[1] ...}, all of one precedence: evaluated left to right in a loop. */
    private record Chain(Node first, List<String> ops, List<Node> rest, int start, int end) implements Node {
    }

    private record Paren(Node inner, int start, int end) implements Node {
    }

    private record Call(String function, List<Node> args, int start, int end) implements Node {
    }

    private record Read(int size, Node address, int start, int end) implements Node {
    }

    // ---- reading

    /** C's order over the core and the dialect's operators; the core's among themselves is {@link Operators}'. */
    private int precedence(String op) {
        return switch (op) {
            case "||" -> 1;
            case "&&" -> 2;
            case "==", "!=" -> 6;
            case "<", "<=", ">", ">=" -> 7;
            default -> {
                int core = Operators.precedence(op.charAt(0));
                yield core <= 3 ? core + 2 : core + 4;
            }
        };
    }

    /** The binary operator at the next token, or null (without moving). */
    private String operator() {
        skipSpaces();
        if (pos < text.length() && Lexicon.isCommentStart(text, pos, text.length())) {
            return null;
        }
        int known = memory == null ? CORE : OPERATORS.length;
        for (int i = 0; i < known; i++) {
            String op = OPERATORS[i];
            if (text.startsWith(op, pos) && !(memory != null && longerDialectOperator(op))) {
                return op;
            }
        }
        return null;
    }

    /**
     * In the dialect {@code |} is not the start of {@code ||}, {@code &} of {@code &&}, {@code <} of {@code <=} and
     * so on: the longer one is tried later.
     */
    private boolean longerDialectOperator(String op) {
        int next = pos + op.length();
        if (next >= text.length()) {
            return false;
        }
        char c = text.charAt(next);
        return switch (op) {
            case "|", "&" -> c == op.charAt(0);
            case "<", ">" -> c == '=';
            default -> false;
        };
    }

    /** Operands joined by operators binding at least as tightly as {@code min}. */
    private Node binary(int min) {
        return binary(min, false);
    }

    /** {@link #binary(int)} whose first operand follows an operator when {@code afterOperator}. */
    private Node binary(int min, boolean afterOperator) {
        Node left = unary(afterOperator);
        while (true) {
            String op = operator();
            if (op == null || precedence(op) < min) {
                return left;
            }
            int level = precedence(op);
            List<String> ops = new ArrayList<>();
            List<Node> rest = new ArrayList<>();
            while (op != null && precedence(op) == level) {
                pos += op.length();
                ops.add(op);
                rest.add(binary(level + 1, true));
                op = operator();
            }
            left = new Chain(left, ops, rest, left.start(), rest.get(rest.size() - 1).end());
        }
    }

    /**
     * A unary operator and its operand, or a primary. As source counts nesting, a unary operator nests one level
     * when an operator comes right before it ({@code a - -b}, {@code --b}); one after a bracket or at the start
     * does not.
     */
    private Node unary(boolean afterOperator) {
        skipSpaces();
        int start = pos;
        char c = pos < text.length() ? text.charAt(pos) : 0;
        if (c == '-' || c == '~' || c == '+' || (memory != null && c == '!' && !text.startsWith("!=", pos))) {
            if (afterOperator) {
                nest(start);
            }
            pos++;
            Node operand = unary(true);
            if (afterOperator) {
                nesting--;
            }
            return new Unary(c, operand, start, operand.end());
        }
        return primary();
    }

    /** One level deeper at {@code at}: a bracket, a call or a unary operator after an operator. */
    private void nest(int at) {
        if (++nesting > MAX_NESTING) {
            throw error(at, 1, DiagnosticCode.SYNTAX, "the expression nests deeper than " + MAX_NESTING + " levels");
        }
    }

    private Node primary() {
        skipSpaces();
        int start = pos;
        if (pos >= text.length()) {
            throw error(pos, 1, DiagnosticCode.SYNTAX, "missing expression");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            nest(start);
            pos++;
            Node inner = binary(1);
            expect(')');
            nesting--;
            return new Paren(inner, start, pos);
        }
        if (c == '[' && memory != null) {
            return read(4, start);
        }
        if (Lexicon.isDigit(c)) {
            return number();
        }
        if (Lexicon.isIdentifierStart(c)) {
            pos = Lexicon.identifierEnd(text, pos, text.length());
            String name = text.substring(start, pos);
            int size = memory == null ? 0 : switch (name) {
                case "byte" -> 1;
                case "hword" -> 2;
                case "word" -> 4;
                case "dword" -> 8;
                default -> 0;
            };
            int end = pos;
            skipSpaces();
            if (size > 0 && pos < text.length() && text.charAt(pos) == '[') {
                return read(size, start);
            }
            if (pos < text.length() && text.charAt(pos) == '(') {
                return call(name, start);
            }
            pos = end;
            return new Name(name, start, end);
        }
        throw unexpected();
    }

    /** {@code [address]} after its size word, if any. */
    private Node read(int size, int start) {
        expect('[');
        nest(pos - 1);
        Node address = binary(1);
        expect(']');
        nesting--;
        return new Read(size, address, start, pos);
    }

    private Node call(String function, int start) {
        expect('(');
        nest(pos - 1);
        List<Node> args = new ArrayList<>();
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == ')') {
            pos++;
            nesting--;
            return new Call(function, args, start, pos);
        }
        while (true) {
            args.add(binary(1));
            skipSpaces();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect(')');
            nesting--;
            return new Call(function, args, start, pos);
        }
    }

    /** The lexer's longest number token: a number, a local label reference ({@code 1b}) or a decimal number. */
    private Node number() {
        int start = pos;
        pos = Lexicon.numberEnd(text, pos, text.length());
        String token = text.substring(start, pos);
        char last = Character.toLowerCase(token.charAt(token.length() - 1));
        boolean radix = token.length() > 2 && token.charAt(0) == '0'
                && "xXbB".indexOf(token.charAt(1)) >= 0;
        if (!radix && (last == 'b' || last == 'f')) {
            return new LocalRef(token, start, pos);
        }
        if (!radix && !token.chars().allMatch(Lexicon::isDigit)) {
            return new Decimal(token, start, pos);
        }
        return new Number(token, start, pos);
    }

    private void expect(char c) {
        skipSpaces();
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw pos >= text.length() ? error(pos, 1, DiagnosticCode.SYNTAX, "expected '" + c + "'") : unexpected();
        }
        pos++;
    }

    /** The error of the token at {@code pos}, worded as the assembler words it. */
    private DiagnosticException unexpected() {
        if (pos >= text.length()) {
            return error(pos, 1, DiagnosticCode.SYNTAX, "missing expression");
        }
        int cp = text.codePointAt(pos);
        if (cp >= 128 || "()[],+-*/%<>&|^~!=_.#:\"".indexOf(cp) < 0 && !Character.isLetterOrDigit(cp)) {
            return error(pos, 1, DiagnosticCode.SYNTAX, "unexpected character " + Parsing.SyntaxErrors.printable(new String(Character.toChars(cp))));
        }
        int end = pos + 1;
        if (Lexicon.isIdentifierStart(cp)) {
            end = Lexicon.identifierEnd(text, pos, text.length());
        } else if (Lexicon.isDigit(cp)) {
            end = Lexicon.numberEnd(text, pos, text.length());
        } else {
            for (String op : OPERATORS) {
                if (op.length() == 2 && text.startsWith(op, pos)) {
                    end = pos + 2;
                    break;
                }
            }
        }
        String token = text.substring(pos, end);
        return error(pos, end - pos, DiagnosticCode.SYNTAX, "unexpected '" + (token.length() > 24 ? token.substring(0, 20) + "..." : token) + "'");
    }

    private void skipSpaces() {
        while (pos < text.length() && (Lexicon.isSpace(text.charAt(pos)) || text.charAt(pos) == '\n' || text.charAt(pos) == '\r')) {
            pos++;
        }
    }

    // ---- evaluating

    private long eval(Node node) {
        if (node instanceof Number n) {
            return ExpressionEvaluator.parseNumber(n.token(), range(n));
        }
        if (node instanceof Name n) {
            return scope.symbol(n.name(), range(n));
        }
        if (node instanceof LocalRef l) {
            return scope.localLabel(l.ref(), range(l));
        }
        if (node instanceof Decimal d) {
            throw Operators.notAnInteger(range(d), d.token());
        }
        if (node instanceof Paren p) {
            return eval(p.inner());
        }
        if (node instanceof Unary u) {
            long v = eval(u.operand());
            return u.op() == '!' ? (v == 0 ? 1 : 0) : Operators.unary(u.op(), v);
        }
        if (node instanceof Chain c) {
            return chain(c);
        }
        if (node instanceof Call c) {
            return scope.call(c.function(), new Arguments(c.args()), range(c));
        }
        Read r = (Read) node; // the last kind of a sealed type
        return memory.read(eval(r.address()), r.size(), range(r));
    }

    private long chain(Chain c) {
        long value = eval(c.first());
        for (int i = 0; i < c.ops().size(); i++) {
            String op = c.ops().get(i);
            Node rightNode = c.rest().get(i);
            long r = eval(rightNode);
            value = switch (op) {
                case "||" -> value != 0 || r != 0 ? 1 : 0;
                case "&&" -> value != 0 && r != 0 ? 1 : 0;
                case "==" -> value == r ? 1 : 0;
                case "!=" -> value != r ? 1 : 0;
                case "<" -> Long.compareUnsigned(value, r) < 0 ? 1 : 0;
                case "<=" -> Long.compareUnsigned(value, r) <= 0 ? 1 : 0;
                case ">" -> Long.compareUnsigned(value, r) > 0 ? 1 : 0;
                case ">=" -> Long.compareUnsigned(value, r) >= 0 ? 1 : 0;
                default -> {
                    char o = Operators.of(op);
                    if (!Operators.defined(o, r)) {
                        throw Operators.undefined(o, r, range(rightNode), tokens(c.first().start(), rightNode.end()));
                    }
                    yield Operators.binary(o, value, r);
                }
            };
        }
        return value;
    }

    private SourceRange range(Node n) {
        return SourceRange.at(null, 1, n.start() + 1, Math.max(1, n.end() - n.start()));
    }

    private DiagnosticException error(int at, int length, DiagnosticCode code, String message) {
        return DiagnosticException.error(SourceRange.at(null, 1, at + 1, length), code, message);
    }

    /** {@code text[start, end)} without its spaces, as the assembler quotes an operation. */
    private String tokens(int start, int end) {
        return text.substring(start, end).replaceAll("\\s+", "");
    }

    /** A call's arguments, evaluated when the function asks. */
    private final class Arguments implements ExpressionEvaluator.Arguments {
        private final List<Node> args;

        Arguments(List<Node> args) {
            this.args = args;
        }

        @Override
        public int count() {
            return args.size();
        }

        @Override
        public long value(int i) {
            return eval(args.get(i));
        }

        @Override
        public String name(int i) {
            return args.get(i) instanceof Name n ? n.name() : null;
        }

        @Override
        public String localRef(int i) {
            return args.get(i) instanceof LocalRef l ? l.ref() : null;
        }

        @Override
        public SourceRange range(int i) {
            return ExpressionText.this.range(args.get(i));
        }

        @Override
        public String text(int i) {
            return tokens(args.get(i).start(), args.get(i).end());
        }
    }
}
