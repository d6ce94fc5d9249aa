package dev.csfstudio.lsp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.WorkspaceFolder;

/**
 * The directories the client opened. Includes may only read files below them; a client that sent none
 * confines each document's includes to the document's own directory tree (and to .csf files, see
 * {@link WorkspaceSourceReader}), and a document that is no file (an untitled buffer) includes nothing.
 */
public final class WorkspaceRoots {

    private volatile List<Path> roots = List.of();

    public void set(List<Path> newRoots) {
        roots = List.copyOf(newRoots.stream().map(WorkspaceRoots::canonical).toList());
    }

    public List<Path> roots() {
        return roots;
    }

    public void initialize(InitializeParams params) {
        List<Path> found = new ArrayList<>();
        if (params.getWorkspaceFolders() != null) {
            for (WorkspaceFolder f : params.getWorkspaceFolders()) {
                DocumentStore.pathOf(f.getUri()).ifPresent(found::add);
            }
        }
        if (found.isEmpty() && params.getRootUri() != null) {
            DocumentStore.pathOf(params.getRootUri()).ifPresent(found::add);
        }
        if (found.isEmpty() && params.getRootPath() != null && !params.getRootPath().isBlank()) {
            found.add(Path.of(params.getRootPath())); // clients older than rootUri
        }
        set(found);
    }

    /** The roots the includes of a document (its file, if it is one) are confined to; empty: none at all. */
    public List<Path> rootsFor(Optional<Path> document) {
        List<Path> current = roots;
        if (!current.isEmpty()) {
            return current;
        }
        Path dir = document.map(d -> d.toAbsolutePath().normalize().getParent()).orElse(null);
        return dir == null ? List.of() : List.of(canonical(dir));
    }

    /** Whether {@code file} (after resolving {@code ..} and symbolic links) lies below one of {@code allowed}. */
    public static boolean isInside(Path file, List<Path> allowed) {
        Path real = canonical(file);
        return allowed.stream().anyMatch(real::startsWith);
    }

    static Path canonical(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (IOException e) {
            return abs;
        }
    }
}
