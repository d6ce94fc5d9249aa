package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonParser;

class SocketLauncherTest {

    @Test
    void socketClientGetsTheSameProtocol() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return CsfLanguageServerLauncher.serveOne(TestToolchain.get(), listener);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
                 JsonRpcStream rpc = new JsonRpcStream(socket.getInputStream(), socket.getOutputStream())) {
                var init = rpc.response(rpc.request("initialize",
                        JsonParser.parseString("{\"processId\":null,\"capabilities\":{}}").getAsJsonObject()));
                assertTrue(init.getAsJsonObject("result").has("capabilities"));
                rpc.response(rpc.request("shutdown", null));
                rpc.notify("exit", null);
                assertEquals(0, exit.get(10, TimeUnit.SECONDS));
            }
        }
    }
}
