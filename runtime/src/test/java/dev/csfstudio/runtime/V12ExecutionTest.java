package dev.csfstudio.runtime;

import dev.csfstudio.isa.Arch;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A program assembled for v12 runs on v12's tables: its registers, encodings, conditions and logic ops. */
class V12ExecutionTest {

    static final long MAIN = 0x10000, SUB = 0x11000;
    static final List<String> CONDITIONS = List.of("le", "gt", "eq", "ne", "lt", "ge", "always");

    static long v12(String mnemonic, Object... fields) {
        return insn(Arch.V12, mnemonic, fields);
    }

    static RunReport run(long... words) {
        ProgramFixture p = new ProgramFixture(Arch.V12);
        p.stream("main", MAIN, words);
        return new Simulator().run(p.build());
    }

    static long move32(int r, long v) {
        return v12("MOVE32", "dst", r, "imm", v);
    }

    static long branch(String cond, int r, long offset) {
        return v12("BRANCH", "value", r, "cond", CONDITIONS.indexOf(cond), "offset", offset);
    }

    @Test
    void aV12QueueHas128Registers() {
        RunReport r = run(move32(100, 7), move32(123, 9));
        assertEquals(128, r.registers().length);
        assertEquals(7, r.registers()[100]);
        assertEquals(9, r.registers()[123]);
    }

    @Test
    void theKernelRingBufferCallsThroughTheLastFourRegistersOfV12() {
        RunReport r = run(move32(0, 1));
        // After the job's end: d124 holds the completion sync object's address, d126 the increment 1 (panthor's
        // MOV48 rX+2, #1 writes r127 too).
        RunReport.QueueState q = r.queues().get(0);
        assertEquals(q.completion().address(), r.registers()[124] | r.registers()[125] << 32);
        assertEquals(1, r.registers()[126]);
        assertEquals(0, r.registers()[127]);
        assertEquals(1, q.completion().seqno());
    }

    @Test
    void branchReadsV12sFourBitConditionField() {
        // r0 = 5; loop: r1 += 2; r0 -= 1; BRANCH.ne r0, loop
        RunReport r = run(move32(0, 5), v12("ADD_IMMEDIATE32", "dst", 1, "src", 1, "imm", 2),
                v12("ADD_IMMEDIATE32", "dst", 0, "src", 0, "imm", -1), branch("ne", 0, -3));
        assertEquals(RunStatus.OK, r.status());
        assertEquals(10, r.registers()[1]);
    }

    @Test
    void everyConditionOfTheTableIsEvaluatedAsItsNameSays() {
        // r0 = -1 (negative): le, ne, lt and always are taken and skip the MOVE32 r1, 1 after them.
        for (String cond : CONDITIONS) {
            RunReport r = run(move32(0, -1), branch(cond, 0, 1), move32(1, 1), move32(2, 2));
            boolean taken = List.of("le", "ne", "lt", "always").contains(cond);
            assertEquals(taken ? 0 : 1, r.registers()[1], cond);
            assertEquals(2, r.registers()[2], cond);
        }
    }

    @Test
    void aConditionValueTheTableDoesNotDefineIsAnInvalidInstruction() {
        // The v12 field is 4 bits (31:28); 9 names no condition.
        RunReport r = run(v12("BRANCH", "value", 0, "cond", 9, "offset", 0));
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals(FaultKind.INVALID_INSTRUCTION, r.fault().kind());
        assertTrue(r.fault().message().contains("condition 9 is not defined (0..6)"), r.fault().message());
    }

    @Test
    void moveReg32CopiesARegister() {
        RunReport r = run(move32(3, 0xdead_beefL), v12("MOVE_REG32", "dst", 110, "src0", 3));
        assertEquals(0xdead_beefL, r.registers()[110]);
    }

    @Test
    void logicOpAliasesComputeWhatTheirNamesSay() {
        long a = 0b1100, b = 0b1010;
        RunReport r = run(move32(1, a), move32(2, b),
                v12("AND32", "dst", 10, "src0", 1, "src1", 2),
                v12("OR32", "dst", 11, "src0", 1, "src1", 2),
                v12("XOR32", "dst", 12, "src0", 1, "src1", 2),
                v12("NOT32", "dst", 13, "src0", 1));
        assertEquals(0b1000, r.registers()[10]);
        assertEquals(0b1110, r.registers()[11]);
        assertEquals(0b0110, r.registers()[12]);
        assertEquals(~a & 0xffff_ffffL, r.registers()[13]);
    }

    @Test
    void indexModeUsesOneShiftedByTheSecondRegister() {
        RunReport r = run(move32(1, 0xff), move32(2, 8), move32(3, 3),
                v12("BIT_SET32", "dst", 10, "src0", 1, "src1", 2),
                v12("BIT_CLEAR32", "dst", 11, "src0", 1, "src1", 3));
        assertEquals(0x1ff, r.registers()[10] & 0xfff);
        assertEquals(0xf7, r.registers()[11]);
    }

    /** mesa's truth table: bit 0 of the mode selects a & b, bit 1 a & ~b, bit 2 ~a & b, bit 3 ~a & ~b. */
    @Property(tries = 200)
    void logicOp32FollowsItsModesTruthTable(@ForAll @IntRange(min = 0, max = 15) int mode, @ForAll int a,
                                           @ForAll int b) {
        RunReport r = run(move32(1, a), move32(2, b),
                v12("LOGIC_OP32", "dst", 3, "src0", 1, "src1", 2, "mode", mode));
        long out = r.registers()[3];
        for (int bit = 0; bit < 32; bit++) {
            int x = a >>> bit & 1, y = b >>> bit & 1;
            int row = x == 1 ? (y == 1 ? 0 : 1) : (y == 1 ? 2 : 3);
            assertEquals(mode >>> row & 1, out >>> bit & 1, "mode " + mode + " bit " + bit);
        }
    }

    @Test
    void callAndJumpUseV12sOpcodes() {
        ProgramFixture p = new ProgramFixture(Arch.V12);
        p.stream("main", MAIN, v12("MOVE48", "dst", 100, "imm", SUB), move32(102, 16),
                v12("CALL", "addr", 100, "length", 102), move32(5, 5));
        p.stream("sub", SUB, move32(4, 4), move32(6, 6));
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status());
        assertEquals(4, r.registers()[4]);
        assertEquals(5, r.registers()[5]);
        assertEquals(6, r.registers()[6]);
    }

    @Test
    void v12InstructionsTheSimulatorDoesNotModelAreRecordedWithAReason() {
        RunReport r = run(v12("PROGRESS_WAIT", "src", 2, "queue", 3));
        assertEquals(RunStatus.OK, r.status());
        RunReport.RecordedInstruction rec = r.recorded().get(0);
        assertEquals("PROGRESS_WAIT d2, #3", rec.text());
        assertNotNull(rec.reason());
        assertTrue(rec.reason().contains("progress"), rec.reason());
    }

    @Test
    void setStateImm32ExecutesInsteadOfBeingRecorded() {
        RunReport r = run(v12("SET_STATE_IMM32", "state", 8, "value", 3));
        assertEquals(RunStatus.OK, r.status());
        assertTrue(r.recorded().isEmpty());
    }
}
