package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

/** The parts of {@code csf debug} that end before serving (DebugAdapterProcessIT serves a whole session). */
class DebugCommandTest {

    @Test
    void portOutsideTheTcpRangeIsOneLine() {
        CsfInvocation r = CsfInvocation.run("debug", "--port", "70000");
        assertEquals(1, r.exitCode());
        assertEquals("csf debug: error: --port 70000 is not a TCP port (0..65535)\n", r.err().replace("\r\n", "\n"));
    }

    @Test
    void portInUseIsOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CsfInvocation r = CsfInvocation.run("debug", "--port", Integer.toString(taken.getLocalPort()));
            assertEquals(1, r.exitCode());
            assertTrue(r.err().contains("cannot serve on port " + taken.getLocalPort()), r.err());
        }
    }

    @Test
    void helpNamesBothTransports() {
        CsfInvocation r = CsfInvocation.run("debug", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("--port"), r.out());
        assertTrue(r.out().contains("Debug Adapter Protocol"), r.out());
    }
}
