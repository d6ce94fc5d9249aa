package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.layout.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.csfstudio.program.Program;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixups: recorded in pass 1, applied once and in order after layout, with the final addresses. */
class FixupsTest {

    private static final class Recorder implements Fixup.Handler {
        final List<Integer> applied = new ArrayList<>();

        @Override
        public void branch(Fixup.Branch fixup) {
            applied.add(fixup.index());
        }

        @Override
        public void parsed(Fixup.Parsed fixup) {
            applied.add(fixup.index());
        }

        @Override
        public void symbolic(Fixup.Symbolic fixup) {
            applied.add(fixup.index());
        }

        @Override
        public void constant(Fixup.Constant fixup) {
            applied.add(fixup.index());
        }
    }

    private static Fixup branch(int index) {
        return new Fixup.Branch(new Statement(null, index + 1), index, null);
    }

    @Test
    void fixupsAreAppliedOnceInTheOrderTheyWereRecorded() {
        Fixups fixups = new Fixups();
        fixups.record(branch(3));
        fixups.record(new Fixup.Parsed(new Statement(null, 5), 4, null));
        fixups.record(branch(7));
        Recorder recorder = new Recorder();
        List<Integer> before = new ArrayList<>();
        fixups.apply(f -> before.add(f.index()), recorder);
        assertEquals(List.of(3, 4, 7), recorder.applied);
        assertEquals(List.of(3, 4, 7), before);
        assertThrows(IllegalStateException.class, () -> fixups.apply(f -> { }, recorder));
        assertEquals(List.of(3, 4, 7), recorder.applied);
    }

    @Test
    void aFixupRecordedAfterTheyWereAppliedIsRefused() {
        Fixups fixups = new Fixups();
        fixups.apply(f -> { }, new Recorder());
        assertThrows(IllegalStateException.class, () -> fixups.record(branch(0)));
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
