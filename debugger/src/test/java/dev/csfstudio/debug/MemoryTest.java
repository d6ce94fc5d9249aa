package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.ReadMemoryArguments;
import org.eclipse.lsp4j.debug.ReadMemoryResponse;
import org.eclipse.lsp4j.debug.WriteMemoryArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryTest {

    @TempDir
    Path dir;

    private static final String DATA = """
            .buffer data, size=4096, align=4096
                .word 0x11223344
            .stream main
                MOVE32 r1, #1
                MOVE32 r2, #2
                MOVE32 r3, #3
            """;

    private DapSession stoppedOn(String text, int line) {
        return DapSession.stoppedAt(dir, "mem.csf", text, line);
    }

    private static ReadMemoryResponse read(DapSession s, String reference, int offset, int count) {
        ReadMemoryArguments a = new ReadMemoryArguments();
        a.setMemoryReference(reference);
        a.setOffset(offset);
        a.setCount(count);
        return DapSession.get(s.server.readMemory(a));
    }

    private static String reference(DapSession s, String symbol) {
        return s.scope(1, "Labels and constants").get(symbol).getMemoryReference();
    }

    @Test
    void readMemoryReadsTheBytesAtAGpuVa() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            ReadMemoryResponse r = read(s, reference(s, "data"), 0, 4);
            assertEquals("RDMiEQ==", r.getData()); // 44 33 22 11
            assertNull(r.getUnreadableBytes());
        }
    }

    @Test
    void aReadAcrossTheEndOfMappedMemoryReportsTheRestUnreadable() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            // the buffer is one page; the next page is the stream's or nothing: read far past everything
            ReadMemoryResponse r = read(s, reference(s, "data"), 0, 1 << 24);
            int readable = Base64.getDecoder().decode(r.getData()).length;
            assertTrue(readable >= 4096, "readable " + readable);
            assertEquals((1 << 24) - readable, r.getUnreadableBytes());
        }
    }

    @Test
    void aReadOfUnmappedMemoryHasNoDataAndAllUnreadable() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            ReadMemoryResponse r = read(s, "0xdead0000", 0, 64);
            assertNull(r.getData());
            assertEquals(64, r.getUnreadableBytes());
        }
    }

    @Test
    void aWriteToUnmappedMemoryFailsSayingWhere() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            WriteMemoryArguments a = new WriteMemoryArguments();
            a.setMemoryReference("0xdead0000");
            a.setData("AAAA");
            String message = DapSession.refusal(s.server.writeMemory(a));
            assertTrue(message.contains("0xdead0000"), message);
            assertTrue(message.contains("nothing written"), message);
        }
    }

    @Test
    void aWrittenValueIsReadBack() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            WriteMemoryArguments a = new WriteMemoryArguments();
            a.setMemoryReference(reference(s, "data"));
            a.setOffset(8);
            a.setData(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}));
            assertEquals(3, DapSession.get(s.server.writeMemory(a)).getBytesWritten());
            assertEquals("AQID", read(s, reference(s, "data"), 8, 3).getData());
        }
    }

    @Test
    void aPatchedInstructionExecutesAsWritten() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            // the word of line 6 (MOVE32 r3, #3) with its immediate changed to 9
            String pc = s.top(1).getInstructionPointerReference();
            ReadMemoryResponse word = read(s, pc, 8, 8);
            long w = ByteBuffer.wrap(Base64.getDecoder().decode(word.getData())).order(ByteOrder.LITTLE_ENDIAN).getLong();
            long patched = (w & ~0xffff_ffffL) | 9;
            WriteMemoryArguments a = new WriteMemoryArguments();
            a.setMemoryReference(pc);
            a.setOffset(8);
            a.setData(Base64.getEncoder().encodeToString(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                    .putLong(patched).array()));
            DapSession.get(s.server.writeMemory(a));
            s.next(1);
            s.next(1);
            assertEquals("0x00000009 (9)", s.register(1, "r3"));
        }
    }

    @Test
    void setVariableWritesARegister() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            var a = new org.eclipse.lsp4j.debug.SetVariableArguments();
            org.eclipse.lsp4j.debug.ScopesArguments sa = new org.eclipse.lsp4j.debug.ScopesArguments();
            sa.setFrameId(s.top(1).getId());
            int registers = DapSession.get(s.server.scopes(sa)).getScopes()[0].getVariablesReference();
            a.setVariablesReference(registers);
            a.setName("r7");
            a.setValue("0x10 + r1");
            assertEquals("0x00000011 (17)", DapSession.get(s.server.setVariable(a)).getValue());
            assertEquals("0x00000011 (17)", s.register(1, "r7"));
        }
    }

    @Test
    void setVariableOfSomethingThatIsNotARegisterIsRefused() throws Exception {
        try (DapSession s = stoppedOn(DATA, 5)) {
            org.eclipse.lsp4j.debug.ScopesArguments sa = new org.eclipse.lsp4j.debug.ScopesArguments();
            sa.setFrameId(s.top(1).getId());
            var scopes = DapSession.get(s.server.scopes(sa)).getScopes();
            var a = new org.eclipse.lsp4j.debug.SetVariableArguments();
            a.setVariablesReference(scopes[scopes.length - 1].getVariablesReference());
            a.setName("data");
            a.setValue("1");
            String message = DapSession.refusal(s.server.setVariable(a));
            assertTrue(message.contains("only registers and descriptor fields can be set"), message);
        }
    }
}
