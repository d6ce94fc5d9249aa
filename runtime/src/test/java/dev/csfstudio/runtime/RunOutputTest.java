package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code csf run} prints of a run. */
class RunOutputTest {

    @Test
    void theSummaryOfAFaultNamesItsLine() {
        RunReport r = new Simulator().run(Corpus.assemble("run-translation-fault.csf"));
        assertTrue(RunOutput.summary(r).startsWith("fault: 3 instructions"), RunOutput.summary(r));
        assertTrue(RunOutput.summary(r).contains("run-translation-fault.csf:6:"), RunOutput.summary(r));
    }

    @Test
    void theSummaryNamesASourceBelowTheWorkingDirectoryAsTheAssemblersDiagnosticsDo() {
        RunReport r = new Simulator().run(Sessions.assemble("""
                ; a load from memory nothing maps
                .stream main
                    MOVE48 d40, 0xc0000000
                    LOAD_MULTIPLE r0, [d40]
                """));
        Path file = r.fault().line().file();
        assertEquals(Path.of("").toAbsolutePath().resolve(Sessions.FILE), file);
        assertTrue(RunOutput.summary(r).startsWith("fault: 2 instructions\nsession.csf:4:5: translation: "),
                RunOutput.summary(r));
        assertTrue(RunOutput.summary(r, false).contains("\n" + file + ":4:5: translation: "),
                "a debug session's console names the whole path: " + RunOutput.summary(r, false));
    }

    @Test
    void theSummaryGivesEachQueueItsStatus() {
        RunReport r = new Simulator().run(Corpus.assemble("run-fault-one-group.csf"));
        assertTrue(RunOutput.summary(r).contains("\nqueue qgood: ok, 202 instructions"), RunOutput.summary(r));
        assertTrue(RunOutput.summary(r).contains("\nqueue qbad: fault (translation at "), RunOutput.summary(r));
    }

    @Test
    void unknownDumpBufferIsANoteNotAnError() {
        Program program = Corpus.assemble("run-four-jobs.csf");
        RunReport r = new Simulator(RunOptions.defaults().withDumpBuffers(List.of("nope"))).run(program);
        assertEquals(RunStatus.OK, r.status());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("nope")));
    }
}
