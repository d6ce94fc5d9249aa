package dev.csfstudio.isa;

import java.util.OptionalLong;

/**
 * One operand as a reader of source found it (the parser's tree, the plain scanner's bytes, or a value a fixup
 * evaluated), before any operand kind has read it: the questions an {@link OperandKind}'s codec asks of it. A value is
 * asked for only where the kind needs it, in the order the source's reader evaluates it, and may throw that reader's
 * own exception (an evaluation error, a name without a value yet). An abstract class rather than an interface: the
 * plain scanner asks these questions of every operand it reads, and a class's calls dispatch faster.
 */
public abstract class WrittenOperand {

    /** What the operand looks like, before a kind reads it. */
    public enum Shape {
        /** One name alone ({@code r5}, {@code loop}). */
        NAME,
        /** Names joined by colons ({@code r0:r3}). */
        LIST,
        /** {@code [name]} or {@code [name +/- offset]}. */
        ADDRESS,
        /** Any other expression, optionally after {@code #}. */
        EXPRESSION
    }

    public abstract Shape shape();

    /** The operand as written, for messages. */
    public abstract String text();

    /** Name {@code k}: of a {@link Shape#NAME} (0), a {@link Shape#LIST}, or an address's base (0). */
    public abstract String name(int k);

    /** How many names {@link #name} reads: 1 for a name or an address, the list's length, 0 for an expression. */
    public abstract int names();

    /** N of name {@code k} when it is written {@code letterN} (either case), else -1. */
    public long register(int k, char letter) {
        return registerNumber(name(k), letter);
    }

    /** The expression's only name ({@code #name} too), or null: what an enumerated field's value names are. */
    public abstract String symbol();

    /** Whether the operand is {@code #} and a decimal literal alone (pandecode reads {@code #10} as hex). */
    public abstract boolean decimalLiteral();

    /** The expression's value, or an address's offset with its sign (0 without one). */
    public abstract long value();

    /** The expression (an address's offset) as written, for messages. */
    public abstract String valueText();

    /** The distance in instructions from the next instruction when the expression names a label, else empty. */
    public abstract OptionalLong branchOffset();

    /** Whether an address has an offset. */
    public abstract boolean hasOffset();

    /** N of {@code letterN} (either case) in {@code text}, or -1 when the text is not such a register. */
    public static long registerNumber(String text, char letter) {
        int n = text.length();
        if (n < 2 || n > 10 || (text.charAt(0) | 0x20) != letter) {
            return -1;
        }
        long v = 0;
        for (int i = 1; i < n; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** {@link #registerNumber(String, char)} of the ASCII bytes {@code text[from, to)}. */
    public static long registerNumber(byte[] text, int from, int to, char letter) {
        // letter is a lower-case ASCII letter: setting bit 5 lower-cases its capital and no other byte becomes it
        if (to - from < 2 || to - from > 10 || (text[from] | 0x20) != letter) {
            return -1;
        }
        long v = 0;
        for (int i = from + 1; i < to; i++) {
            byte c = text[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
