package dev.csfstudio.debug;

import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests the adapter cannot serve are refused with a sentence saying why, never a stack trace; the
 * session answers afterwards.
 */
class RefusalTest {

    @TempDir
    Path dir;

    /** A failed response whose message is a sentence containing {@code expected}, with no trace anywhere. */
    static void assertRefused(JsonObject response, String expected) {
        assertFalse(response.get("success").getAsBoolean(), response::toString);
        String message = DapWire.text(response, "message");
        assertTrue(message != null && message.contains(expected), () -> "expected '" + expected + "': " + response);
        String all = response.toString();
        assertFalse(all.contains("Exception") || all.contains("\\tat ") || all.contains("java."), all);
    }

    private DapWire stopped(String extra) throws Exception {
        Path file = dir.resolve("moves.csf");
        Files.writeString(file, Streams.MOVES);
        return new DapWire().stoppedOnEntry(file, extra);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "stackTrace        | {\"threadId\":1,\"startFrame\":-1}        | 'startFrame' is -1",
            "stackTrace        | {\"threadId\":1,\"levels\":-3}            | 'levels' is -3",
            "variables         | {\"variablesReference\":1,\"start\":-1}   | 'start' is -1",
            "variables         | {\"variablesReference\":1,\"count\":-2}   | 'count' is -2",
            "stackTrace        |                                           | 'stackTrace' needs its arguments",
            "setBreakpoints    | {\"breakpoints\":[]}                      | 'setBreakpoints' needs 'source'",
            "evaluate          | {}                                        | 'evaluate' needs 'expression'",
            "next              |                                           | 'next' needs its arguments",
            "goto              | {\"threadId\":1,\"targetId\":1}           | 'goto' is not supported",
            "csf/noSuchThing   | {}                                        | 'csf/noSuchThing' is not supported",
    })
    void aBadRequestIsRefusedWithASentence(String command, String arguments, String expected) throws Exception {
        try (DapWire wire = stopped("")) {
            assertRefused(wire.answered(command, arguments), expected);
            assertTrue(wire.answered("threads", null).get("success").getAsBoolean());
        }
    }

    @Test
    void anExpressionNested500DeepIsRefusedWithTheLimit() throws Exception {
        try (DapWire wire = stopped("")) {
            String deep = "(".repeat(500) + "1" + ")".repeat(500);
            assertRefused(wire.answered("evaluate", "{\"expression\":\"" + deep + "\"}"), "expression nested more than " + Expressions.MAX_NESTING + " deep");
            String negations = "-".repeat(500) + "1";
            assertRefused(wire.answered("evaluate", "{\"expression\":\"" + negations + "\"}"), "expression nested more than " + Expressions.MAX_NESTING + " deep");
        }
    }

    @Test
    void aTimeoutOfTenBillionSecondsIsRefusedWithTheRange() throws Exception {
        Path file = dir.resolve("moves.csf");
        Files.writeString(file, Streams.MOVES);
        try (DapWire wire = new DapWire()) {
            wire.answered("initialize", "{\"adapterID\":\"csf\"}");
            JsonObject r = wire.answered("launch", "{\"program\":\"" + file.toString().replace("\\", "\\\\")
                    + "\",\"timeout\":1e10}");
            assertRefused(r, "1..31536000 seconds");
        }
    }

    @Test
    void aRenderTargetOverTheImageLimitIsANoteNotAnImage() throws Exception {
        Path file = dir.resolve("huge.csf");
        Files.writeString(file, """
                .buffer color, size=64
                .buffer fb, align=64
                fbd:
                    .fbd width=46341, height=46341
                    .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=46341 * 4

                .stream main
                    MOVE48  d40, fbd(fbd)
                    NOP
                """);
        try (DapWire wire = new DapWire().stoppedOnEntry(file, "")) {
            wire.answered("next", "{\"threadId\":1}");
            wire.event("stopped");
            JsonObject r = wire.answered("csf/renderTargets", null);
            assertTrue(r.get("success").getAsBoolean(), r::toString);
            JsonObject body = r.getAsJsonObject("body");
            assertEquals(0, body.getAsJsonArray("targets").size(), body::toString);
            String note = body.getAsJsonArray("notes").get(0).getAsString();
            assertTrue(note.contains("46341x46341") && note.contains("8192x8192"), note);
        }
    }
}
