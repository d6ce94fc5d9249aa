package dev.csfstudio.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.program.Program;
import dev.csfstudio.runtime.report.RunRecorder;
import org.junit.jupiter.api.Test;

/** The recorder finds an address's source line by VM and address, whatever it looked up before. */
class RecordedLinesTest {

    @Test
    void aLineIsFoundByItsVmAndAddressWhateverWasLookedUpBefore() {
        // 4,097 NOPs on lines 2..4098, the first and the last 32 KiB apart; VM other lays out from the same base,
        // so its MOVE32 (line 4101) has the first NOP's address
        String source = ".stream main\n" + "    NOP\n".repeat(4097) + ".vm other\n.stream o\n    MOVE32 r1, #1\n";
        Program program = Sessions.assemble(source);
        long base = program.section("main").orElseThrow().address();
        assertEquals(base, program.section("o").orElseThrow().address());
        RunRecorder recorder = new RunRecorder(program);

        assertEquals(2, recorder.lineAt("main", base).line());
        assertEquals(4098, recorder.lineAt("main", base + 8 * 4096).line());
        assertEquals(4101, recorder.lineAt("other", base).line());
        assertEquals(2, recorder.lineAt("main", base).line());
        assertNull(recorder.lineAt("main", base + 8 * 4097));
        assertNull(recorder.lineAt("other", base + 8));
    }
}
