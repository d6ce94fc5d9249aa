package dev.csfstudio.debug;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code csf debug --port}: one client is served; another that connects meanwhile is told so and let go. */
class SocketTest {

    @Test
    void aSecondClientIsToldTheAdapterIsTakenAndLetGo() throws Exception {
        ByteArrayOutputStream announced = new ByteArrayOutputStream();
        PrintStream announce = new PrintStream(announced, true, StandardCharsets.UTF_8);
        Thread adapter = new Thread(() -> DebugAdapterLauncher.runSocket(0, announce), "csf-debug-socket");
        adapter.setDaemon(true);
        adapter.start();
        int port = port(announced);
        try (Socket first = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = first.getOutputStream();
            byte[] init = "{\"seq\":1,\"type\":\"request\",\"command\":\"initialize\",\"arguments\":{\"adapterID\":\"csf\"}}"
                    .getBytes(StandardCharsets.UTF_8);
            out.write(("Content-Length: " + init.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(init);
            out.flush();
            String firstAnswer = new String(first.getInputStream().readNBytes(40), StandardCharsets.UTF_8);
            assertTrue(firstAnswer.startsWith("Content-Length:"), firstAnswer); // the first client is served
            try (Socket second = new Socket(InetAddress.getLoopbackAddress(), port)) {
                second.setSoTimeout(20_000);
                InputStream in = second.getInputStream();
                String told = new String(in.readAllBytes(), StandardCharsets.UTF_8); // until the adapter closes it
                assertTrue(told.contains(DebugAdapterLauncher.ONE_CLIENT), told);
                assertTrue(told.contains("\"event\":\"terminated\""), told);
            }
        }
    }

    private static int port(ByteArrayOutputStream announced) throws InterruptedException {
        for (int i = 0; i < 400; i++) {
            String text = announced.toString(StandardCharsets.UTF_8);
            int colon = text.lastIndexOf(':');
            if (text.endsWith("\n") && colon > 0) {
                return Integer.parseInt(text.substring(colon + 1).strip());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the adapter announced no port: " + announced);
    }
}
