package dev.csfstudio.program;

import java.util.Locale;
import java.util.Optional;

/**
 * What kind of problem a {@link Diagnostic} reports: one constant per kind, so that the kinds are listed in one
 * place, a misspelt kind does not compile, and clients key code actions on a stable {@link #id()} (the LSP
 * diagnostic's {@code code}, the CLI's "more ... of kind" summary).
 */
public enum DiagnosticCode {
    ALIGNMENT,
    ARCH,
    BRANCH_RANGE,
    CIRCULAR_DEFINITION,
    CLEAR_FORMAT,
    DESCRIPTOR_TABLE,
    DIVISION_BY_ZERO,
    DUPLICATE_FIELD,
    DUPLICATE_MODIFIER,
    DUPLICATE_OPTION,
    DUPLICATE_SYMBOL,
    ENCODING,
    EXPECT_TYPE,
    GOLDEN,
    IMPLICIT_MODIFIER,
    INCLUDE,
    INCLUDE_CYCLE,
    INTERNAL,
    IO,
    MISPLACED_STATEMENT,
    MISSING_FIELD,
    MISSING_MODIFIER,
    NOT_A_DESCRIPTOR,
    NOT_CONSTANT,
    ODD_REGISTER_PAIR,
    OPERAND_COUNT,
    OPERAND_KIND,
    OUT_OF_RANGE,
    OVERLAP,
    PANDECODE_LOST,
    PANDECODE_RADIX,
    PANDECODE_SPELLING,
    PANDECODE_SYNTAX,
    REGISTER_LIST,
    SECTION_SIZE,
    SYNTAX,
    UNDEFINED_SYMBOL,
    UNKNOWN_DIRECTIVE,
    UNKNOWN_ENUM,
    UNKNOWN_EXPECTATION,
    UNKNOWN_FIELD,
    UNKNOWN_FUNCTION,
    UNKNOWN_MNEMONIC,
    UNKNOWN_MODIFIER,
    UNKNOWN_OPTION,
    UNREACHABLE_CODE,
    UNUSED_LABEL,
    VM_MISMATCH,
    /** A register read or written while a LOAD_MULTIPLE into it may still be in flight (no WAIT on its entry). */
    SCOREBOARD_LOAD_IN_FLIGHT,
    /** A register written while a STORE_MULTIPLE may still be reading it (no WAIT on its entry). */
    SCOREBOARD_STORE_IN_FLIGHT,
    /** A deferred operation that waits for the entry it signals: the hardware never completes it. */
    SCOREBOARD_SELF_WAIT,
    /** A scoreboard entry past the architecture's count. */
    SCOREBOARD_ENTRY_RANGE,
    /** A wait mask naming entries that nothing in the program signals. */
    SCOREBOARD_UNSIGNALLED_WAIT,
    /** A note: the scoreboard check stopped at its step budget, so paths past it were not all checked. */
    SCOREBOARD_CHECK_STOPPED,
    EXPECTATION_FAILED,
    EXPECTATION_IMAGE,
    RUN_OK,
    RUN_FAULT,
    RUN_TIMEOUT,
    RUN_DEADLOCK,
    RUN_CANCELLED,
    RUN_HAZARD;

    /** The stable spelling clients see, e.g. {@code unknown-mnemonic}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The code spelt {@code id}, if there is one. */
    public static Optional<DiagnosticCode> byId(String id) {
        for (DiagnosticCode code : values()) {
            if (code.id().equals(id)) {
                return Optional.of(code);
            }
        }
        return Optional.empty();
    }
}
