package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.Thread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.json.RunFiles;
import dev.csfstudio.runtime.Simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fault in the hardware's terms in the debugger: exception info names the exception's class, code, name, data
 * and the group's state; a terminated group's queue shows as ended with the reason while the others still step.
 */
class GroupFaultTest {

    @TempDir
    Path dir;

    /** qbad releases qgood's wait, then runs an opcode v10 lacks; qgood runs on after the wait. */
    static final String TWO_GROUPS = """
            .queue qbad
            .queue qgood
            .buffer sync, size=8
            .stream bad
                MOVE48  d50, sync
                MOVE32  r52, #1
                SYNC_SET32.system [d50], r52, #0x0, #0
                .inst   0x0a00000000000000
            .stream good
                MOVE48  d50, sync
                MOVE32  r52, #0
                SYNC_WAIT32.gt d50, r52
                MOVE32  r1, #1
                MOVE32  r1, #2
                MOVE32  r1, #3
            .submit qbad, bad
            .submit qgood, good
            """;

    @Test
    void exceptionInfoGivesTheExceptionsClassCodeNameDataAndTheGroupsState() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            s.stopped();
            var info = s.exceptionInfo(1);
            String d = info.getDescription();
            assertTrue(d.contains("class MMU_FAULT"), d);
            assertTrue(d.contains("CS_FAULT.EXCEPTION_TYPE: 0xc"), d);
            assertTrue(d.contains("(TRANSLATION_FAULT_"), d);
            assertTrue(d.contains("EXCEPTION_DATA: 0x0, INFO: 0xdead0000 (READ)"), d);
            assertTrue(d.contains("group main: fatal_fault"), d);
            assertTrue(info.getDetails().getTypeName().startsWith("TRANSLATION TRANSLATION_FAULT_"),
                    info.getDetails().getTypeName());
        }
    }

    @Test
    void aTerminatedGroupsQueueShowsAsEndedWhileTheOtherStillSteps() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "groups.csf", TWO_GROUPS, 14)) {
            Thread[] threads = DapSession.get(s.server.threads()).getThreads();
            String bad = threads[0].getName();
            assertTrue(bad.startsWith("queue qbad (ended: unknown_opcode CS_INSTR_INVALID (0x49) at "), bad);
            assertTrue(bad.endsWith("groups.csf:8:5; group fatal_fault (fatal_queues 0x1: qbad))"), bad);
            assertEquals("queue qgood (stopped on breakpoint)", threads[1].getName());
            s.next(2);
            DapSession.assertLine(15, s.top(2));
        }
    }

    /** qbad and qmate in group g: qbad's fault terminates both; qother, its own group, runs on. */
    static final String GROUP_OF_TWO = """
            .queue qbad, group=g
            .queue qmate, group=g
            .queue qother
            .stream bad
                .inst   0x0a00000000000000
            .stream mate
                MOVE32  r1, #1
            .stream other
                MOVE32  r1, #1
                MOVE32  r1, #2
            .submit qbad, bad
            .submit qmate, mate
            .submit qother, other
            """;

    @Test
    void theOtherQueueOfATerminatedGroupShowsAsCancelledByTheFaultingOne() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "group.csf", GROUP_OF_TWO, 10)) {
            Thread[] threads = DapSession.get(s.server.threads()).getThreads();
            String mate = threads[1].getName();
            assertTrue(mate.startsWith("queue qmate (ended: cancelled, queue qbad of its group had unknown_opcode"
                    + " CS_INSTR_INVALID (0x49) at "), mate);
            assertTrue(mate.endsWith("; group fatal_fault (fatal_queues 0x1: qbad))"), mate);
            assertEquals("queue qother (stopped on breakpoint)", threads[2].getName());
        }
    }

    @Test
    void aReopenedCoreDumpShowsTheTerminatedGroupsQueuesAsEnded() throws Exception {
        try (DapSession s = DapSession.on(dir, "group.csf", GROUP_OF_TWO)) {
            var program = new Assembler().assemble(s.file).program();
            Path out = dir.resolve("out");
            RunFiles.write(new Simulator(RunOptions.defaults()).run(program), program, out);
            Path core = out.resolve("core.json");
            assertTrue(Files.exists(core));
            DapSession.get(s.server.launch(Map.of("coreDump", core.toString())));
            s.next("initialized", String.class);
            s.configurationDone();
            assertEquals("exception", s.stopped().getReason());
            Thread[] threads = DapSession.get(s.server.threads()).getThreads();
            assertTrue(threads[0].getName().startsWith("queue qbad (ended: unknown_opcode CS_INSTR_INVALID (0x49)"),
                    threads[0].getName());
            assertTrue(threads[1].getName().startsWith("queue qmate (ended: cancelled, queue qbad"),
                    threads[1].getName());
            String d = s.exceptionInfo(1).getDescription();
            assertTrue(d.contains("class CS_FATAL, CS_FATAL.EXCEPTION_TYPE: 0x49 (CS_INSTR_INVALID)"), d);
            assertTrue(d.contains("CSG slot 0 CS slot 0; group g: fatal_fault (fatal_queues 0x1: qbad)"), d);
        }
    }
}
