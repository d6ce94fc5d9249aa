package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.StatementTable;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

/**
 * Unreachable code: an instruction after an unconditional branch (or JUMP) that no label and no numeric
 * branch offset leads to. Statements are visited in order; each section remembers its last instruction.
 */
public final class Reachability {

    private Reachability() {
    }

    /** Visits row {@code i}, the next instruction slot of its stream: a warning when nothing reaches it, else null. */
    public static Diagnostic visit(StatementTable statements, int i) {
        SectionBuilder section = statements.section(i);
        Diagnostic warning = section.afterUnconditional && !section.isJumpTarget(statements.offset(i))
                ? Diagnostic.warning(statements.range(i), DiagnosticCode.UNREACHABLE_CODE,
                        "unreachable code: it follows an unconditional branch and no label leads here")
                : null;
        section.afterUnconditional = statements.emitted(i) && statements.unconditional(i);
        return warning;
    }
}
