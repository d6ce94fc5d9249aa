package dev.csfstudio.asm.directives;

import dev.csfstudio.grammar.CsfParser;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every directive the assembler accepts, with its syntax and one-line documentation: the assembler's
 * suggestions for misspelt directives, completion and hover all read this list. {@code .fbd} and
 * {@code .rt} name the {@code DescriptorSet} entry whose fields they take.
 */
public final class Directives {

    /**
     * @param descriptor the DescriptorSet entry whose fields the directive takes as {@code name=value}, or null
     * @param extraKeys  keys the directive takes besides the descriptor's fields, with their documentation
     * @param emits      whether it places bytes (data or an instruction) in a section: {@code .arch} may only come
     *                   before the first directive that does
     */
    public record Directive(String name, String syntax, String doc, String descriptor, Map<String, String> extraKeys,
                            boolean emits) {
        /** A directive that emits nothing (structure, symbols, options, expectations). */
        Directive(String name, String syntax, String doc) {
            this(name, syntax, doc, false);
        }

        Directive(String name, String syntax, String doc, boolean emits) {
            this(name, syntax, doc, null, Map.of(), emits);
        }

        /** A descriptor directive: it emits the descriptor. */
        Directive(String name, String syntax, String doc, String descriptor, Map<String, String> extraKeys) {
            this(name, syntax, doc, descriptor, extraKeys, true);
        }
    }

    private static final List<Directive> ALL = List.of(
            new Directive(".stream", ".stream NAME [, at=VA] [, align=N]", "Starts a command stream (instructions)."),
            new Directive(".buffer", ".buffer NAME [, size=N] [, align=N] [, at=VA] [, dumpable]",
                    "Starts a data buffer placed at its own GPU virtual address."),
            new Directive(".entry", ".entry NAME", "Picks the stream a run starts with (default main)."),
            new Directive(".include", ".include \"file.csf\"", "Includes a file, relative to the including file."),
            new Directive(".equ", ".equ NAME, expr", "Defines a constant."),
            new Directive(".set", ".set NAME, expr", "Defines a constant."),
            new Directive(".byte", ".byte expr[, expr...]", "Emits 8-bit values.", true),
            new Directive(".hword", ".hword expr[, expr...]", "Emits 16-bit values.", true),
            new Directive(".word", ".word expr[, expr...]", "Emits 32-bit values.", true),
            new Directive(".dword", ".dword expr[, expr...]", "Emits 64-bit values.", true),
            new Directive(".zero", ".zero N", "Emits N zero bytes.", true),
            new Directive(".fill", ".fill COUNT, SIZE, VALUE", "Emits COUNT values of SIZE bytes.", true),
            new Directive(".align", ".align N", "Pads with zeros to a multiple of N bytes.", true),
            new Directive(".inst", ".inst 0xWORD", "Emits a raw 64-bit instruction word into a stream.", true),
            new Directive(".syntax", ".syntax pandecode | csf", "Reads the instructions that follow, to the end of the"
                    + " file or the next .syntax, as mesa's pandecode prints them (each #N in the radix pandecode"
                    + " prints that field in) or in this language's canonical syntax."),
            new Directive(".arch", ".arch v10 | v12 | v13", "Selects the architecture the program is assembled for"
                    + " (default v10, or --arch); only before the first instruction or data, and an included file"
                    + " may only repeat its includer's."),
            new Directive(".vm", ".vm NAME", "Declares a GPU virtual address space; sections that follow live in it."),
            new Directive(".queue", ".queue NAME [, vm=VM] [, group=GROUP]",
                    "Declares a command queue bound to a VM, in its own group or in GROUP with the queues naming it."),
            new Directive(".submit", ".submit QUEUE, STREAM", "Submits a stream as a job on a queue."),
            new Directive(".inject", ".inject tiler_oom, job=N [, queue=QUEUE]", "Makes the queue's (default: the first"
                    + " queue's) N-th tiler job (RUN_TILING, RUN_IDVS, RUN_IDVS2) run out of tiler heap memory: the"
                    + " model has no tiler, so this is the only way it raises TILER_OOM. The firmware runs the queue's"
                    + " tiler_oom exception handler (SET_EXCEPTION_HANDLER) and the job resumes when it returns."),
            new Directive(".expect", ".expect status ok | rN == expr | word [ADDR] == expr | pixel BUFFER(X, Y) == (R, G, B, A)"
                    + " | image BUFFER == \"golden.png\" | instructions <= N",
                    "States what a run must end with; emits no bytes. A file with expectations is a test stream"
                    + " (csf test). Subjects: status ok|fault [KIND] [, line=N]|timeout|deadlock|hazard; a register rN or"
                    + " pair dN of the entry queue (QUEUE.rN for another); byte|hword|word|dword [ADDR] (memory at a"
                    + " GPU VA); pixel BUFFER(X, Y) (the render target in BUFFER, as its PNG shows it); image BUFFER"
                    + " == \"file.png\" [, tolerance=N]; instructions. Operators == != < <= > >=; the right side is"
                    + " any expression."),
            new Directive(".fbd", ".fbd width=W, height=H [, field=value...]",
                    "Framebuffer Parameters followed by the padding block, filled from named fields.",
                    "framebuffer_parameters", Map.of("zs_crc", "1 adds the ZS/CRC extension block (and sets"
                            + " has_zs_crc_extension); the extension's fields may then be given here too")),
            new Directive(".desc", ".desc NAME [, field=value...]",
                    "One descriptor a RUN_* job reads (shader_program, local_storage, resource, tiler_context,"
                            + " tiler_heap, draw, depth_stencil, blend, ...), filled from named fields as .fbd and .rt"
                            + " are; fields not given take the table's defaults.", true),
            new Directive(".rt", ".rt format=F, base=ADDR, row_stride=N [, field=value...]",
                    "One RGB render-target descriptor, filled from named fields.", "render_target",
                    Map.of("clear", "clear word 0 as a raw tile-buffer value (same as clear0)",
                            "clear_rgba", "clear colour as RGBA floats, e.g. (1.0, 0.0, 0.0, 1.0), packed into the"
                                    + " tile-buffer format as mesa's pan_pack_color does (dithered_clear=1: keep the"
                                    + " dither fraction bits; srgb=1: sRGB-encoded) and repeated in all four words",
                            "clear_raw", "raw pixel value (or its 32-bit words) of a RAW target, repeated over the"
                                    + " four clear words as mesa does")));

