package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Severity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints an assembly's diagnostics for a terminal or a build log: the first {@link #PER_KIND} of each kind
 * (severity and code) in full, then, for every kind that had more, one line that counts the rest. A source
 * with a hundred thousand mistakes prints a screenful, not gigabytes.
 */
public final class DiagnosticPrinter {

    /** Diagnostics of one kind printed in full before the rest are only counted. */
    public static final int PER_KIND = 1000;

    /** Receives each printed text, with the severity it is about (build logs pick their level by it). */
    @FunctionalInterface
    public interface Sink {
        void print(Severity severity, String text);
    }

    private DiagnosticPrinter() {
    }

    /** Prints {@code result}'s diagnostics, quoting the sources it read. */
    public static void print(AssemblyResult result, Sink sink) {
        print(result.diagnostics(), result.sources(), sink);
    }

    public static void print(List<Diagnostic> diagnostics, SourceReader sources, Sink sink) {
        DiagnosticFormatter formatter = new DiagnosticFormatter(sources);
        record Kind(Severity severity, DiagnosticCode code) {
        }
        Map<Kind, Integer> seen = new LinkedHashMap<>();
        for (Diagnostic d : diagnostics) {
            int n = seen.merge(new Kind(d.severity(), d.code()), 1, Integer::sum);
            if (n <= PER_KIND) {
                sink.print(d.severity(), formatter.format(d));
            }
        }
        seen.forEach((kind, n) -> {
            if (n > PER_KIND) {
                String label = kind.severity().label();
                sink.print(kind.severity(), "note: " + (n - PER_KIND) + " more " + label + "s of kind '" + kind.code().id()
                        + "' not shown (" + n + " in all; the first " + PER_KIND + " of each kind are)\n");
            }
        });
    }
}
