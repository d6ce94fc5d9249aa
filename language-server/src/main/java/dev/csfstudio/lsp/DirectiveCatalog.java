package dev.csfstudio.lsp;

import java.util.List;
import java.util.Optional;

/**
 * The assembler directives as completion and hover present them. The directives' meaning lives in the
 * assembler; this is their one-line user documentation. {@code .fbd} and {@code .rt} name the descriptor
 * of {@code DescriptorSet} whose fields they take.
 */
public final class DirectiveCatalog {

    /** @param descriptor the DescriptorSet entry whose fields the directive takes as {@code name=value}, or null */
    public record Directive(String name, String syntax, String doc, String descriptor) {
    }

    private static final List<Directive> ALL = List.of(
            new Directive(".stream", ".stream NAME", "Starts a command stream (instructions).", null),
            new Directive(".buffer", ".buffer NAME [, size=N] [, align=N] [, at=VA] [, dumpable]",
                    "Starts a data buffer placed at its own GPU virtual address.", null),
            new Directive(".entry", ".entry NAME", "Picks the stream a run starts with (default main).", null),
            new Directive(".include", ".include \"file.csf\"", "Includes a file, relative to the including file.", null),
            new Directive(".equ", ".equ NAME, expr", "Defines a constant.", null),
            new Directive(".set", ".set NAME, expr", "Defines a constant.", null),
            new Directive(".byte", ".byte expr[, expr...]", "Emits 8-bit values.", null),
            new Directive(".hword", ".hword expr[, expr...]", "Emits 16-bit values.", null),
            new Directive(".word", ".word expr[, expr...]", "Emits 32-bit values.", null),
            new Directive(".dword", ".dword expr[, expr...]", "Emits 64-bit values.", null),
            new Directive(".zero", ".zero N", "Emits N zero bytes.", null),
            new Directive(".fill", ".fill COUNT, SIZE, VALUE", "Emits COUNT values of SIZE bytes.", null),
            new Directive(".align", ".align N", "Pads with zeros to a multiple of N bytes.", null),
            new Directive(".vm", ".vm NAME", "Declares a GPU virtual address space; sections that follow live in it.", null),
            new Directive(".queue", ".queue NAME [, vm=VM]", "Declares a command queue bound to a VM.", null),
            new Directive(".submit", ".submit QUEUE, STREAM", "Submits a stream as a job on a queue.", null),
            new Directive(".fbd", ".fbd width=W, height=H [, field=value...]",
                    "Framebuffer Parameters followed by the padding block, filled from named fields.",
                    "framebuffer_parameters"),
            new Directive(".rt", ".rt format=F, base=ADDR, row_stride=N [, field=value...]",
                    "One RGB render-target descriptor, filled from named fields.", "render_target"));

    private DirectiveCatalog() {
    }

    public static List<Directive> all() {
        return ALL;
    }

    public static Optional<Directive> byName(String name) {
        return ALL.stream().filter(d -> d.name().equalsIgnoreCase(name)).findFirst();
    }
}
