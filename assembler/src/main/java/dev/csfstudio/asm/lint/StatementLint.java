package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;

import dev.csfstudio.program.Diagnostic;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Lint's walk after layout over every placed statement in source order: each instruction slot through
 * {@link Reachability}. The same walk gives back the statements that produced bytes, which the sections take
 * next: one pass over a million statements, not two.
 */
public final class StatementLint {

    private StatementLint() {
    }

    /** Reports the warnings of {@code statements} to {@code report}; returns the rows that produced bytes, in order. */
    public static int[] run(StatementTable statements, Consumer<Diagnostic> report) {
        int n = statements.size();
        int[] emitted = new int[n];
        int count = 0;
        Reachability reachability = new Reachability(statements);
        for (int i = 0; i < n; i++) {
            Statement s = statements.get(i);
            if (s.instruction()) {
                Diagnostic unreachable = reachability.visit(s);
                if (unreachable != null) {
                    report.accept(unreachable);
                }
            }
            if (s.emitted()) {
                emitted[count++] = i;
            }
        }
        return count == n ? emitted : Arrays.copyOf(emitted, count);
    }
}
