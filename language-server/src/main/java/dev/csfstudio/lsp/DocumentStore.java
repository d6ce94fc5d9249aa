package dev.csfstudio.lsp;

import java.net.URI;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** The documents the client has open, by URI and by file path (so includes read unsaved text). */
public final class DocumentStore {

    private final ConcurrentMap<String, TextDocument> byUri = new ConcurrentHashMap<>();

    public TextDocument open(String uri, int version, String text) {
        TextDocument doc = new TextDocument(uri, version, text);
        byUri.put(uri, doc);
        return doc;
    }

    public void put(TextDocument doc) {
        byUri.put(doc.uri(), doc);
    }

    public void close(String uri) {
        byUri.remove(uri);
    }

    public Optional<TextDocument> get(String uri) {
        return Optional.ofNullable(byUri.get(uri));
    }

    public Collection<TextDocument> all() {
        return byUri.values();
    }

    /** The open document for a file, if any. */
    public Optional<TextDocument> byPath(Path file) {
        Path wanted = file.toAbsolutePath().normalize();
        for (TextDocument doc : byUri.values()) {
            Optional<Path> p = pathOf(doc.uri());
            if (p.isPresent() && p.get().equals(wanted)) {
                return Optional.of(doc);
            }
        }
        return Optional.empty();
    }

    /** The file path of a {@code file:} URI; empty for other schemes (e.g. untitled buffers). */
    public static Optional<Path> pathOf(String uri) {
        try {
            URI u = URI.create(uri);
            if (!"file".equalsIgnoreCase(u.getScheme())) {
                return Optional.empty();
            }
            return Optional.of(Path.of(u).toAbsolutePath().normalize());
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }

    /** The path the assembler sees for a document: its file, or a stand-in name for non-file URIs. */
    public static Path pathFor(String uri) {
        return pathOf(uri).orElseGet(() -> Path.of(uri.replaceAll("[^A-Za-z0-9._-]", "_")).toAbsolutePath());
    }

    public static String uriOf(Path file) {
        return file.toAbsolutePath().normalize().toUri().toString();
    }
}
