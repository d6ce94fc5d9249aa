package dev.csfstudio.isa;

import java.util.List;

/**
 * What an operand kind's codec says about a written operand it cannot encode (an error) or encodes with a warning:
 * its message, which diagnostic it is, and which part of the operand it is about.
 *
 * @param token for {@link Where#NAME}, which name of the operand
 */
public record OperandProblem(Code code, Where where, int token, String message, List<String> suggestions) {

    /** The diagnostic it is (the program's codes of the same names). */
    public enum Code {
        OPERAND_COUNT, OPERAND_KIND, OUT_OF_RANGE, REGISTER_LIST, BRANCH_RANGE, ODD_REGISTER_PAIR(true),
        PANDECODE_RADIX(true), PANDECODE_SPELLING(true);

        private final boolean warning;

        Code() {
            this(false);
        }

        Code(boolean warning) {
            this.warning = warning;
        }

        /** Whether it is a warning (the operand is encoded) rather than an error. */
        public boolean warning() {
            return warning;
        }
    }

    /** The part of the source it is about. */
    public enum Where {
        /** The whole statement. */
        STATEMENT,
        /** The whole operand. */
        OPERAND,
        /** The operand's expression (an address's offset, or the address when it has none). */
        VALUE,
        /** Name {@link #token} of the operand ({@link WrittenOperand#name}). */
        NAME
    }

    static OperandProblem at(Code code, Where where, String message) {
        return new OperandProblem(code, where, 0, message, List.of());
    }
}
