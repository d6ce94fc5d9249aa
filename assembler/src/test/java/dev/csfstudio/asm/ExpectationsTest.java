package dev.csfstudio.asm;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Expectation.Comparison;
import dev.csfstudio.program.Expectation.Ending;
import dev.csfstudio.program.Program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code .expect} lines become the program's expectations, resolved at assembly time; mistakes are errors. */
class ExpectationsTest {

    private static final String CLEAR = """
            .buffer color, size=16 * 16 * 4
            .buffer fb, align=64
            fbd:    .fbd width=16, height=16
                    .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=0xff0000ff
            .stream main
                    MOVE48 d40, fbd(fbd)
                    RUN_FRAGMENT
            """;

    private static Expectation only(String expect) {
        Program p = Sources.ok(CLEAR + expect + "\n");
        assertEquals(1, p.expectations().size());
        return p.expectations().get(0);
    }

    private static Diagnostic error(String expect) {
        AssemblyResult r = Sources.assemble(CLEAR + expect + "\n");
        assertTrue(r.hasErrors(), () -> expect + " assembled");
        return r.errors().get(0);
    }

    @Test
    void expectationsEmitNoBytesAndKeepSourceOrder() {
        Program with = Sources.ok(CLEAR + ".expect status ok\n.expect r4 == 0\n");
        Program without = Sources.ok(CLEAR);
        assertEquals(without.entrySection().size(), with.entrySection().size());
        assertEquals(List.of("status ok", "r4 == 0"), with.expectations().stream().map(Expectation::text).toList());
        assertTrue(with.isTest());
        assertFalse(without.isTest());
    }

    @Test
    void aJobExpectationNamesTheJobByNumberAndWhatItReadByPath() {
        Expectation.JobInput j = (Expectation.JobInput) only(".expect job 1 FBD.Width == 8 * 2");
        assertEquals(1, j.job());
        assertEquals("fbd.width", j.path());
        assertEquals(16, j.expected());
    }

    @Test
    void jobsAreNumberedFromOne() {
        Diagnostic d = error(".expect job 0 fbd.width == 16");
        assertEquals("job 0 out of range: allowed 1..2147483647 (jobs are numbered from 1 in the order they run)",
                d.message());
    }

    @Test
    void aJobExpectationWithoutAnInputIsASyntaxError() {
        assertTrue(error(".expect job 1 == 16").message().startsWith(".expect job needs a job number and what it read"));
    }

    @Test
    void statusNamesTheEndingAndOptionallyTheFaultKindAndLine() {
        assertEquals(Ending.OK, ((Expectation.Status) only(".expect status ok")).ending());
        Expectation.Status f = (Expectation.Status) only(".expect fault translation, line=7");
        assertEquals(Ending.FAULT, f.ending());
        assertEquals("translation", f.faultKind());
        assertEquals(7, f.line().line());
        assertEquals(Ending.DEADLOCK, ((Expectation.Status) only(".expect status deadlock")).ending());
    }

    @Test
    void aFaultMayBeNamedByTheHardwaresExceptionInAnyLetterCase() {
        assertEquals("TRANSLATION_FAULT_1", ((Expectation.Status) only(".expect fault translation_fault_1")).faultKind());
        assertEquals("CS_INSTR_INVALID", ((Expectation.Status) only(".expect fault CS_INSTR_INVALID, line=3")).faultKind());
    }

