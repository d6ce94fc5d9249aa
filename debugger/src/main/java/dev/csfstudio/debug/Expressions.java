package dev.csfstudio.debug;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.MemoryRead;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.Result;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;
import java.util.Optional;

/**
 * The debugger's expressions, evaluated in a stopped queue: the assembler's expression language (64-bit
 * integers; C operators {@code * / % + - << >> & ^ |} and unary {@code - ~ +} with C precedence; labels,
 * constants, streams and buffers; {@code sizeof(name)}, {@code lo32(x)}, {@code hi32(x)}) plus what a
 * debugger needs: registers ({@code r4}, {@code d40}, and named ones such as {@code framebuffer_pointer}),
 * memory reads in the queue's VM ({@code [d40 + 8]} is a 32-bit word; {@code byte}, {@code hword},
 * {@code word}, {@code dword} before the bracket choose the size), comparisons ({@code == != < <= > >=},
 * unsigned) and {@code ! && ||} for conditions.
 */
final class Expressions {

    /** What an expression may name. */
    record Scope(Program program, Machine machine, QueueView queue) {
    }

    private static final String[][] LEVELS = {
            {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<=", ">=", "<", ">"}, {"<<", ">>"}, {"+", "-"},
            {"*", "/", "%"}};

    private final String text;
    private final Scope scope;
    private int pos;
    private int nesting;

    private Expressions(String text, Scope scope) {
        this.text = text;
        this.scope = scope;
    }

    /** The value of {@code text}, or why it has none (with the column where it went wrong). */
    static Result<Long> evaluate(String text, Scope scope) {
        Expressions e = new Expressions(text, scope);
        try {
            long v = e.binary(0);
            e.skipSpaces();
            if (e.pos < text.length()) {
                throw e.error("unexpected '" + text.substring(e.pos) + "'");
            }
            return Result.ok(v);
        } catch (Failure f) {
            return Result.refused(f.getMessage());
        }
    }

    private static final class Failure extends RuntimeException {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    private Failure error(String message) {
        return new Failure("column " + (pos + 1) + ": " + message);
    }

    private long binary(int level) {
        if (level == LEVELS.length) {
            return unary();
        }
        long left = binary(level + 1);
        for (String op = operator(LEVELS[level]); op != null; op = operator(LEVELS[level])) {
            int at = pos;
            long right = binary(level + 1);
            left = apply(op, left, right, at);
        }
        return left;
    }

    private String operator(String[] ops) {
        skipSpaces();
        for (String op : ops) {
            if (text.startsWith(op, pos) && !longerOperator(op)) {
                pos += op.length();
                return op;
            }
        }
        return null;
    }

    /** {@code <} is not the start of {@code <<} or {@code <=}, {@code &} not of {@code &&}, and so on. */
    private boolean longerOperator(String op) {
        int next = pos + op.length();
        if (next >= text.length()) {
            return false;
        }
        char c = text.charAt(next);
        return switch (op) {
            case "<", ">" -> c == op.charAt(0) || c == '=';
            case "&", "|" -> c == op.charAt(0);
            default -> false;
        };
    }

    private long apply(String op, long l, long r, int at) {
        switch (op) {
            case "/":
            case "%":
                if (r == 0) {
                    pos = at;
                    throw error((op.equals("/") ? "division" : "remainder") + " by zero");
                }
                return op.equals("/") ? l / r : l % r;
            case "<<":
            case ">>":
                if (r < 0 || r > 63) {
                    pos = at;
                    throw error("shift count " + r + " out of range: allowed 0..63");
                }
                return op.equals("<<") ? l << r : l >> r;
            default:
                return switch (op) {
                    case "||" -> l != 0 || r != 0 ? 1 : 0;
                    case "&&" -> l != 0 && r != 0 ? 1 : 0;
                    case "|" -> l | r;
                    case "^" -> l ^ r;
                    case "&" -> l & r;
                    case "==" -> l == r ? 1 : 0;
                    case "!=" -> l != r ? 1 : 0;
                    case "<" -> Long.compareUnsigned(l, r) < 0 ? 1 : 0;
                    case "<=" -> Long.compareUnsigned(l, r) <= 0 ? 1 : 0;
                    case ">" -> Long.compareUnsigned(l, r) > 0 ? 1 : 0;
                    case ">=" -> Long.compareUnsigned(l, r) >= 0 ? 1 : 0;
                    case "+" -> l + r;
                    case "-" -> l - r;
                    default -> l * r;
                };
        }
    }

    /** Every unary operator, bracket and call nests one level; an expression may nest this deep. */
    static final int MAX_NESTING = 64;

    private long unary() {
        skipSpaces();
        if (++nesting > MAX_NESTING) {
            throw error("the expression nests deeper than " + MAX_NESTING + " levels");
        }
        long value;
        char c = pos < text.length() ? text.charAt(pos) : 0;
        if (c == '-' || c == '~' || c == '+' || (c == '!' && !text.startsWith("!=", pos))) {
            pos++;
            long v = unary();
            value = c == '-' ? -v : c == '~' ? ~v : c == '!' ? (v == 0 ? 1 : 0) : v;
        } else {
            value = primary();
        }
        nesting--;
        return value;
    }

    private long primary() {
        skipSpaces();
        if (pos >= text.length()) {
            throw error("missing expression");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            long v = binary(0);
            expect(')');
            return v;
        }
        if (c == '[') {
            return read(4);
        }
        if (Character.isDigit(c)) {
            return number();
        }
        if (Character.isLetter(c) || c == '_' || c == '.') {
            int start = pos;
            String name = identifier();
            int size = switch (name) {
                case "byte" -> 1;
                case "hword" -> 2;
                case "word" -> 4;
                case "dword" -> 8;
                default -> 0;
            };
            skipSpaces();
            if (size > 0 && pos < text.length() && text.charAt(pos) == '[') {
                return read(size);
            }
            if (pos < text.length() && text.charAt(pos) == '(') {
                return call(name, start);
            }
            return name(name, start);
        }
        throw error("unexpected '" + c + "'");
    }

    /** {@code [address]}: {@code size} bytes, little-endian, in the queue's VM. */
    private long read(int size) {
        int at = pos;
        expect('[');
        long va = binary(0);
        expect(']');
        Result<MemoryRead> r = scope.machine().readMemory(scope.queue().vm(), va, size);
        if (r instanceof Result.Refused<MemoryRead> refused) {
            pos = at;
            throw error(refused.reason());
        }
        MemoryRead read = r.orElseThrow();
        if (read.readablePrefix().length < size) {
            pos = at;
            throw error("GPU VA " + ValueText.hex(va) + " is not readable in VM " + scope.queue().vm() + " ("
                    + read.spans().stream().filter(s -> s instanceof MemoryRead.Unreadable).findFirst()
                    .map(s -> ((MemoryRead.Unreadable) s).reason()).orElse("unmapped") + ")");
        }
        ByteBuffer b = ByteBuffer.wrap(read.readablePrefix()).order(ByteOrder.LITTLE_ENDIAN);
        return switch (size) {
            case 1 -> b.get() & 0xffL;
            case 2 -> b.getShort() & 0xffffL;
            case 4 -> b.getInt() & 0xffff_ffffL;
            default -> b.getLong();
        };
    }

    private long call(String function, int at) {
        expect('(');
        skipSpaces();
        if (function.equals("sizeof")) {
            String name = identifier();
            expect(')');
            Optional<Section> s = scope.program().section(name);
            if (s.isEmpty()) {
                pos = at;
                throw error("sizeof(" + name + "): no stream or buffer named '" + name + "'");
            }
            return s.get().size();
        }
        long v = binary(0);
        expect(')');
        return switch (function) {
            case "lo32" -> v & 0xffff_ffffL;
            case "hi32" -> v >>> 32;
            default -> {
                pos = at;
                throw error("unknown function '" + function + "': the debugger's are sizeof, lo32, hi32");
            }
        };
    }

    private long name(String name, int at) {
        Optional<Long> register = register(name);
        if (register.isPresent()) {
            return register.get();
        }
        Symbol s = scope.program().symbols().get(name);
        if (s != null) {
            return s.value();
        }
        pos = at;
        throw error("'" + name + "' is not a register (r0..r" + (scope.queue().registers().length - 1)
                + ", d0..d" + (scope.queue().registers().length - 2) + "), label or constant of the program");
    }

    private Optional<Long> register(String name) {
        long[] regs = scope.queue().registers();
        String n = name.toLowerCase(Locale.ROOT);
        for (NamedRegister named : scope.program().arch().instructionSet().namedRegisters()) {
            if (named.name().equals(n)) {
                n = named.register();
            }
        }
        if (n.length() > 1 && (n.charAt(0) == 'r' || n.charAt(0) == 'd') && n.substring(1).chars().allMatch(Character::isDigit)
                && n.length() <= 4) {
            int index = Integer.parseInt(n.substring(1));
            if (n.charAt(0) == 'r' && index < regs.length) {
                return Optional.of(regs[index]);
            }
            if (n.charAt(0) == 'd' && index + 1 < regs.length) {
                return Optional.of(scope.queue().register64(index));
            }
        }
        return Optional.empty();
    }

    private long number() {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        String digits = text.substring(start, pos);
        Optional<Long> v = ValueText.parseNumber(digits);
        if (v.isEmpty()) {
            pos = start;
            throw error("malformed number '" + digits + "' (decimal, 0x hex or 0b binary, up to 64 bits)");
        }
        return v.get();
    }

    private String identifier() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                || text.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a name");
        }
        return text.substring(start, pos);
    }

    private void expect(char c) {
        skipSpaces();
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }
}
