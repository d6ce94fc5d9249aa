package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

/**
 * Unreachable code: an instruction after an unconditional branch (or JUMP) that no label and no numeric
 * branch offset leads to. Statements are visited in order; each section remembers its last instruction.
 */
public final class Reachability {

    /** Per section id: the last instruction visited there was an unconditional branch. */
    private final boolean[] afterUnconditional;

    public Reachability(StatementTable statements) {
        this.afterUnconditional = new boolean[statements.sectionCount()];
    }

    /** Visits {@code s}, the next instruction slot of its stream: a warning when nothing reaches it, else null. */
    public Diagnostic visit(Statement s) {
        int id = s.sectionId();
        Diagnostic warning = afterUnconditional[id] && !s.section().isJumpTarget(s.offset())
                ? Diagnostic.warning(s.range(), DiagnosticCode.UNREACHABLE_CODE,
                        "unreachable code: it follows an unconditional branch and no label leads here")
                : null;
        afterUnconditional[id] = s.emitted() && s.unconditional();
        return warning;
    }
}
