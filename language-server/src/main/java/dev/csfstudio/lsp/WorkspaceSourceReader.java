package dev.csfstudio.lsp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.csfstudio.asm.SourceReader;

/** Reads open documents from memory and other files from disk, but never outside the allowed roots. */
final class WorkspaceSourceReader implements SourceReader {

    private final DocumentStore store;
    private final List<Path> allowed;

    WorkspaceSourceReader(DocumentStore store, List<Path> allowed) {
        this.store = store;
        this.allowed = allowed;
    }

    @Override
    public String read(Path file) throws IOException {
        Optional<TextDocument> open = store.byPath(file);
        if (open.isPresent()) {
            return open.get().text();
        }
        if (!WorkspaceRoots.isInside(file, allowed)) {
            throw new IOException(file + " is outside the workspace roots");
        }
        return SourceReader.fileSystem().read(file);
    }
}
