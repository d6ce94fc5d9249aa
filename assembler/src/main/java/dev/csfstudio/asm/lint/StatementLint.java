package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.program.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Lint's walk after layout over every placed statement in source order: each instruction slot through
 * {@link Reachability}. The same walk gives back the statements that produced bytes, which the sections take
 * next: one pass over a million statements, not two.
 */
public final class StatementLint {

    private StatementLint() {
    }

    /** Reports the warnings of {@code statements} to {@code report}; returns those that produced bytes, in order. */
    public static List<Statement> run(List<Statement> statements, Consumer<Diagnostic> report) {
        List<Statement> emitted = new ArrayList<>(statements.size());
        for (Statement s : statements) {
            if (s.instruction()) {
                Diagnostic unreachable = Reachability.visit(s);
                if (unreachable != null) {
                    report.accept(unreachable);
                }
            }
            if (s.emitted()) {
                emitted.add(s);
            }
        }
        return emitted;
    }
}
