package dev.csfstudio.asm;

import dev.csfstudio.asm.source.OrderedChunks;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Lines are parsed and encoded in chunks on several threads; the result must not depend on how the input
 * is cut or how many threads ran: bytes, lines, diagnostics (and their order), symbols and references.
 */
class ParallelAssemblyTest {

    /** Every kind of line the chunked path treats differently, with errors and warnings, repeated. */
    private static String mixedSource(int blocks) {
        StringBuilder sb = new StringBuilder(".equ STEP, 4\n.set N, 1\n.buffer data, align=64\nvalue: .dword 7\n.stream main\n");
        for (int b = 0; b < blocks; b++) {
            sb.append("// block ").append(b).append('\n');
            sb.append("b").append(b).append(":\n");
            sb.append("    MOVE32 r4, #").append(b % 5 + 1).append("   ; repeated text\n");
            sb.append("1:  ADD_IMMEDIATE32 r4, r4, #-1\n");
            sb.append("    BRANCH.ne r4, 1b\n");
            sb.append("    MOVE48 d40, value + ").append(8 * (b % 3)).append('\n');
            sb.append("    MOVE32 r5, #STEP * N\n");
            sb.append(".set N, ").append(b + 2).append('\n');
            sb.append("    LOAD_MULTIPLE r40:r41, [d41 + 8]\n");            // odd-register-pair warning
            if (b % 7 == 3) {
                sb.append("    MOVE32 r4, #0x1ffffffff\n");                 // out of range
                sb.append("    BRNCH r1, b0\n");                           // unknown mnemonic
                sb.append("    NOP NOP\n");                                // syntax error
                sb.append("    NOP  // \u00e9t\u00e9 \ud83d\ude00 non-ASCII\n");
            }
            if (b % 5 == 2) {
                sb.append("    NOP  // \u00e9t\u00e9 \ud83d\ude00 in every chunk it is in\n");
            }
            sb.append("    BRANCH.eq r40, b").append(b + 1).append('\n');
            sb.append("    WAIT #0x1\n\n");
        }
        sb.append("b").append(blocks).append(": NOP\n");
        return sb.toString();
    }

    private static AssemblyResult assemble(String text, int threads, int chunkLines) {
        Path main = Path.of("/virtual/par.csf");
        return new Assembly(AssemblerOptions.defaults(), file -> {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }, threads, chunkLines).run(main, SourceText.of(text));
    }

    private static void assertSame(AssemblyResult expected, AssemblyResult actual) {
        assertEquals(expected.diagnostics(), actual.diagnostics());
        assertEquals(expected.lines(), actual.lines());
        assertEquals(expected.symbols(), actual.symbols());
        assertEquals(expected.references(), actual.references());
        assertEquals(expected.program() == null, actual.program() == null);
    }

    @Test
    void chunkedParallelAssemblyEqualsSequentialWithErrors() {
        String text = mixedSource(60);
        AssemblyResult sequential = assemble(text, 1, Integer.MAX_VALUE);
        assertFalse(sequential.errors().isEmpty());
        for (int chunk : new int[] {1, 7, 64}) {
            assertSame(sequential, assemble(text, 2, chunk));
            assertSame(sequential, assemble(text, 4, chunk));
        }
    }

    @Test
    void chunkedParallelAssemblyEqualsSequentialBytes() {
        String text = mixedSource(50).lines().filter(l -> !l.contains("0x1ffffffff") && !l.contains("BRNCH")
                && !l.contains("NOP NOP")).reduce("", (a, l) -> a + l + "\n");
        AssemblyResult sequential = assemble(text, 1, Integer.MAX_VALUE);
        assertEquals(List.of(), sequential.errors());
        AssemblyResult parallel = assemble(text, 2, 5);
        assertSame(sequential, parallel);
        for (Map.Entry<Section, Section> pair : pairs(sequential.program(), parallel.program())) {
            assertArrayEquals(pair.getKey().bytes(), pair.getValue().bytes(), pair.getKey().name());
        }
    }

    @Test
    void publicAssemblerMatchesSequentialOnAFileLargerThanOneChunk() {
        String text = mixedSource(OrderedChunks.CHUNK / 10);
        AssemblyResult viaAssembler = new Assembler().assembleText(Path.of("/virtual/par.csf"), text, f -> null);
        assertSame(assemble(text, 1, Integer.MAX_VALUE), viaAssembler);
    }

