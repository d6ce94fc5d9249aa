package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Instruction semantics and faults, each on the smallest stream that shows it. */
class ExecutionTest {

    static final long MAIN = 0x10000, SUB = 0x11000, DATA = 0x20000;

    static long move32(int r, long v) {
        return insn("MOVE32", "dst", r, "imm", v);
    }

    static long move48(int d, long v) {
        return insn("MOVE48", "dst", d, "imm", v);
    }

    static long add32(int dst, int src, long imm) {
        return insn("ADD_IMMEDIATE32", "dst", dst, "src", src, "imm", imm);
    }

    static long branch(String cond, int r, long offset) {
        int c = List.of("le", "gt", "eq", "ne", "lt", "ge", "always").indexOf(cond);
        return insn("BRANCH", "value", r, "cond", c, "offset", offset);
    }

    static RunReport run(ProgramFixture p) {
        return new Simulator().run(p.build());
    }

    static RunReport run(ProgramFixture p, long steps) {
        return new Simulator(RunOptions.defaults().withStepBudget(steps)).run(p.build());
    }

    @Test
    void move48SplitsTheImmediateIntoTheRegisterPair() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move48(10, 0x1234_5678_9abcL));
        RunReport r = run(p);
        assertEquals(0x5678_9abcL, r.registers()[10]);
        assertEquals(0x1234L, r.registers()[11]);
    }

    @Test
    void registersAreReportedUnsigned() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move32(3, -1));
        assertEquals(0xffff_ffffL, run(p).registers()[3]);
    }

    @Test
    void addImmediate64CarriesIntoTheHighWord() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move48(4, 0xffff_ffffL), insn("ADD_IMMEDIATE64", "dst", 6, "src", 4, "imm", 1));
        RunReport r = run(p);
        assertEquals(0, r.registers()[6]);
        assertEquals(1, r.registers()[7]);
    }

    @Test
    void umin32TakesTheUnsignedMinimum() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move32(1, -1), move32(2, 5), insn("UMIN32", "dst", 0, "src0", 1, "src1", 2));
        assertEquals(5, run(p).registers()[0]);
    }

    @Test
    void branchLoopRunsUntilTheCounterIsZero() {
        ProgramFixture p = new ProgramFixture();
        // r0 = 10; loop: r1 += 3; r0 -= 1; BRANCH.ne r0, loop (offset -3 from the next instruction)
        p.stream("main", MAIN, move32(0, 10), add32(1, 1, 3), add32(0, 0, -1), branch("ne", 0, -3));
        RunReport r = run(p);
        assertEquals(RunStatus.OK, r.status());
        assertEquals(30, r.registers()[1]);
        assertEquals(1 + 3 * 10, r.instructions());
    }

    @Test
    void forwardBranchSkipsInstructions() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, branch("always", 0, 1), move32(5, 99), move32(6, 7));
        RunReport r = run(p);
        assertEquals(0, r.registers()[5]);
        assertEquals(7, r.registers()[6]);
    }

    @Test
    void branchOutsideTheBufferFaultsOnItsLine() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, move32(0, 1), branch("always", 0, 5));
        RunReport r = run(p);
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals(FaultKind.BRANCH_OUT_OF_BUFFER, r.fault().kind());
        assertEquals(first + 1, r.fault().line().line());
        assertEquals(MAIN + 8 * 7, r.fault().va());
    }

    @Test
    void branchLeavingTheBufferOnALaterPassFaultsOnItsLineAndCounts() {
        // The first pass decodes the BRANCH.ne on r1 not taken; the second takes it from inside the loop.
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, move32(0, 2), move32(1, 0), add32(0, 0, -1), branch("ne", 1, 100),
                move32(1, 1), branch("ne", 0, -4));
        RunReport r = run(p);
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals(FaultKind.BRANCH_OUT_OF_BUFFER, r.fault().kind());
        assertEquals(first + 3, r.fault().line().line());
        assertEquals(MAIN + 8 * (3 + 1 + 100), r.fault().va());
        assertEquals(2 + 4 + 2, r.instructions());
    }

    @Test
    void callRunsTheOtherStreamAndReturnsAtItsEnd() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move48(20, SUB), move32(22, 16), insn("CALL", "addr", 20, "length", 22),
                move32(2, 2));
        p.stream("sub", SUB, move32(1, 1), move32(3, 3));
        RunReport r = run(p);
        assertEquals(RunStatus.OK, r.status());
        assertArrayEquals(new long[] {0, 1, 2, 3}, java.util.Arrays.copyOf(r.registers(), 4));
    }

    @Test
    void jumpChainsChunksAsMesaDoes() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move32(1, 1), move48(20, SUB), move32(22, 8), insn("JUMP", "addr", 20, "length", 22),
                move32(9, 9));
        p.stream("sub", SUB, move32(2, 2));
        RunReport r = run(p);
        assertEquals(RunStatus.OK, r.status());
        assertEquals(2, r.registers()[2]);
        assertEquals(0, r.registers()[9], "JUMP does not come back");
    }

    @Test
    void callToAnUnalignedLengthFaults() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, move48(20, SUB), move32(22, 12), insn("CALL", "addr", 20, "length", 22));
        p.stream("sub", SUB, move32(1, 1), move32(1, 1));
        RunReport r = run(p);
        assertEquals(FaultKind.UNALIGNED_CALL, r.fault().kind());
        assertEquals(first + 2, r.fault().line().line());
    }

    @Test
    void callPastTheMappedMemoryIsOutOfBounds() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move48(20, SUB), move32(22, 8192), insn("CALL", "addr", 20, "length", 22));
        p.stream("sub", SUB, move32(1, 1));
        RunReport r = run(p);
        assertEquals(FaultKind.CALL_OUT_OF_BOUNDS, r.fault().kind());
        assertEquals(SUB + 4096, r.fault().va());
    }

    @Test
    void ninthCallFrameOverflowsTheStack() {
        ProgramFixture p = new ProgramFixture();
        // A stream that calls itself: the ring's root frame + 7 user frames fit, the next CALL does not.
        p.stream("main", MAIN, move48(20, MAIN), move32(22, 24), insn("CALL", "addr", 20, "length", 22));
        RunReport r = run(p);
        assertEquals(FaultKind.CALL_STACK_OVERFLOW, r.fault().kind());
        assertEquals(7, r.coreDump().callStack().size() - 1, "seven user frames above the root");
        assertEquals(6, r.fault().callChain().size() - 1, "six CALL sites plus the .submit");
    }

    @Test
    void unknownOpcodeFaults() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, move32(0, 1), 0x0a00_0000_0000_0000L);
        RunReport r = run(p);
        assertEquals(FaultKind.UNKNOWN_OPCODE, r.fault().kind());
        assertEquals(first + 1, r.fault().line().line());
        assertTrue(r.fault().message().contains("UNKNOWN_10"), r.fault().message());
    }

    @Test
    void registerBeyondTheFileIsAnInvalidInstruction() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, insn("MOVE32", "dst", 200, "imm", 1));
        RunReport r = run(p);
        assertEquals(FaultKind.INVALID_INSTRUCTION, r.fault().kind());
        assertTrue(r.fault().message().contains("r200"), r.fault().message());
    }

    @Test
    void loadMultipleFillsTheMaskedRegistersFromMemory() {
        ProgramFixture p = new ProgramFixture();
        byte[] data = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
        p.buffer("ctx", DATA, data);
        p.stream("main", MAIN, move48(76, DATA),
                insn("LOAD_MULTIPLE", "base", 40, "addr", 76, "mask", 0b101, "offset", 0));
        RunReport r = run(p);
        assertEquals(1, r.registers()[40]);
        assertEquals(0, r.registers()[41]);
        assertEquals(3, r.registers()[42]);
    }

    @Test
    void storeMultipleWritesRegistersAtTheOffset() throws Exception {
        ProgramFixture p = new ProgramFixture();
        p.buffer("out", DATA, new byte[16]);
        p.stream("main", MAIN, move48(76, DATA + 8), move32(0, 0x11223344), move32(1, 5),
                insn("STORE_MULTIPLE", "base", 0, "addr", 76, "mask", 0b11, "offset", -8));
        RunReport r = run(p);
        assertArrayEquals(new byte[] {0x44, 0x33, 0x22, 0x11, 5, 0, 0, 0}, r.memory().readBuffer("out", 0, 8));
    }

    @Test
    void loadFromAnUnmappedAddressIsATranslationFaultNamingTheLine() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, move48(40, 0xdead_0000L),
                insn("LOAD_MULTIPLE", "base", 40, "addr", 40, "mask", 3, "offset", 0));
        RunReport r = run(p);
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals(FaultKind.TRANSLATION, r.fault().kind());
        assertEquals(0xdead_0000L, r.fault().va());
        assertEquals(first + 1, r.fault().line().line());
        assertEquals("main", r.fault().addressSpace());
        assertNotNull(r.coreDump());
    }

    @Test
    void endlessLoopTimesOutWithACoreDump() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, add32(0, 0, 1), branch("always", 0, -2));
        p.buffer("state", "main", DATA, new byte[] {7}, true);
        RunReport r = run(p, 1000);
        assertEquals(RunStatus.TIMEOUT, r.status());
        assertEquals(FaultKind.TIMEOUT, r.fault().kind());
        assertEquals(64, r.coreDump().lastInstructions().size());
        RunReport.ExecutedInstruction last = r.coreDump().lastInstructions().get(63);
        assertTrue(last.line().line() == first || last.line().line() == first + 1);
        assertEquals(7, r.coreDump().dumpableBuffers().get("state")[0]);
    }

    @Test
    void storeStateWritesTheQueueCycleCount() throws Exception {
        ProgramFixture p = new ProgramFixture();
        p.buffer("out", DATA, new byte[8]);
        p.stream("main", MAIN, move48(50, DATA), insn("STORE_STATE", "addr", 50, "state", 1, "offset", 0));
        RunReport r = run(p);
        // The ring buffer's three instructions, then MOVE48 and STORE_STATE itself.
        assertEquals(5, r.memory().readBuffer("out", 0, 1)[0]);
    }

    @Test
    void computeDispatchIsRecordedWithItsInputs() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, move48(0, 0x1234), insn("RUN_COMPUTE", "task_inc", 4));
        RunReport r = run(p);
        assertEquals(RunStatus.OK, r.status());
        RunReport.RecordedInstruction rec = r.recorded().get(0);
        assertEquals(first + 1, rec.line().line());
        assertEquals(4L, rec.fields().get("task_inc"));
        assertTrue(rec.text().startsWith("RUN_COMPUTE"), rec.text());
    }

    @Test
    void decodedPageIsDroppedWhenTheStreamIsOverwritten() {
        ProgramFixture p = new ProgramFixture();
        // STORE_MULTIPLE overwrites the instruction after its WAIT (MOVE32 r5, #1) with MOVE32 r5, #2.
        long replacement = move32(5, 2);
        p.stream("main", MAIN, move48(60, MAIN + 40), move32(0, (int) replacement), move32(1, (int) (replacement >>> 32)),
                insn("STORE_MULTIPLE", "base", 0, "addr", 60, "mask", 3, "offset", 0), insn("WAIT", "wait_mask", 1),
                move32(5, 1));
        assertEquals(2, run(p).registers()[5]);
    }

    @Test
    void faultInACalledStreamNamesItsLineAndTheCallSite() {
        ProgramFixture p = new ProgramFixture();
        int main = p.stream("main", MAIN, move48(20, SUB), move32(22, 8), insn("CALL", "addr", 20, "length", 22));
        int sub = p.stream("sub", SUB, 0x0a00_0000_0000_0000L);
        RunReport r = run(p);
        assertEquals(FaultKind.UNKNOWN_OPCODE, r.fault().kind());
        assertEquals(sub, r.fault().line().line());
        assertEquals(main + 2, r.fault().callChain().get(0).line());
        assertEquals(SUB, r.fault().instruction());
    }
}
