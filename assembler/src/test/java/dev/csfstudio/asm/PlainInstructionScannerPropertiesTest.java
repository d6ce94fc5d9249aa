package dev.csfstudio.asm;

import dev.csfstudio.asm.source.OrderedChunks;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Decoder;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The plain-line scanner is a shortcut, never a second language: for any source, assembling with it gives
 * exactly the result of assembling with the parser alone (bytes, lines, diagnostics with their ranges,
 * symbols, references). Lines are canonical instructions, hand-written convenience forms, and both with
 * random characters inserted, deleted or replaced; v10 and v12.
 *
 * <p>The reference is the parser's path alone: every line parsed by the ANTLR grammar, each instruction encoded from
 * its syntax tree ({@code InstructionEncoder.encode} of the tree) in pass 1 or again from the kept tree after layout. It
 * makes none of the plain path's fixups ({@code InstructionFixup}, {@code ConstantAssignment}, {@code DescriptorArguments},
 * {@code ScannedExpectation}) and runs none of their code ({@code InstructionFixups}, the scanned-line handlers). What
 * the two paths share: the architecture's tables ({@code isa}: the encodings, each operand kind's codec, through the one
 * {@code InstructionEncoder.Word}), the symbol table and the names' meaning ({@code NameScope}), layout, the directives'
 * handlers, and the list that keeps each statement's fixup in order until layout ({@code Fixups}).
 */
class PlainInstructionScannerPropertiesTest {

    /** The plain path's chunk in the properties: a few lines, so that a generated source spans several chunks. */
    static final int SMALL_CHUNK = 4;
    private static final String NOISE = " \t#-+[]:,;/.=()xXbBfF0179rRdDaz_~*\"\u00e9\u0141\u010a\u2003\ud83d";
    private static final String[] FORMS = {
        "MOVE32 r%R, #%I", "move32 R%R, %I", "MOVE48 d%D, #0x%H", "MOVE48 d%D, -%I", "ADD_IMMEDIATE32 r%R, r%R, #-%I",
        "ADD_IMM64 d%D, d%D, %I", "LOAD_MULTIPLE r%R:r%R, [d%D + %I]", "STORE_MULTIPLE [d%D - #%I], r%R",
        "LOAD_MULTIPLE r%R:r%R:r%R, [d%D + -%I]", "STORE_MULTIPLE [d%D], r%R", "BRANCH.ne r%R, top",
        "BRANCH.always r%R, 1b", "branch.EQ r%R, 1f", "BRANCH.gt r%R, -%I", "BRANCH r%R, top", "WAIT #0b%B",
        "WAIT.progress_inc 0x%H", "SYNC_ADD32.system [d%D], r%R, #0x%H, #%I", "SYNC_ADD32 [d%D], r%R, 1, 2",
        "RUN_FRAGMENT.tile_order=vertical.progress_inc", "RUN_FRAGMENT.tile_order=", "NOP", "MOVE32 r%R, top",
        "MOVE32 r%R, #%I + 1", "MOVE32 d%D, #%I", "MOVE48 d%D, #%I", "NOPE r1", "MOVE32 r%R, #0x%H%H%H%H",
        "LOAD_MULTIPLE r%R, [d%D + 0b%B]", "MOVE32 r%R, 01b", "MOVE32 r%R, #%If",
        ".inst 0x%H%H", ".INST %I", ".inst -%I", ".inst 0b%B", ".inst\t0x%H", ".inst #%I", ".instx 1",
        ".buffer data", ".stream main", "MOVX48 d%D, #%I", "BRNCH.ne r%R, top", "unknown_10 0x%H", "ADD_IMM32 r%R, r%R, 1",
        ".byte %I, -%I", ".hword 0x%H, %I, 0b%B", ".word 0x%H%H, -%I", ".dword -%I, 0x%H%H%H%H", ".WORD %I",
        ".byte 300", ".word %I,", ".dword 0xffffffffffffffff, 0x%H%H%H%H%H", ".hword top", ".word 1 + %I", ".byte",
        // operands that are sums and products of names and literals: deferred in pass 1, a fixup in pass 2
        ".equ K, %I", ".set K, -%I", ".equ J, K * 2 + top", "MOVE32 r%R, K * 4 + %I", "MOVE32 r%R, #K*%I-1",
        "MOVE48 d%D, top + K - %I", "MOVE48 d%D, main + 8", "ADD_IMMEDIATE32 r%R, r%R, K - %I", "MOVE32 r%R, J + 1",
        "MOVE32 r%R, -%I + K * K", "MOVE32 r%R, nowhere + 1", "MOVE32 r%R, K", "BRANCH.ne r%R, top + 8",
        "BRANCH.lt r%R, l1 - 8 * %R", "BRANCH r%R, K + 1", "BRANCH.eq r%R, top + 4", "BRANCH.ge r%R, 0x%H + top",
        "MOVE32 r%R, r%R + 1", "MOVE32 r%R + 1, K", "SYNC_ADD32 [d%D], r%R, K + 1, %I * K", "WAIT K - K",
    };