    @Test
    void registersTakeAnyExpressionOnTheRight() {
        Expectation.Register r = (Expectation.Register) only(".expect d40 == fbd(fbd)");
        assertTrue(r.pair());
        assertEquals(40, r.register());
        assertEquals(0x10_0000_1000L | 1, r.expected() & ~0x3fL | 1); // the FBD's VA, tagged
        Expectation.Register m = (Expectation.Register) only(".expect r4 == -1");
        assertEquals(0xffff_ffffL, m.expected()); // a 32-bit register: -1 is its all-ones value
        assertEquals(Comparison.EQ, m.comparison());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"==|EQ", "!=|NE", "<|LT", "<=|LE", ">|GT", ">=|GE"})
    void everyComparisonOperatorIsRead(String op, Comparison c) {
        assertEquals(c, ((Expectation.InstructionCount) only(".expect instructions " + op + " 100")).comparison());
    }

    @Test
    void memoryIsReadAtAGpuAddressInTheVmInForce() {
        Expectation.Memory m = (Expectation.Memory) only(".expect word [color + 4] == 0xff0000ff");
        assertEquals(4, m.width());
        assertEquals(0x10_0000_0000L + 4, m.address());
        assertEquals("main", m.vm());
        assertEquals(0xff0000ffL, m.expected());
    }

    @Test
    void memoryIsReadInTheVmOfTheBufferItNamesOrTheOneGiven() {
        Program p = Sources.ok(".buffer a, size=8\n.vm second\n.buffer b, size=8\n.expect word [a] == 1\n"
                + ".expect word [b + 4] == 2\n.expect word [0x1000000000] == 3\n.expect word [0x1000000000] == 4, vm=main\n");
        assertEquals(List.of("main", "second", "second", "main"),
                p.expectations().stream().map(e -> ((Expectation.Memory) e).vm()).toList());
        assertEquals("undefined-symbol", Sources.assemble(".buffer a, size=8\n.expect word [a] == 1, vm=nowhere\n")
                .errors().get(0).code().id());
    }

    @Test
    void pixelsAreRgbaOfABuffer() {
        Expectation.Pixel p = (Expectation.Pixel) only(".expect pixel color(3, 4) == (255, 0, 0, 255)");
        assertEquals("color", p.buffer());
        assertEquals(3, p.x());
        assertEquals(4, p.y());
        assertEquals(0xff0000ff, p.rgba());
    }

    @Test
    void imagesResolveTheirGoldenAgainstTheFile(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("golden"));
        Files.write(dir.resolve("golden/red16.png"), new byte[] {1});
        Path src = dir.resolve("t.csf");
        Files.writeString(src, CLEAR + ".expect image color == \"golden/red16.png\" tolerance=2\n");
        AssemblyResult r = new Assembler().assemble(src);
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        Expectation.Image i = assertInstanceOf(Expectation.Image.class, r.program().expectations().get(0));
        assertEquals(dir.resolve("golden/red16.png").toAbsolutePath(), i.golden().toAbsolutePath());
        assertEquals(2, i.tolerance());
    }

    @Test
    void anUnreachableGoldenIsAnErrorUnlessGoldensAreToBeWritten(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("t.csf");
        Files.writeString(src, CLEAR + ".expect image color == \"missing.png\"\n");
        AssemblyResult r = new Assembler().assemble(src);
        assertEquals("golden", r.errors().get(0).code().id());
        assertEquals(8, r.errors().get(0).range().line());
        assertTrue(r.errors().get(0).message().contains("--update-golden"), r.errors().get(0).message());
        assertFalse(new Assembler(AssemblerOptions.defaults().withGoldensRequired(false)).assemble(src).hasErrors());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            ".expect regsiter == 1|unknown-expectation|9",
            ".expect status fine|undefined-symbol|16",
            ".expect fault transltion|undefined-symbol|15",
            ".expect fault TRANSLATION_FAULT_9|undefined-symbol|15",
            ".expect r96 == 0|out-of-range|9",
            ".expect d41 == 0|out-of-range|9",
            ".expect other.r4 == 0|undefined-symbol|9",
            ".expect pixel colour(0, 0) == (0, 0, 0, 0)|undefined-symbol|15",
            ".expect pixel color(0, 0) == 0xff0000ff|expect-type|30",
            ".expect word [color] == (1, 2)|expect-type|25",
            ".expect pixel color(0, 0) < (0, 0, 0, 0)|expect-type|27",
            ".expect r4 == 0x100000000|out-of-range|15",
            ".expect byte [color] == 256|out-of-range|25",
            ".expect word [color + 1] == 0|out-of-range|14",
            ".expect r4 == nowhere|undefined-symbol|15",
            ".expect status ok == 1|expect-type|19",
            ".expect r4|syntax|9",
            ".expect image color == 5|expect-type|24",
    })
    void mistakesAreErrorsAtThePartThatIsWrong(String line, String code, int column) {
        Diagnostic d = error(line);
        assertEquals(code, d.code().id(), d::headline);
        assertEquals(8, d.range().line());
        assertEquals(column, d.range().column(), d::headline);
    }

    @Test
    void aMisspeltSubjectIsCorrected() {
        Diagnostic d = error(".expect instructons <= 3");
        assertEquals(List.of("instructions"), d.suggestions());
    }

    @Test
    void registerNamesAnotherQueue() {
        Program p = Sources.ok(CLEAR + ".queue q\n.submit q, main\n.expect q.r4 == 0\n");
        Expectation.Register r = (Expectation.Register) p.expectations().get(0);
        assertEquals("q", r.queue());
        assertEquals("q.r4", r.name());
    }

    @Test
    void aQueueStatusNamesTheQueueAndItsEnding() {
        Program p = Sources.ok(CLEAR + ".queue q\n.submit q, main\n.expect q.status fault translation\n");
        Expectation.Status s = (Expectation.Status) p.expectations().get(0);
        assertEquals("q", s.queue());
        assertEquals(Ending.FAULT, s.ending());
        assertEquals("translation", s.faultKind());
    }

    @Test
    void theRunStatusNamesNoQueue() {
        assertEquals(null, ((Expectation.Status) only(".expect status ok")).queue());
    }

    @Test
    void aQueueStatusOfAnUnknownQueueIsAnErrorListingTheQueues() {
        AssemblyResult r = Sources.assemble(CLEAR + ".queue qgood\n.submit qgood, main\n.expect qgod.status ok\n");
        assertTrue(r.hasErrors());
        assertTrue(r.errors().get(0).message().contains("qgood"), r.errors().get(0).message());
    }
}
