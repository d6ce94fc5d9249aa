package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.StatementTable;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

/**
 * Unreachable code: an instruction after an unconditional branch (or JUMP) that no label and no numeric
 * branch offset leads to. Statements are visited in order; each section remembers its last instruction.
 */
public final class Reachability {

    private final StatementTable statements;
    /** Per section id: the last instruction visited there was an unconditional branch. */
    private final boolean[] afterUnconditional;

    public Reachability(StatementTable statements) {
        this.statements = statements;
        this.afterUnconditional = new boolean[statements.sectionCount()];
    }

    /** Visits row {@code i}, the next instruction slot of its stream: a warning when nothing reaches it, else null. */
    public Diagnostic visit(int i) {
        int id = statements.get(i).sectionId();
        Diagnostic warning = afterUnconditional[id] && !statements.sectionOf(id).isJumpTarget(statements.get(i).offset())
                ? Diagnostic.warning(statements.get(i).range(), DiagnosticCode.UNREACHABLE_CODE,
                        "unreachable code: it follows an unconditional branch and no label leads here")
                : null;
        afterUnconditional[id] = statements.get(i).emitted() && statements.get(i).unconditional();
        return warning;
    }
}