    /**
     * A branch that learns its label's id in pass 1 (the label is defined in its chunk) ends as one that looks the name
     * up after layout: labels defined later or earlier in the chunk, in another chunk, twice (the first wins), first on
     * a line the parser reads, on a line of symbolic operands, and names that are constants or nothing.
     */
    @Test
    void branchesToLabelsOfTheirChunkEndAsTheParserPathEnds() {
        String text = String.join("\n",
                ".equ K, 2",
                ".stream main",
                "    BRANCH.ne r0, ahead",
                "    BRANCH.ne r0, twice",
                "ahead: NOP",
                "twice: NOP",
                "    BRANCH.ne r0, ahead",
                "twice: NOP",
                "parsed: MOVE32 r1, LATER",
                "    BRANCH.ne r0, parsed",
                "parsed: NOP",
                "    BRANCH.ne r0, far",
                "    BRANCH.ne r0, symbolic",
                "symbolic: MOVE32 r1, K * 4 + 1",
                "    BRANCH.ne r0, symbolic",
                "    BRANCH.ne r0, K",
                "    BRANCH.ne r0, nowhere",
                "    NOP",
                "    NOP",
                "far: NOP",
                "    BRANCH.always r0, twice",
                ".equ LATER, 5",
                "");
        Assembly parserOnly = new Assembly(AssemblerOptions.defaults(), file -> null, 1, Integer.MAX_VALUE);
        parserOnly.plainScanner = false;
        AssemblyResult expected = parserOnly.run(Path.of("/virtual/par.csf"), SourceText.of(text));
        assertFalse(expected.errors().isEmpty()); // the duplicates and 'nowhere'
        for (int chunk : new int[] {1, 2, 3, 5, 100}) {
            AssemblyResult actual = assemble(text, 2, chunk);
            assertSame(expected, actual);
            assertEquals(expected.lines().stream().map(l -> l.word()).toList(),
                    actual.lines().stream().map(l -> l.word()).toList(), "chunks of " + chunk);
        }
    }

    /**
     * Rows of plain instructions or literal data placed as runs end as each row's own pass 1 ends them: before any
     * section (the implicit main), blank and comment lines between, instructions in a buffer and data in a stream
     * (each reported), labels ending a run, a section entered in the middle.
     */
    @Test
    void runsOfPlainRowsEndAsEachRowOnItsOwn() {
        String text = String.join("\n",
                "    NOP",
                "    MOVE32 r1, #1",
                "",
                "// a comment between",
                "    MOVE32 r2, #2",
                "    .word 1, 2",
                "    .word 3",
                "    BRANCH.always r0, #1",
                "    NOP",
                "here: NOP",
                "    NOP",
                ".buffer b",
                "    .word 4, 5",
                "    .byte 6",
                "    NOP",
                "    NOP",
                "    .dword 7",
                ".stream main",
                "    NOP",
                "    NOP",
                "");
        assertRunsEndAsParsedLines(text, false);
        // without the misplaced lines, a program: its bytes too
        assertRunsEndAsParsedLines(text.replace("    .word 1, 2\n    .word 3\n", "").replace("    NOP\n    NOP\n    .dword", "    .dword"),
                true);
    }

    private static void assertRunsEndAsParsedLines(String text, boolean program) {
        Assembly parserOnly = new Assembly(AssemblerOptions.defaults(), file -> null, 1, Integer.MAX_VALUE);
        parserOnly.plainScanner = false;
        AssemblyResult expected = parserOnly.run(Path.of("/virtual/par.csf"), SourceText.of(text));
        assertEquals(program, expected.program() != null, expected.diagnostics().toString());
        for (int chunk : new int[] {1, 2, 3, 4, 100}) {
            AssemblyResult actual = assemble(text, 2, chunk);
            assertSame(expected, actual);
            assertEquals(expected.lines().stream().map(l -> l.word()).toList(),
                    actual.lines().stream().map(l -> l.word()).toList(), "chunks of " + chunk);
            if (expected.program() != null) {
                for (Map.Entry<Section, Section> pair : pairs(expected.program(), actual.program())) {
                    assertArrayEquals(pair.getKey().bytes(), pair.getValue().bytes(), pair.getKey().name());
                }
            }
        }
    }

    private static List<Map.Entry<Section, Section>> pairs(Program a, Program b) {
        assertEquals(a.sections().size(), b.sections().size());
        java.util.ArrayList<Map.Entry<Section, Section>> out = new java.util.ArrayList<>();
        for (int i = 0; i < a.sections().size(); i++) {
            out.add(Map.entry(a.sections().get(i), b.sections().get(i)));
        }
        return out;
    }
}
