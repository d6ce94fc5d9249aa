package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.source.SourceReader;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The sources one assembly read, as it read them: what its diagnostics quote ({@link AssemblyResult#sources}).
 * {@link DiagnosticFormatter} takes their lines straight from the assembly's index, copying nothing but the
 * part it shows.
 */
final class AssembledSources implements SourceReader {

    private final Map<Path, SourceFile> files;

    AssembledSources(Map<Path, SourceFile> files) {
        this.files = new HashMap<>(files);
    }

    @Override
    public String read(Path file) {
        SourceFile src = files.get(file);
        return src == null ? null : src.source().text();
    }

    /** The file as the assembly indexed it, or null when it read no such file. */
    SourceFile file(Path file) {
        return files.get(file);
    }
}
