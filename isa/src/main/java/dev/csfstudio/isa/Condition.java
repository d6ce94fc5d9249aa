package dev.csfstudio.isa;

import java.util.Locale;
import java.util.Optional;

/**
 * What a condition of the table's {@code condition} enumeration means: a test of how a value compares with a
 * reference (BRANCH: the register's signed value with 0; SYNC_WAIT: the sync object with the reference,
 * unsigned). The table gives each condition its encoding; its name says which of these it is.
 */
public enum Condition {
    LE, GT, EQ, NE, LT, GE, ALWAYS;

    private static final Condition[] VALUES = values();

    /** Whether the condition holds for a comparison result (negative, zero or positive, as {@code compare}). */
    public boolean holds(int comparison) {
        return switch (this) {
            case LE -> comparison <= 0;
            case GT -> comparison > 0;
            case EQ -> comparison == 0;
            case NE -> comparison != 0;
            case LT -> comparison < 0;
            case GE -> comparison >= 0;
            case ALWAYS -> true;
        };
    }

    /** The condition as an operator between the value and its reference, e.g. {@code <=}. */
    public String symbol() {
        return switch (this) {
            case LE -> "<=";
            case GT -> ">";
            case EQ -> "==";
            case NE -> "!=";
            case LT -> "<";
            case GE -> ">=";
            case ALWAYS -> "(always)";
        };
    }

    /** The condition {@link #ordinal()} names (the runtime keeps conditions as ordinals in its decoded slots). */
    public static Condition ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** The condition a table enumeration value's name stands for. */
    public static Optional<Condition> named(String name) {
        for (Condition c : VALUES) {
            if (c.name().toLowerCase(Locale.ROOT).equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
