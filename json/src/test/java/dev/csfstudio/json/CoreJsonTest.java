package dev.csfstudio.json;

import dev.csfstudio.program.Program;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.PostMortem;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.Simulator;
import dev.csfstudio.runtime.StopReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A core.json written and read back: the saved state as the run left it, and enough to rebuild the run. */
class CoreJsonTest {

    private static PostMortem dumped(Program program, RunReport run, Path dir) throws Exception {
        RunFiles.write(run, program, dir);
        return CoreJson.read(dir.resolve("core.json")).orElseThrow();
    }

    @Test
    void theSavedStateIsWhatTheRunLeft(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        RunReport run = new Simulator().run(program);
        PostMortem dump = dumped(program, run, dir);
        assertEquals(RunStatus.FAULT, dump.status());
        assertEquals(FaultKind.TRANSLATION, dump.fault().kind());
        assertEquals(0xdead0000L, dump.fault().va());
        assertEquals(6, dump.fault().line().line());
        assertArrayEquals(run.coreDump().registers(), dump.core().registers());
        assertEquals(run.coreDump().callStack().size(), dump.core().callStack().size());
        assertEquals(run.coreDump().lastInstructions().size(), dump.core().lastInstructions().size());
        assertEquals(run.coreDump().replay(), dump.core().replay());
        assertEquals(program.files().get(0).toAbsolutePath(), dump.source().orElseThrow());
    }

    @Test
    void aDumpReadBackRebuildsTheRunItWasWrittenFrom(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        PostMortem dump = dumped(program, new Simulator().run(program), dir);
        Machine rebuilt = dump.rebuild(program, false).orElseThrow();
        StopReason.Fault end = assertInstanceOf(StopReason.Fault.class, rebuilt.lastStop().orElseThrow());
        assertEquals(dump.fault().message(), end.fault().message());
    }

    @Test
    void theHardwaresExceptionReadsBack(@TempDir Path dir) throws Exception {
        Program program = Corpus.assembleText("""
                .stream main
                    .inst 0x1300000000000000
                """);
        RunReport run = new Simulator().run(program);

        PostMortem dump = dumped(program, run, dir);

        assertEquals(run.fault().hardware(), dump.fault().hardware());
    }

    @Test
    void aFileThatIsNoCoreDumpIsRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("core.json");
        Files.writeString(file, "{\"status\": \"fault\"}");
        Result.Refused<PostMortem> r = assertInstanceOf(Result.Refused.class, CoreJson.read(file));
        assertTrue(r.reason().startsWith(file + ": not a core dump csf wrote: "), r.reason());
        Result.Refused<PostMortem> missing = assertInstanceOf(Result.Refused.class,
                CoreJson.read(dir.resolve("nope.json")));
        assertTrue(missing.reason().contains("cannot read the core dump"), missing.reason());
    }

    @Test
    void aFileThatIsNotJsonIsRefusedSayingWhereNotInGsonsWords(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("core.json");
        Files.writeString(file, ".stream main\n    NOP\n");
        Result.Refused<PostMortem> r = assertInstanceOf(Result.Refused.class, CoreJson.read(file));
        assertTrue(r.reason().startsWith(file + ": not a core dump csf wrote: not valid JSON (line 1, column"), r.reason());
        assertTrue(!r.reason().contains("Exception") && !r.reason().contains("gson") && !r.reason().contains("http"),
                r.reason());
    }
}
