package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Severity;

import java.util.ArrayList;
import java.util.List;

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
        // how many of each kind (severity and code), counted in an array: a map of keys made for each of a hundred
        // thousand diagnostics cost more than printing the thousand shown
        int codes = DiagnosticCode.values().length;
        int[] seen = new int[Severity.values().length * codes];
        List<Integer> kindsInOrder = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            int kind = d.severity().ordinal() * codes + d.code().ordinal();
            if (seen[kind]++ == 0) {
                kindsInOrder.add(kind);
            }
            if (seen[kind] <= PER_KIND) {
                sink.print(d.severity(), formatter.format(d));
            }
        }
        for (int kind : kindsInOrder) {
            int n = seen[kind];
            if (n > PER_KIND) {
                Severity severity = Severity.values()[kind / codes];
                sink.print(severity, "note: " + (n - PER_KIND) + " more " + severity.label() + "s of kind '"
                        + DiagnosticCode.values()[kind % codes].id() + "' not shown (" + n + " in all; the first " + PER_KIND
                        + " of each kind are)\n");
            }
        }
    }
}
