package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;
import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.source.SourceText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Program;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixups: recorded in pass 1, applied once and in order after layout, with the final addresses. */
class FixupsTest {

    private static final class Recorder implements Fixup.Handler {
        final List<Integer> applied = new ArrayList<>();
        final List<String> branchNames = new ArrayList<>();

        @Override
        public void instruction(Statement s, int index, InstructionFixup fixup) {
            applied.add(index);
            branchNames.add(fixup.operands().get(0).expr().names()[0]);
        }

        @Override
        public void constant(Statement s, int index, ConstantAssignment assignment) {
            applied.add(index);
        }

        @Override
        public void parsed(Statement s, int index, CsfParser.StatementContext tree) {
            applied.add(index);
        }

        @Override
        public void descriptor(Statement s, int index, DescriptorArguments arguments) {
            applied.add(index);
        }

        @Override
        public void expectation(Statement s, int index, ScannedExpectation expectation) {
            applied.add(index);
        }
    }

    private static final InstructionFixup BRANCH = branch("top");

    /** A branch to {@code label}: its one operand the label's name. */
    private static InstructionFixup branch(String label) {
        return new InstructionFixup(null, 0, false, null,
                List.of(new InstructionFixup.Operand(null, SymbolicExpression.name(label, 1, 4), 1)));
    }

    /** A table of {@code rows} statements, one a line of a file. */
    private static StatementTable table(int rows) {
        StatementTable table = new StatementTable();
        SourceFile file = new SourceFile(Path.of("/virtual/fixups.csf"), SourceText.of(""), new int[] {0});
        for (int i = 0; i < rows; i++) {
            table.add(file, i + 1);
        }
        return table;
    }

    @Test
    void fixupsAreAppliedOnceInTheOrderTheyWereRecorded() {
        Fixups fixups = new Fixups();
        StatementTable table = table(107);
        fixups.record(3, BRANCH);
        fixups.record(table.get(4), new Fixup.Parsed(null));
        for (int i = 0; i < 100; i++) { // past the first columns' capacity
            fixups.record(7 + i, branch("l" + i));
        }
        Recorder recorder = new Recorder();
        List<Integer> before = new ArrayList<>();
        fixups.apply(table, (index, file) -> before.add(index), recorder);
        List<Integer> expected = new ArrayList<>(List.of(3, 4));
        for (int i = 0; i < 100; i++) {
            expected.add(7 + i);
        }
        assertEquals(expected, recorder.applied);
        assertEquals(expected, before);
        assertEquals("top", recorder.branchNames.get(0));
        assertEquals("l99", recorder.branchNames.get(100), "each branch with its own columns");
        assertThrows(IllegalStateException.class, () -> fixups.apply(table, (index, file) -> { }, recorder));
        assertEquals(expected, recorder.applied);
    }

    @Test
    void aFixupRecordedAfterTheyWereAppliedIsRefused() {
        Fixups fixups = new Fixups();
        StatementTable table = table(1);
        fixups.apply(table, (index, file) -> { }, new Recorder());
        assertThrows(IllegalStateException.class, () -> fixups.record(0, BRANCH));
        assertThrows(IllegalStateException.class, () -> fixups.record(table.get(0), new Fixup.Parsed(null)));
    }

    @Test
    void symbolicOperandsGetTheAddressesLayoutGives() {
        // a forward branch, a buffer declared after its use (its address is known only after layout) and a
        // constant defined in terms of a label: each word is finished by its fixup
        AssemblyResult r = new Assembler().assembleText(Path.of("/virtual/fixups.csf"), String.join("\n",
                ".stream main, at=0x10000",
                "    BRANCH.always r0, done",
                "    MOVE48 d2, table + 8",
                "    MOVE32 r4, lo32(after)",
                "done:",
                "    NOP",
                ".equ after, done + 16",
                ".buffer table, at=0x40000",
                "    .dword 1",
                ""), f -> null);
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        Program p = r.program();
        assertEquals(2, (short) (p.entrySection().word(0) & 0xffff)); // over two instructions
        assertEquals(0x40008L, p.entrySection().word(1) & 0xffff_ffff_ffffL);
        assertEquals(0x10018L + 16, p.entrySection().word(2) & 0xffff_ffffL);
    }
}
