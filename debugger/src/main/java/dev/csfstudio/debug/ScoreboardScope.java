package dev.csfstudio.debug;

import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.ScoreboardView;
import org.eclipse.lsp4j.debug.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * The Scoreboard scope of a stopped queue: the entries endpoint and other operations signal, then each entry with
 * operations in flight and, under it, those operations with the lines that issued them; then the registers an
 * in-flight load will write (pending: their values are not there yet).
 */
final class ScoreboardScope {

    static final String NAME = "Scoreboard";

    private ScoreboardScope() {
    }

    static List<Variable> variables(ScoreboardView sb) {
        List<Variable> out = new ArrayList<>();
        out.add(Variables.leaf("endpoint entry", Integer.toString(sb.endpoint()), null, null));
        out.add(Variables.leaf("other entry", Integer.toString(sb.other()), null, null));
        for (int e = 0; e < sb.entries(); e++) {
            List<RunReport.InFlight> ops = sb.on(e);
            if (!ops.isEmpty()) {
                out.add(Variables.leaf("entry " + e, describe(ops), null, null));
            }
        }
        StringBuilder pending = new StringBuilder();
        for (int r = 0; r < 64 * sb.pendingLoads().length; r++) {
            if (sb.pending(r)) {
                pending.append(pending.length() == 0 ? "" : ", ").append('r').append(r);
            }
        }
        out.add(Variables.leaf("pending registers", pending.length() == 0 ? "none" : pending.toString(), null, null));
        return out;
    }

    private static String describe(List<RunReport.InFlight> ops) {
        StringBuilder out = new StringBuilder();
        for (RunReport.InFlight op : ops) {
            out.append(out.length() == 0 ? "" : ", ").append(op.mnemonic());
            if (op.line() != null) {
                out.append(" (line ").append(op.line().line()).append(')');
            }
        }
        return out.toString();
    }
}