    @Provide
    Arbitrary<String> sources() {
        return sources(Arch.V10);
    }

    @Provide
    Arbitrary<String> v12Sources() {
        return sources(Arch.V12);
    }

    /** Sources of {@code arch} (declared by {@code .arch} unless v10) of 10 to 41 lines: three to eleven chunks of the plain path. */
    private static Arbitrary<String> sources(Arch arch) {
        InstructionSet isa = arch.instructionSet();
        return Arbitraries.randomValue(random -> {
            StringBuilder sb = new StringBuilder(arch == Arch.V10 ? "" : ".arch " + arch.name().toLowerCase(java.util.Locale.ROOT) + "\n");
            sb.append("top:\n");
            int lines = 8 + random.nextInt(32);
            for (int i = 0; i < lines; i++) {
                String line = random.nextInt(3) == 0 ? canonical(isa, random) : form(random);
                if (random.nextInt(4) == 0) {
                    line = (random.nextBoolean() ? "1: " : "l" + i + ":\t") + line;
                }
                if (random.nextInt(4) == 0) {
                    line = line + (random.nextBoolean() ? "   ; note" : " // note");
                }
                if (random.nextInt(5) == 0) {
                    line = "  " + line + " ";
                }
                int mutations = random.nextInt(3) == 0 ? 0 : random.nextInt(3);
                for (int m = 0; m < mutations; m++) {
                    line = mutate(line, random);
                }
                sb.append(line).append('\n');
            }
            if (random.nextInt(4) == 0) {
                return sb.substring(0, sb.length() - 1); // the last line ends the file, no newline after it
            }
            return sb.append("1: NOP\n").toString();
        });
    }

    /**
     * The plain path (two workers, chunks of {@link #SMALL_CHUNK} lines, so that labels, branches and constants
     * cross chunk boundaries) gives the result of the parser's path (every line parsed, one chunk).
     */
    @Property(tries = 1500)
    void plainScannerGivesTheParsersResult(@ForAll("sources") String source) {
        assertSameResult(assemble(source, false), assembleInSmallChunks(source), source);
    }

    @Property(tries = 1500)
    void plainScannerGivesTheParsersResultOnV12(@ForAll("v12Sources") String source) {
        assertSameResult(assemble(source, false), assembleInSmallChunks(source), source);
    }

    private static AssemblyResult assembleInSmallChunks(String text) {
        return assembleInSmallChunks(text, AssemblerOptions.defaults(), SMALL_CHUNK);
    }

    /** The plain path on two workers, in chunks of {@code chunk} lines. */
    static AssemblyResult assembleInSmallChunks(String text, AssemblerOptions options, int chunk) {
        Assembly a = new Assembly(options, file -> {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }, 2, chunk);
        return a.run(Path.of("/virtual/plain.csf"), SourceText.of(text));
    }

    @Test
    void plainScannerGivesTheParsersResultOnTheCorpusShapes() {
        String source = """
                top: MOVE32 r4, #5   ; five
                1:   LOAD_MULTIPLE r40:r41:r47, [d76 + -8]
                     STORE_MULTIPLE [d76 - 0x10], r0:r1 // store
                     BRANCH.ne r4, 1b
                     BRANCH.eq r4, 1f
                     MOVE48 d3, #1
                     MOVE32 r200, #1
                1:   WAIT.progress_inc #0b11
                     BRANCH.always r0, top
                """;
        assertSameResult(assemble(source, false), assembleInSmallChunks(source), source);
    }

    /**
     * A branch to a label of another section whose address is this stream's end (the stream padded to it, the buffer
     * placed right after): out of range on both paths, as the label is not in the stream, whatever its address.
     */
    @Test
    void aBranchToALabelOfAnotherSectionAtTheStreamsEndIsOutOfRangeOnBothPaths() {
        for (String target : List.of("top", "1f")) {
            String source = "BRANCH.ne r0, " + target + "\n.align 4096\n.buffer data\n" + target.replace("f", "")
                    + ": .align 1\nNOP\n";
            AssemblyResult parser = assemble(source, false);
            assertTrue(parser.diagnostics().stream().anyMatch(d -> d.code() == DiagnosticCode.BRANCH_RANGE), source);
            assertSameResult(parser, assembleInSmallChunks(source), source);
        }
    }

    private static String canonical(InstructionSet isa, Random random) {
        List<InstructionDef> defs = isa.instructions();
        while (true) {
            InstructionDef def = defs.get(random.nextInt(defs.size()));
            long word = def.baseWord();
            for (BitField f : def.fields()) {
                long raw = random.nextLong();
                word = f.insert(word, random.nextBoolean() ? Math.floorMod(raw, 96) : raw);
            }
            long w = word;
            Decoder decoder = new Decoder(isa);
            if (decoder.decode(w).map(decoder::isCanonical).orElse(false)) {
                return new Disassembler(isa).disassemble(w);
            }
        }
    }

