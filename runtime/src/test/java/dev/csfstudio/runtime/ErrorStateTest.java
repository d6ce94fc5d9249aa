package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import static dev.csfstudio.runtime.ExecutionTest.move32;
import static dev.csfstudio.runtime.ExecutionTest.move48;
import static dev.csfstudio.runtime.ExecutionTest.run;
import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CS's error state (genxml: a SYNC_ADD/SYNC_SET.error_propagate writes it at [address + 4], 0 = NO_FAULT,
 * 1 = FAULT) and what clears it: ERROR_BARRIER, which panthor's job ring puts after each job's propagating
 * SYNC_ADD64. And SET_EXCEPTION_HANDLER's handlers, one per exception type.
 */
class ErrorStateTest {

    static final long MAIN = 0x10000, HANDLER = 0x11000, FAILED = 0x20000, OUT = 0x21000, HANDLER2 = 0x12000;

    /** A 32-bit sync object holding value 1 with its status word set (1 = FAULT). */
    static byte[] failedSync() {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(1).array();
    }

    static long inheritWait() {
        return insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1, "error_reject", 0);
    }

    static long propagateSet() {
        return insn("SYNC_SET32", "addr", 54, "data", 56, "error_propagate", 1);
    }

    static int statusWord(RunReport r) throws HostAccessException {
        return ByteBuffer.wrap(r.memory().readBuffer("out", 4, 4)).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    static ProgramFixture inheritingThenSetting(long... between) {
        ProgramFixture p = new ProgramFixture();
        p.buffer("failed", FAILED, failedSync());
        p.buffer("out", OUT, new byte[8]);
        long[] head = {move48(50, FAILED), move32(52, 0), inheritWait(), move48(54, OUT), move32(56, 7)};
        long[] words = new long[head.length + between.length + 1];
        System.arraycopy(head, 0, words, 0, head.length);
        System.arraycopy(between, 0, words, head.length, between.length);
        words[words.length - 1] = propagateSet();
        p.stream("main", MAIN, words);
        return p;
    }

    @Test
    void anInheritedErrorPropagatesIntoTheStatusWord() throws Exception {
        RunReport r = run(inheritingThenSetting());
        assertEquals(RunStatus.OK, r.status());
        assertEquals(1, statusWord(r));
    }

    @Test
    void errorBarrierClearsTheErrorStateSoPropagationWritesNoFault() throws Exception {
        RunReport r = run(inheritingThenSetting(insn("ERROR_BARRIER")));
        assertEquals(RunStatus.OK, r.status());
        assertEquals(0, statusWord(r));
    }

    @Test
    void aDeferredPropagationReportsTheErrorStateItWasIssuedWithThoughAnErrorBarrierFollows() throws Exception {
        // panthor's job ring: SYNC_ADD64.propagate_err (deferred), then ERROR_BARRIER; the job's error still reaches
        // its sync object
        long deferredSet = insn("SYNC_SET32", "addr", 54, "data", 56, "error_propagate", 1, "wait_mask", 0b10,
                "signal_slot", 0);
        ProgramFixture p = new ProgramFixture();
        p.buffer("failed", FAILED, failedSync());
        p.buffer("out", OUT, new byte[8]);
        p.stream("main", MAIN, move48(50, FAILED), move32(52, 0), inheritWait(), move48(54, OUT), move32(56, 7),
                deferredSet, insn("ERROR_BARRIER"), insn("WAIT", "wait_mask", 0b1));
        RunReport r = run(p);
        assertEquals(RunStatus.OK, r.status());
        assertEquals(1, statusWord(r));
    }

    @Test
    void aHandlerIsInstalledPerTypeAndALaterOneReplacesIt() {
        ProgramFixture p = new ProgramFixture();
        p.stream("handler", HANDLER, move32(0, 1));
        p.stream("handler2", HANDLER2, move32(0, 2), move32(1, 3));
        long install = insn("SET_EXCEPTION_HANDLER", "addr", 60, "length", 62, "exc_type", 2);
        p.stream("main", MAIN, move48(60, HANDLER), move32(62, 8), install, move48(60, HANDLER2), move32(62, 16),
                install);
        RunReport r = run(p);
        assertEquals(RunStatus.OK, r.status());
        assertEquals(List.of(new ExceptionHandler(2, "tiler_oom", HANDLER2, 16, MAIN + 5 * 8)),
                r.queues().get(0).handlers());
        assertEquals(0, r.registers()[0], "the handler never runs: the model raises no tiler out-of-memory");
    }

    @Test
    void theRunNotesOncePerTypeThatTheHandlerNeverRuns() {
        ProgramFixture p = new ProgramFixture();
        long install = insn("SET_EXCEPTION_HANDLER", "addr", 60, "length", 62, "exc_type", 2);
        p.stream("main", MAIN, move48(60, HANDLER), move32(62, 0), install, install);
        RunReport r = run(p);
        List<String> notes = r.notes().stream().filter(n -> n.startsWith("SET_EXCEPTION_HANDLER")).toList();
        assertEquals(1, notes.size());
        assertTrue(notes.get(0).contains("tiler out-of-memory needs a tiler"), notes.get(0));
    }
}