    /** What an {@code .expect} can state, with its form: completion offers them after {@code .expect}. */
    public static final Map<String, String> EXPECT_SUBJECTS = subjects();

    private static Map<String, String> subjects() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("status", ".expect status ok|fault [KIND] [, line=N]|timeout|deadlock|hazard: how the run ends");
        m.put("fault", ".expect fault [KIND] [, line=N]: the run faults (of that kind, on that line of this file)");
        m.put("instructions", ".expect instructions OP N: user instructions every queue executed");
        m.put("job", ".expect job N INPUT[.FIELD] OP VALUE: a value the N-th RUN_* job read, as csf run's report"
                + " decodes it (spd.stage, srt.0.size, index_count)");
        m.put("byte", ".expect byte [ADDR] OP VALUE [, vm=VM]: 8-bit memory at a GPU VA");
        m.put("hword", ".expect hword [ADDR] OP VALUE [, vm=VM]: 16-bit memory at a GPU VA");
        m.put("word", ".expect word [ADDR] OP VALUE [, vm=VM]: 32-bit memory at a GPU VA");
        m.put("dword", ".expect dword [ADDR] OP VALUE [, vm=VM]: 64-bit memory at a GPU VA");
        m.put("pixel", ".expect pixel BUFFER(X, Y) == (R, G, B, A): a pixel of the render target in BUFFER, as its PNG");
        m.put("image", ".expect image BUFFER == \"golden.png\" [, tolerance=N]: the whole render target against a PNG");
        return java.util.Collections.unmodifiableMap(m);
    }

    private Directives() {
    }

    public static List<Directive> all() {
        return ALL;
    }

    /** The directive names ({@code .stream}, ...), for spelling suggestions. */
    public static List<String> names() {
        String[] names = new String[ALL.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = ALL.get(i).name();
        }
        return List.of(names);
    }

    /** Whether {@code .name} (given without its dot, any case) is a known directive that emits nothing. */
    public static boolean emitsNothing(String name) {
        Directive d = find("." + name);
        return d != null && !d.emits();
    }

    /** The name of a parsed directive as the handlers key it: lower case, with its dot ("" when it has none). */
    public static String nameOf(CsfParser.DirectiveContext d) {
        return d.name == null ? "" : d.name.getText().toLowerCase(Locale.ROOT);
    }

    public static Optional<Directive> byName(String name) {
        return Optional.ofNullable(find(name));
    }

    /**
     * The directive of that name, any case, or null. Loops, not streams, here and in {@link #names}: every assembly
     * starts with them, and a stream pipeline's classes and lambda links cost more than the whole search.
     */
    private static Directive find(String name) {
        for (Directive d : ALL) {
            if (d.name().equalsIgnoreCase(name)) {
                return d;
            }
        }
        return null;
    }
}
