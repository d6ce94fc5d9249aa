package dev.csfstudio.asm.source;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The files of one assembly: the main file and what {@code .include} names (relative to the includer, inside
 * the include roots, regular files only), each read and indexed once however often it is included, within
 * the limits on include depth, inclusions and bytes of source (every inclusion counts).
 */
public final class Includes {

    private final SourceReader reader;
    private final List<Path> roots;
    private final int maxDepth;
    private final int maxIncludes;
    private final long maxSourceBytes;
    /** Threads for a file's line index (0: one per core). */
    private final int threads;
    private final List<Path> files = new ArrayList<>();
    private final Map<Path, SourceFile> loaded = new HashMap<>();
    private long sourceBytes;
    private int inclusions;

    public Includes(SourceReader reader, List<Path> roots, int maxDepth, int maxIncludes, long maxSourceBytes,
                    int threads) {
        this.reader = reader;
        this.roots = roots;
        this.maxDepth = maxDepth;
        this.maxIncludes = maxIncludes;
        this.maxSourceBytes = maxSourceBytes;
        this.threads = threads;
    }

    /** The main file, already read. */
    public SourceFile main(Path file, SourceText text) {
        sourceBytes = text.length();
        return add(file, text);
    }

    /** Every file read, in the order first read (the main file first). */
    public List<Path> files() {
        return files;
    }

    /** Every file read, by path. */
    public Map<Path, SourceFile> loaded() {
        return loaded;
    }

    private SourceFile add(Path file, SourceText text) {
        SourceFile src = new SourceFile(file, text, SourceLines.lineStarts(text.bytes(), threads));
        loaded.put(file, src);
        files.add(file);
        return src;
    }

    /**
     * The file an {@code .include} in {@code from} names, read (once per assembly) and counted against the
     * limits, ready to load; null when it cannot be included, which is reported. {@code chain} is the files
     * being loaded, the includer on top.
     */
    public SourceFile resolve(SourceFile from, CsfParser.DirectiveContext d, Deque<Path> chain,
                              Consumer<Diagnostic> report) {
        SourceRange at = Parsing.range(from.path(), d);
        List<CsfParser.ArgumentContext> args = d.argument();
        if (args.size() != 1 || !(args.get(0) instanceof CsfParser.PlainArgumentContext p)
                || !(p.value() instanceof CsfParser.StringValueContext sv)) {
            report.accept(Diagnostic.error(at, DiagnosticCode.SYNTAX, ".include takes one quoted file name: .include \"file.csf\""));
            return null;
        }
        String name = Parsing.unquote(sv.STRING().getText());
        Path base = from.path() == null ? Path.of("").toAbsolutePath() : from.path().toAbsolutePath().getParent();
        Path target;
        try {
            target = base.resolve(name).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            report.accept(Diagnostic.error(Parsing.range(from.path(), sv), DiagnosticCode.INCLUDE, "invalid file name \"" + name + "\""));
            return null;
        }
        SourceRange nameRange = Parsing.range(from.path(), sv);
        if (!roots.isEmpty() && roots.stream()
                .noneMatch(r -> target.startsWith(r.toAbsolutePath().normalize()))) {
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.INCLUDE, "\"" + name + "\" is outside the include roots "
                    + roots));
            return null;
        }
        if (chain.contains(target)) {
            List<Path> order = new ArrayList<>(chain);
            java.util.Collections.reverse(order);
            String cycle = order.subList(order.indexOf(target), order.size()).stream()
                    .map(p2 -> p2.getFileName().toString()).collect(Collectors.joining(" -> "))
                    + " -> " + target.getFileName();
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.INCLUDE_CYCLE, "include cycle: " + cycle));
            return null;
        }
        if (chain.size() >= maxDepth) {
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.INCLUDE, "includes nested deeper than "
                    + maxDepth + " files"));
            return null;
        }
        if (++inclusions > maxIncludes) {
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.INCLUDE, "more than " + maxIncludes
                    + " .include directives followed in one assembly (the limit; is a file included over and over?)"));
            return null;
        }
        SourceFile src = loaded.get(target);
        if (src == null) {
            src = read(name, target, nameRange, report);
            if (src == null) {
                return null;
            }
        }
        if (sourceBytes + src.source().length() > maxSourceBytes) {
            report.accept(sourceLimit(name, nameRange));
            return null;
        }
        sourceBytes += src.source().length();
        return src;
    }

    /**
     * An included file, read once per assembly; only regular files (a device, FIFO or directory would never
     * end or block the assembly). Null when it cannot be read, which is reported.
     */
    private SourceFile read(String name, Path target, SourceRange nameRange, Consumer<Diagnostic> report) {
        String cannot = "cannot read \"" + name + "\": ";
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.INCLUDE, cannot + (Files.isDirectory(target) ? "a directory"
                    : "not a regular file (a device or FIFO)") + "; only files can be included"));
            return null;
        }
        try {
            SourceText text = FileSystemReader.readText(reader, target, maxSourceBytes - sourceBytes);
            if (text == null) {
                throw new IOException("no such file");
            }
            return add(target, text);
        } catch (SourceTooLargeException e) {
            report.accept(sourceLimit(name, nameRange));
        } catch (InvalidUtf8Exception e) {
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.ENCODING, cannot + e.getMessage() + " (line " + e.line + ", column "
                    + e.column + ")"));
        } catch (IOException | RuntimeException e) {
            report.accept(Diagnostic.error(nameRange, DiagnosticCode.INCLUDE, cannot + FileSystemReader.describe(e)));
        }
        return null;
    }

    private Diagnostic sourceLimit(String name, SourceRange nameRange) {
        return Diagnostic.error(nameRange, DiagnosticCode.INCLUDE, "cannot include \"" + name + "\": this assembly would read more than "
                + SourceTooLargeException.describeBytes(maxSourceBytes) + " of source (the limit; every inclusion counts)");
    }
}