    private static String form(Random random) {
        String f = FORMS[random.nextInt(FORMS.length)];
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c == '%' && i + 1 < f.length()) {
                char k = f.charAt(++i);
                sb.append(switch (k) {
                    case 'R' -> Integer.toString(random.nextInt(100));
                    case 'D' -> Integer.toString(random.nextInt(100));
                    case 'H' -> Long.toHexString(random.nextLong() >>> random.nextInt(64));
                    case 'B' -> Integer.toBinaryString(random.nextInt(1 << random.nextInt(12)));
                    default -> Long.toString(random.nextBoolean() ? random.nextInt(100_000)
                            : random.nextLong() >>> random.nextInt(64));
                });
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String mutate(String line, Random random) {
        int at = line.isEmpty() ? 0 : random.nextInt(line.length() + 1);
        char c = NOISE.charAt(random.nextInt(NOISE.length()));
        return switch (random.nextInt(3)) {
            case 0 -> line.substring(0, at) + c + line.substring(at);
            case 1 -> at < line.length() ? line.substring(0, at) + line.substring(at + 1) : line;
            default -> at < line.length() ? line.substring(0, at) + c + line.substring(at + 1) : line + c;
        };
    }

    static AssemblyResult assemble(String text, boolean plainScanner) {
        return assemble(text, plainScanner, AssemblerOptions.defaults());
    }

    static AssemblyResult assemble(String text, boolean plainScanner, AssemblerOptions options) {
        Assembly a = new Assembly(options, file -> {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }, 1, OrderedChunks.CHUNK);
        a.plainScanner = plainScanner;
        return a.run(Path.of("/virtual/plain.csf"), SourceText.of(text));
    }

    /**
     * Both paths give the same whole result for {@code source}, and most generated sources hold a line that
     * {@code shortcut} takes, or the property proves little.
     */
    /** What the plain scanner makes of {@code line} as line 1 of {@code file}: a statement, or null where it declines. */
    static dev.csfstudio.asm.scan.ScannedStatement scanLine(Path file, String line) {
        byte[] bytes = dev.csfstudio.asm.source.SourceText.of(line).bytes();
        return new dev.csfstudio.asm.scan.PlainInstructionScanner(dev.csfstudio.isa.Arch.V10).scan(file, bytes, 0, bytes.length, 1)
                instanceof dev.csfstudio.asm.scan.PlainInstructionScanner.Result.Read read ? read.statement() : null;
    }

    /**
     * For v10 and for v12 (the options' architecture; a source's own {@code .arch} wins on both paths), the plain path in
     * chunks of two lines, so that any source of three lines or more spans several, gives the parser's path's result.
     */
    static void assertShortcutChangesNothing(String source, java.util.function.Predicate<String> shortcut) {
        boolean fast = source.lines().anyMatch(shortcut);
        net.jqwik.api.statistics.Statistics.collect(fast ? "fast path" : "parser only");
        for (Arch arch : List.of(Arch.V10, Arch.V12)) {
            AssemblerOptions options = AssemblerOptions.defaults().withArch(arch);
            assertSameResult(assemble(source, false, options), assembleInSmallChunks(source, options, 2), arch + ": " + source);
        }
        net.jqwik.api.statistics.Statistics.coverage(c -> c.check("fast path").percentage(p -> p > 25));
    }

    static void assertSameResult(AssemblyResult parser, AssemblyResult plain, String source) {
        assertEquals(parser.diagnostics(), plain.diagnostics(), source);
        assertEquals(parser.lines(), plain.lines(), source);
        assertEquals(parser.symbols(), plain.symbols(), source);
        assertEquals(parser.references(), plain.references(), source);
        assertEquals(parser.files(), plain.files(), source);
        assertEquals(parser.program() == null, plain.program() == null, source);
        if (parser.program() != null) {
            Program a = parser.program();
            Program b = plain.program();
            assertEquals(a.entry(), b.entry(), source);
            assertEquals(a.symbols(), b.symbols(), source);
            assertEquals(a.vms(), b.vms(), source);
            assertEquals(a.queues(), b.queues(), source);
            assertEquals(a.jobs(), b.jobs(), source);
            assertEquals(a.expectations(), b.expectations(), source);
            assertEquals(a.sections().size(), b.sections().size(), source);
            for (int i = 0; i < a.sections().size(); i++) {
                Section x = a.sections().get(i);
                Section y = b.sections().get(i);
                assertEquals(x.name() + x.kind() + x.vm() + x.address() + x.align() + x.dumpable() + x.declaration() + x.lines(),
                        y.name() + y.kind() + y.vm() + y.address() + y.align() + y.dumpable() + y.declaration() + y.lines(), source);
                assertArrayEquals(x.bytes(), y.bytes(), source);
            }
        }
    }
}
