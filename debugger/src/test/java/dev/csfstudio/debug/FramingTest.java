package dev.csfstudio.debug;

import com.google.gson.JsonObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a client puts on the wire never ends the session: a message that does not parse is answered and
 * skipped by its declared length, a broken header is skipped to the next one, and the next request is
 * answered.
 */
class FramingTest {

    private static void assertSentence(JsonObject response) {
        assertFalse(response.get("success").getAsBoolean(), response::toString);
        String message = DapWire.text(response, "message");
        assertTrue(message != null && !message.isBlank(), response::toString);
        assertFalse(response.toString().contains("Exception"), response::toString);
        assertFalse(response.toString().contains("\\tat "), response::toString);
    }

    @Test
    void argumentsOfTheWrongTypeAreRefusedWithASentenceAndTheNextRequestIsAnswered() throws Exception {
        try (DapWire wire = new DapWire()) {
            int bad = wire.request("setBreakpoints",
                    "{\"source\":{\"path\":\"x.csf\"},\"breakpoints\":[{\"line\":\"five\"}]}");
            JsonObject refused = wire.response(bad);
            assertSentence(refused);
            assertTrue(DapWire.text(refused, "message").contains("setBreakpoints"), refused::toString);
            assertTrue(wire.answered("initialize", "{\"adapterID\":\"csf\"}").get("success").getAsBoolean());
        }
    }

    @Test
    void twoHundredKilobytesOfOpenBracketsAreAParseErrorAndTheNextRequestIsAnswered() throws Exception {
        try (DapWire wire = new DapWire()) {
            wire.sendBody("[".repeat(200_000));
            assertSentence(wire.unmatchedResponse());
            assertTrue(wire.answered("initialize", "{\"adapterID\":\"csf\"}").get("success").getAsBoolean());
        }
    }

    @Test
    void aMessageOverTheSizeLimitIsSkippedUnreadAndTheNextRequestIsAnswered() throws Exception {
        try (DapWire wire = new DapWire()) {
            int over = 33 << 20;
            wire.sendBytes(("Content-Length: " + over + "\r\n\r\n{\"seq\":7,").getBytes(StandardCharsets.US_ASCII));
            wire.sendBytes(new byte[over - 9]);
            JsonObject refused = wire.response(7);
            assertSentence(refused);
            assertTrue(DapWire.text(refused, "message").contains("limit"), refused::toString);
            assertTrue(wire.answered("initialize", "{\"adapterID\":\"csf\"}").get("success").getAsBoolean());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-5", "1e3", "", "99999999999999999999999"})
    void aBadContentLengthIsAnsweredAndTheAdapterFindsTheNextHeader(String length) throws Exception {
        try (DapWire wire = new DapWire()) {
            wire.sendBytes(("Content-Length: " + length + "\r\n\r\n{\"seq\":1,\"type\":\"request\"}")
                    .getBytes(StandardCharsets.US_ASCII));
            assertSentence(wire.unmatchedResponse());
            assertTrue(wire.answered("initialize", "{\"adapterID\":\"csf\"}").get("success").getAsBoolean());
            assertTrue(wire.answered("disconnect", null).get("success").getAsBoolean());
        }
    }
}
