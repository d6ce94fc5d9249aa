package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluateTest {

    @TempDir
    Path dir;

    private DapSession atFragment() {
        return DapSession.stoppedAt(dir, "clear.csf", Streams.CLEAR, 11);
    }

    private static EvaluateArguments expression(String text) {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(text);
        a.setContext("repl");
        return a;
    }

    private static EvaluateResponse evaluate(DapSession s, String text) {
        return DapSession.get(s.server.evaluate(expression(text)));
    }

    @Test
    void registersAndTheAssemblersOperatorsEvaluate() throws Exception {
        try (DapSession s = atFragment()) {
            assertEquals("0x0000000000000003 (3)", evaluate(s, "r43 >> 16").getResult());
            assertEquals("0x0000000000000040 (64)", evaluate(s, "sizeof(color)").getResult());
            assertEquals("0x0000000000000001 (1)", evaluate(s, "(d40 & 1) == 1 && r42 == 0").getResult());
        }
    }

    @Test
    void anAddressCarriesAMemoryReferenceAndAPlainNumberDoesNot() throws Exception {
        try (DapSession s = atFragment()) {
            EvaluateResponse color = evaluate(s, "color");
            assertNotNull(color.getMemoryReference());
            assertNull(evaluate(s, "12").getMemoryReference());
        }
    }

    @Test
    void memoryReadsReadTheQueuesVmInTheSizeAsked() throws Exception {
        String text = """
                .buffer data, size=16
                    .dword 0x1122334455667788
                .stream main
                    MOVE48 d2, data
                    MOVE32 r1, #1
                """;
        try (DapSession s = DapSession.stoppedAt(dir, "data.csf", text, 5)) {
            assertEquals("0x1122334455667788 (1234605616436508552)", evaluate(s, "dword [d2]").getResult());
            assertEquals("0x0000000055667788 (1432778632)", evaluate(s, "[d2]").getResult());
            assertEquals("0x0000000011223344 (287454020)", evaluate(s, "word [data + 4]").getResult());
            assertEquals("0x0000000000007788 (30600)", evaluate(s, "hword [d2]").getResult());
            assertEquals("0x0000000000000077 (119)", evaluate(s, "byte [d2 + 1]").getResult());
        }
    }

    @Test
    void aReadOfUnmappedMemorySaysSo() throws Exception {
        try (DapSession s = atFragment()) {
            String message = DapSession.refusal(s.server.evaluate(expression("[0xdead0000]")));
            assertTrue(message.contains("0xdead0000"), message);
            assertTrue(message.contains("VM main"), message);
        }
    }

    @Test
    void anUnknownNameSaysWhatNamesThereAre() throws Exception {
        try (DapSession s = atFragment()) {
            String message = DapSession.refusal(s.server.evaluate(expression("r1 + colour")));
            assertTrue(message.startsWith("column 6: 'colour' is not a register (r0..r95, d0..d94)"), message);
        }
    }

    @Test
    void walkPrintsEveryLevelOfThePageTableWalk() throws Exception {
        try (DapSession s = atFragment()) {
            String walk = evaluate(s, "walk color").getResult();
            String[] lines = walk.split("\n");
            assertTrue(lines[0].startsWith("VA 0x"), walk);
            assertTrue(lines[1].contains("L0 table PA"), walk);
            assertTrue(walk.contains("page -> PA"), walk);
            assertTrue(lines[lines.length - 1].startsWith("  => "), walk);
        }
    }

    @Test
    void walkOfAnUnmappedVaShowsWhereTheWalkEnds() throws Exception {
        try (DapSession s = atFragment()) {
            String walk = evaluate(s, "walk 0xdead0000").getResult();
            assertTrue(walk.contains("invalid"), walk);
        }
    }

    @Test
    void fbdGivesTheAssemblersTaggedPointer() throws Exception {
        try (DapSession s = atFragment()) {
            assertEquals(evaluate(s, "d40").getResult(), evaluate(s, "fbd(fbd)").getResult());
            assertEquals("0x0000000000000001 (1)", evaluate(s, "fbd(fbd) == (fbd | 1)").getResult());
        }
    }

    @Test
    void aLocalLabelReferenceCountsFromTheQueuesInstruction() throws Exception {
        String text = """
                .stream main
                    NOP
                1:
                    MOVE32 r1, #1
                1:
                    MOVE32 r2, #2
                    NOP
                """;
        try (DapSession s = DapSession.stoppedAt(dir, "local.csf", text, 4)) {
            assertEquals("0x0000000000000001 (1)", evaluate(s, "1b == main + 8").getResult());
            assertEquals("0x0000000000000001 (1)", evaluate(s, "1f == main + 16").getResult());
            String message = DapSession.refusal(s.server.evaluate(expression("2b")));
            assertTrue(message.startsWith("column 1: no local label '2:' before"), message);
        }
    }

    @Test
    void aNonAsciiNameIsRefusedAsTheAssemblerRefusesIt() throws Exception {
        try (DapSession s = atFragment()) {
            assertEquals("column 6: unexpected character 'é'", DapSession.refusal(s.server.evaluate(expression("r1 + é"))));
        }
    }
}
