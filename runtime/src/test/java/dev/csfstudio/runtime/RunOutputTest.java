package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import org.junit.jupiter.api.Test;

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
