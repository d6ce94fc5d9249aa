package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.DisassembleArguments;
import org.eclipse.lsp4j.debug.DisassembledInstruction;
import org.eclipse.lsp4j.debug.DisassembledInstructionPresentationHint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DisassembleTest {

    @TempDir
    Path dir;

    private static DisassembledInstruction[] disassemble(DapSession s, String reference, int instructionOffset, int count) {
        DisassembleArguments a = new DisassembleArguments();
        a.setMemoryReference(reference);
        a.setInstructionOffset(instructionOffset);
        a.setInstructionCount(count);
        a.setResolveSymbols(true);
        return DapSession.get(s.server.disassemble(a)).getInstructions();
    }

    @Test
    void instructionsAroundTheProgramCounterHaveTheirSourceLines() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file, 3);
            s.configurationDone();
            s.stopped();
            DisassembledInstruction[] d = disassemble(s, s.top(1).getInstructionPointerReference(), -1, 3);
            assertEquals(3, d.length);
            assertTrue(d[0].getInstruction().startsWith("MOVE32 r1"), d[0].getInstruction());
            assertEquals(2, d[0].getLine());
            assertEquals("main", d[0].getSymbol());
            assertEquals(3, d[1].getLine());
            assertEquals(s.top(1).getInstructionPointerReference(), d[1].getAddress());
            assertTrue(d[2].getLocation().getPath().endsWith("moves.csf"));
        }
    }

    @Test
    void addressesNoPageMapsAreInvalidEntries() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DisassembledInstruction[] d = disassemble(s, "0xdead0000", 0, 2);
            assertEquals(DisassembledInstructionPresentationHint.INVALID, d[0].getPresentationHint());
            assertTrue(d[1].getInstruction().startsWith("??"), d[1].getInstruction());
        }
    }
}
