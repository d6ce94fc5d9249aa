package dev.csfstudio.asm;

import dev.csfstudio.asm.source.FileSystemReader;
import dev.csfstudio.asm.source.InvalidUtf8Exception;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Assembles CSF Studio source into a {@link Program}. Never throws for any input: every problem,
 * including unreadable files, include cycles and absurd numbers, becomes a {@link Diagnostic}.
 */
public final class Assembler {

    /**
     * First GPU virtual address of automatic layout: sections without {@code at=} are placed from here in
     * declaration order, 4 KiB aligned, independently in every VM. 64 GiB keeps clear of the low addresses
     * tests like to pin with {@code at=} while staying well inside a 48-bit VA space.
     */
    public static final long DEFAULT_BASE = 0x10_0000_0000L;

    private final AssemblerOptions options;

    public Assembler() {
        this(AssemblerOptions.defaults());
    }

    public Assembler(AssemblerOptions opts) {
        this.options = opts;
    }

    /** Reads {@code file} and its includes from the file system. */
    public AssemblyResult assemble(Path file) {
        return assemble(file, SourceReader.fileSystem());
    }

    /** Reads {@code file} and its includes through {@code reader} (editors pass their open buffers). */
    public AssemblyResult assemble(Path file, SourceReader reader) {
        SourceText text;
        try {
            text = FileSystemReader.readText(reader, file, options.maxSourceBytes());
            if (text == null) {
                throw new IOException("no such file");
            }
        } catch (InvalidUtf8Exception e) {
            Path p = file == null ? null : file.toAbsolutePath().normalize();
            return failure(p, Diagnostic.error(SourceRange.at(p, e.line, e.column, 1), DiagnosticCode.ENCODING, e.getMessage()));
        } catch (IOException | RuntimeException e) {
            Path p = file == null ? null : file.toAbsolutePath().normalize();
            return failure(p, Diagnostic.error(SourceRange.at(p, 1, 1, 1), DiagnosticCode.IO, "cannot read " + file + ": " + FileSystemReader.describe(e)));
        }
        return assemble(file, text, reader);
    }

    /** Assembles {@code text} as the contents of {@code file}; includes are read through {@code includes}. */
    public AssemblyResult assembleText(Path file, String text, SourceReader includes) {
        return assemble(file, SourceText.of(text == null ? "" : text), includes);
    }

    private AssemblyResult assemble(Path file, SourceText text, SourceReader includes) {
        Path p = file == null ? null : file.toAbsolutePath().normalize();
        try {
            return new Assembly(options, includes == null ? SourceReader.fileSystem() : includes).run(p, text);
        } catch (StackOverflowError e) {
            return failure(p, "nesting too deep to assemble (expressions or includes)");
        } catch (OutOfMemoryError e) {
            return failure(p, "out of memory while assembling");
        } catch (RuntimeException e) {
            // A defect in the assembler must still reach the user as a diagnostic, never as a stack trace.
            return failure(p, "internal assembler error: " + e);
        }
    }

    private static AssemblyResult failure(Path file, String message) {
        return failure(file, Diagnostic.error(SourceRange.at(file, 1, 1, 1), DiagnosticCode.INTERNAL, message));
    }

    private static AssemblyResult failure(Path file, Diagnostic d) {
        return new AssemblyResult(null, List.of(d), List.of(), List.of(), List.of(), file == null ? List.of() : List.of(file));
    }
}
