package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

/**
 * Unreachable code: an instruction after an unconditional branch (or JUMP) that no label and no numeric
 * branch offset leads to. Statements are visited in order; each section remembers its last instruction.
 */
public final class Reachability {

    private Reachability() {
    }

    /** Visits the next instruction slot of its stream: a warning when nothing reaches it, else null. */
    public static Diagnostic visit(Statement s) {
        Diagnostic warning = s.section.afterUnconditional && !s.section.isJumpTarget(s.offset)
                ? Diagnostic.warning(s.range(), DiagnosticCode.UNREACHABLE_CODE,
                        "unreachable code: it follows an unconditional branch and no label leads here")
                : null;
        s.section.afterUnconditional = s.emitted() && s.unconditional();
        return warning;
    }
}
