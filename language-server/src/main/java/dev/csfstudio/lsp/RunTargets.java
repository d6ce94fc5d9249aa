package dev.csfstudio.lsp;

import java.util.List;
import java.util.Optional;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SectionKind;

/** "Run this stream": the same program with another entry stream, for the Run lens above each stream. */
final class RunTargets {

    private RunTargets() {
    }

    /**
     * The analysis with {@code stream} as the entry. A program with explicit {@code .submit} jobs runs as
     * written whichever lens was clicked; otherwise the default job runs the chosen stream.
     */
    static Optional<DocumentAnalysis> withEntry(DocumentAnalysis a, String stream) {
        Program p = a.result().program();
        if (p == null || p.section(stream).filter(s -> s.kind() == SectionKind.STREAM).isEmpty()) {
            return Optional.empty();
        }
        if (stream.equals(p.entry())) {
            return Optional.of(a);
        }
        boolean defaultJob = p.jobs().size() == 1 && p.jobs().get(0).stream().equals(p.entry())
                && p.jobs().get(0).declaration() == null;
        if (!defaultJob) {
            return Optional.of(a);
        }
        Program.Job job = new Program.Job(p.jobs().get(0).queue(), stream, null);
        Program moved = new Program(p.sections(), stream, p.vms(), p.queues(), List.of(job), p.symbols(), p.files(), p.arch());
        AssemblyResult r = a.result();
        AssemblyResult result = new AssemblyResult(moved, r.diagnostics(), r.lines(), r.symbols(), r.references(), r.files());
        return Optional.of(a.withResult(result));
    }
}
