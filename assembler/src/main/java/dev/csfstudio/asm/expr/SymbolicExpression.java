package dev.csfstudio.asm.expr;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * An expression of the grammar's {@code expr} as the plain scanner reads it without a parse, kept as a postfix
 * program of the tree the parser would build: instruction {@code k} is {@code code[k]}, with {@code names[k]}
 * (a name, a local reference, a function, a decimal number's text), {@code literals[k]} (a literal's value; for a
 * {@link #CALL}, the index after its arguments) and {@code columns[2k..2k+1]} (its node's 1-based columns on the
 * line, start and exclusive end: a token, an operation from its left operand to its right, a parenthesis pair, a
 * call). {@code text} is the expression's source from column {@code textColumn} (for the messages that quote a node:
 * a division's, a call argument's), or null when it has none of those.
 *
 * <p>A {@link #CALL} is followed by its arguments, each closed by an {@link #ARGUMENT}; it is evaluated when reached,
 * its arguments only when the function asks for them, as the tree's evaluator does. Operators apply
 * {@link Operators}; evaluation asks a {@link Names} for every name in the order the tree's evaluator resolves them,
 * so the references and the first error are the tree's.
 */
public record SymbolicExpression(byte[] code, String[] names, long[] literals, int[] columns, String text,
                                 int textColumn) {

    public static final byte NUMBER = '#';
    public static final byte NAME = 'n';
    public static final byte LOCAL = 'l';
    public static final byte FLOAT = 'f';
    /** Parentheses around the node before: its value, its columns widened. */
    public static final byte PAREN = '(';
    public static final byte CALL = 'c';
    /** The end of one argument of a call. */
    public static final byte ARGUMENT = ',';
    public static final byte NEGATE = 'm';
    public static final byte PLUS = 'p';
    public static final byte NOT = '~';
    /** A number token whose value {@link ExpressionEvaluator#parseNumber} gives when evaluated, or its error (a text's). */
    public static final byte NUMERAL = 'N';
    /** The debugger dialect's memory read of the address before: {@code literals[k]} bytes. */
    public static final byte READ = 'r';
    /** The debugger dialect's unary {@code !}. */
    public static final byte LOGICAL_NOT = (byte) Operators.LOGICAL_NOT;
    // binary operators are their character in Operators: * / % + - < > & ^ |, and the dialect's codes there

    /** What the names of an expression stand for, asked by instruction index in evaluation order. */
    public interface Names {
        long name(SymbolicExpression e, int k);

        long local(SymbolicExpression e, int k);

        long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args);

        /** The debugger dialect's read of {@code e.literals()[k]} bytes at {@code va}: only a text's expression has one. */
        default long read(SymbolicExpression e, int k, long va) {
            throw new IllegalStateException("no memory to read");
        }
    }

    /** Whether a byte of {@link #code} is a binary operator. */
    public static boolean isBinary(byte op) {
        return Operators.precedence(op) > 0;
    }

    /** The expression that is one name alone, at columns {@code start..end}. */
    public static SymbolicExpression name(String name, int start, int end) {
        return new SymbolicExpression(new byte[] {NAME}, new String[] {name}, new long[1], new int[] {start, end}, null, start);
    }

    /** Whether the expression names no local label and calls no function. */
    public boolean namesOnly() {
        for (byte op : code) {
            if (op == LOCAL || op == CALL) {
                return false;
            }
        }
        return true;
    }

    public int size() {
        return code.length;
    }

    /** Instruction {@code k}'s node at line {@code line} of {@code file}. */
    public SourceRange range(int k, Path file, int line) {
        return new SourceRange(file, line, columns[2 * k], line, columns[2 * k + 1]);
    }

    /** Instruction {@code k}'s node as the parser's {@code getText} gives it: its tokens without the spaces between. */
    public String text(int k) {
        if (code[k] == NAME || code[k] == LOCAL || code[k] == FLOAT || code[k] == NUMERAL) {
            return names[k];
        }
        StringBuilder out = new StringBuilder();
        for (int i = columns[2 * k] - textColumn; i < columns[2 * k + 1] - textColumn; i++) {
            char c = text.charAt(i);
            if (!Lexicon.isSpace(c)) {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * The value with each name resolved by {@code scope} in source order, as {@link ExpressionEvaluator} evaluates
     * the same text's tree (line {@code line} of {@code file}): the same references, the same first error.
     */
    public long evaluate(ExpressionEvaluator.Scope scope, Path file, int line) {
        if (code.length == 1 && code[0] == NUMBER) {
            return literals[0]; // a literal alone: nothing to resolve, nothing to set up
        }
        return evaluate(names(scope, null, file, line), file, line);
    }

    /**
     * As {@link #evaluate(ExpressionEvaluator.Scope, Path, int)}, its memory reads (the debugger's dialect) from
     * {@code memory}.
     */
    public long evaluate(ExpressionEvaluator.Scope scope, ExpressionText.Memory memory, Path file, int line) {
        if (code.length == 1 && code[0] == NUMBER) {
            return literals[0];
        }
        return evaluate(names(scope, memory, file, line), file, line);
    }

    /** As {@link #evaluate(ExpressionEvaluator.Scope, Path, int)}, for a float field ({@link #evaluateDouble}). */
    public double evaluateDouble(ExpressionEvaluator.Scope scope, Path file, int line) {
        return evaluateDouble(names(scope, null, file, line), file, line);
    }

    private Names names(ExpressionEvaluator.Scope scope, ExpressionText.Memory memory, Path file, int line) {
        return new Names() {
            @Override
            public long name(SymbolicExpression e, int k) {
                return scope.symbol(names[k], range(k, file, line));
            }

            @Override
            public long local(SymbolicExpression e, int k) {
                return scope.localLabel(names[k], range(k, file, line));
            }

            @Override
            public long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args) {
                return scope.call(names[k], args, range(k, file, line));
            }

            @Override
            public long read(SymbolicExpression e, int k, long va) {
                if (memory == null) {
                    return Names.super.read(e, k, va);
                }
                return memory.read(va, (int) literals[k], range(k, file, line));
            }
        };
    }

    /** The value with the names resolved by {@code names}, errors at line {@code line} of {@code file}. */
    public long evaluate(Names names, Path file, int line) {
        if (code.length == 1 && code[0] == NUMBER) {
            return literals[0];
        }
        return run(0, code.length, names, file, line);
    }

    /**
     * A float field's value: a decimal number (under any unary minus, plus and parentheses, as
     * {@link ExpressionEvaluator#evalDouble} reads the tree) or the integer value.
     */
    public double evaluateDouble(Names names, Path file, int line) {
        return runDouble(code.length, names, file, line);
    }

    private double runDouble(int to, Names names, Path file, int line) {
        int k = to - 1;
        return switch (code[k]) {
            case FLOAT -> ExpressionEvaluator.parseFloat(this.names[k], range(k, file, line));
            case NEGATE -> -runDouble(k, names, file, line);
            case PLUS, PAREN -> runDouble(k, names, file, line);
            default -> run(0, to, names, file, line);
        };
    }

    /**
     * Each thread's stack of values for {@link #run}, shared by the evaluations it nests (a constant's definition
     * evaluated for a name, a call's arguments): an evaluation takes the part above the one it runs in, and gives it
     * back when it ends, so none allocates a stack of its own.
     */
    private static final class Stack {
        long[] values = new long[64];
        int top;
    }

    private static final ThreadLocal<Stack> STACKS = new ThreadLocal<>() {
        @Override
        protected Stack initialValue() {
            return new Stack();
        }
    };

    /** Instructions {@code [from, to)}, one whole node, evaluated on a stack. */
    private long run(int from, int to, Names names, Path file, int line) {
        Stack stack = STACKS.get();
        int base = stack.top;
        if (base + to - from > stack.values.length) {
            stack.values = Arrays.copyOf(stack.values, 2 * (base + to - from));
        }
        long[] values = stack.values; // a nested evaluation may grow the stack: this one keeps the array it took
        stack.top = base + to - from;
        try {
            return run(from, to, names, file, line, values, base);
        } finally {
            stack.top = base;
        }
    }

    /** {@link #run} on {@code values} from {@code base}. */
    private long run(int from, int to, Names names, Path file, int line, long[] values, int base) {
        int top = base - 1;
        for (int k = from; k < to; k++) {
            byte op = code[k];
            switch (op) {
                case NUMBER -> values[++top] = literals[k];
                case NUMERAL -> values[++top] = ExpressionEvaluator.parseNumber(this.names[k], range(k, file, line));
                case NAME -> values[++top] = names.name(this, k);
                case LOCAL -> values[++top] = names.local(this, k);
                case FLOAT -> throw Operators.notAnInteger(range(k, file, line), this.names[k]);
                case PAREN -> {
                }
                case CALL -> {
                    values[++top] = names.call(this, k, new CallArguments(k, names, file, line));
                    k = (int) literals[k] - 1; // past its arguments, which the function evaluated as it asked
                }
                case NEGATE -> values[top] = -values[top];
                case NOT -> values[top] = ~values[top];
                case LOGICAL_NOT -> values[top] = Operators.unary(Operators.LOGICAL_NOT, values[top]);
                case READ -> values[top] = names.read(this, k, values[top]);
                case PLUS -> {
                }
                default -> {
                    char binary = (char) op;
                    long r = values[top--];
                    if (!Operators.defined(binary, r)) {
                        throw Operators.undefined(binary, r, range(rootBefore(k), file, line),
                                binary == '/' || binary == '%' ? text(k) : null);
                    }
                    values[top] = Operators.binary(binary, values[top], r);
                }
            }
        }
        return values[base];
    }

    /** The root of the node that ends just before instruction {@code k} (a binary operator's right operand). */
    private int rootBefore(int k) {
        if (code[k - 1] == ARGUMENT || code[k - 1] == CALL) {
            for (int j = k - 1; j >= 0; j--) {
                if (code[j] == CALL && literals[j] == k) {
                    return j; // the call whose arguments end there
                }
            }
        }
        return k - 1;
    }

    /** The arguments of the call at {@code call}: each a run of instructions closed by an {@link #ARGUMENT}. */
    private final class CallArguments implements ExpressionEvaluator.Arguments {
        private final int call;
        private final int[] ends;
        private final int count;
        private final Names names;
        private final Path file;
        private final int line;

        CallArguments(int call, Names names, Path file, int line) {
            this.names = names;
            this.file = file;
            this.line = line;
            int end = (int) literals[call];
            int[] found = new int[end - call];
            int n = 0;
            for (int k = call + 1; k < end; k++) {
                if (code[k] == CALL) {
                    k = (int) literals[k] - 1;
                } else if (code[k] == ARGUMENT) {
                    found[n++] = k;
                }
            }
            this.ends = found;
            this.count = n;
            this.call = call;
        }

        private int start(int i) {
            return i == 0 ? call + 1 : ends[i - 1] + 1;
        }

        @Override
        public int count() {
            return count;
        }

        @Override
        public long value(int i) {
            return run(start(i), ends[i], names, file, line);
        }

        @Override
        public String name(int i) {
            return ends[i] - start(i) == 1 && code[start(i)] == NAME ? SymbolicExpression.this.names[start(i)] : null;
        }

        @Override
        public String localRef(int i) {
            return ends[i] - start(i) == 1 && code[start(i)] == LOCAL ? SymbolicExpression.this.names[start(i)] : null;
        }

        @Override
        public SourceRange range(int i) {
            return SymbolicExpression.this.range(ends[i] - 1, file, line);
        }

        @Override
        public String text(int i) {
            return SymbolicExpression.this.text(ends[i] - 1);
        }
    }
}
