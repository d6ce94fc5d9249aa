package dev.csfstudio.lsp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.csfstudio.asm.source.SourceReader;

/**
 * Reads open documents from memory and other files from disk, but only regular files below the allowed
 * roots (a FIFO or device would block or never end), and, when the client named no workspace roots, only
 * {@code .csf} files: a stray document in {@code /etc} cannot read {@code /etc/passwd}.
 */
final class WorkspaceSourceReader implements SourceReader {

    private final DocumentStore store;
    private final List<Path> allowed;
    private final boolean csfOnly;

    WorkspaceSourceReader(DocumentStore store, List<Path> allowed, boolean csfOnly) {
        this.store = store;
        this.allowed = allowed;
        this.csfOnly = csfOnly;
    }

    @Override
    public String read(Path file) throws IOException {
        Optional<TextDocument> open = store.byPath(file);
        if (open.isPresent()) {
            return open.get().text();
        }
        if (allowed.isEmpty()) {
            throw new IOException("a document that is no file on disk includes nothing (save it first)");
        }
        if (!WorkspaceRoots.isInside(file, allowed)) {
            throw new IOException(file + " is outside " + (csfOnly ? "the document's directory " : "the workspace roots ")
                    + allowed);
        }
        if (csfOnly && !file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csf")) {
            throw new IOException("without workspace folders only .csf files are included");
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException(Files.exists(file) ? "not a regular file" : "no such file");
        }
        return SourceReader.fileSystem().read(file);
    }
}
