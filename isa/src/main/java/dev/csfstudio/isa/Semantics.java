package dev.csfstudio.isa;

import java.util.Optional;

/**
 * An instruction's {@link Execution} with its roles bound to the instruction's fields: what the runtime decodes
 * and runs, and where control goes (the assembler's reachability, the disassembler's labels and the pandecode
 * reader all ask here, never a mnemonic).
 */
public final class Semantics {

    /** What an instruction without an {@code exec} line does. */
    public static final Semantics RECORDED = new Semantics(Execution.RECORDED, new BitField[Execution.SLOTS],
            new Condition[0]);

    private final Execution action;
    private final BitField[] slots;
    private final Condition[] conditions;
    private final Async async;

    /**
     * @param slots      the field of each role, by slot (null where the action has no role)
     * @param conditions for an action with a {@code cond} role, the condition of each value of its field (null for
     *                   a value the table does not define)
     */
    Semantics(Execution action, BitField[] slots, Condition[] conditions) {
        this(action, slots, conditions, null);
    }

    private Semantics(Execution action, BitField[] slots, Condition[] conditions, Async async) {
        this.action = action;
        this.slots = slots.clone();
        this.conditions = conditions.clone();
        this.async = async;
    }

    /** These semantics with the table's {@code async} line (null: the instruction is always synchronous). */
    Semantics withAsync(Async async) {
        return async == null ? this : new Semantics(action, slots, conditions, async);
    }

    /** How the instruction takes part in the scoreboard; empty when it is always synchronous. */
    public Optional<Async> async() {
        return Optional.ofNullable(async);
    }

    public Execution action() {
        return action;
    }

    public Execution.Flow flow() {
        return action.flow();
    }

    /** The field bound to slot {@code i} (a, b, c, imm, extra), empty when the action has no role there. */
    public Optional<BitField> slot(int i) {
        return Optional.ofNullable(slots[i]);
    }

    /** The field bound to a role, e.g. {@code offset} of a branch. */
    public Optional<BitField> role(String role) {
        for (int i = 0; i < Execution.SLOTS; i++) {
            if (role.equals(action.role(i))) {
                return Optional.ofNullable(slots[i]);
            }
        }
        return Optional.empty();
    }

    /** The condition {@code word} tests, empty when the action has none or the value is undefined. */
    public Optional<Condition> conditionIn(long word) {
        return role(Execution.CONDITION_ROLE).flatMap(f -> conditionOf(f.extract(word)));
    }

    /** The condition a value of the {@code cond} field stands for, empty when the table defines none. */
    public Optional<Condition> conditionOf(long value) {
        return value >= 0 && value < conditions.length ? Optional.ofNullable(conditions[(int) value]) : Optional.empty();
    }

    /** Largest defined value of the {@code cond} field, -1 without one. */
    public int maxCondition() {
        for (int v = conditions.length - 1; v >= 0; v--) {
            if (conditions[v] != null) {
                return v;
            }
        }
        return -1;
    }

    /** Whether execution never goes on to the next instruction after {@code word}. */
    public boolean neverFallsThrough(long word) {
        return switch (action.flow()) {
            case JUMP -> true;
            case BRANCH -> conditionIn(word).orElse(null) == Condition.ALWAYS;
            case NEXT, CALL -> false;
        };
    }
}
