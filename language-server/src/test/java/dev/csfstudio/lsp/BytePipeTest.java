package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The in-process connection's pipe behaves like stdio, whichever threads use it. */
class BytePipeTest {

    @Test
    void bytesWrittenByAThreadThatHasEndedCanStillBeRead() throws Exception {
        BytePipe pipe = new BytePipe(16);
        Thread writer = new Thread(() -> {
            try {
                pipe.output.write(new byte[] {1, 2, 3});
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        writer.join();
        byte[] got = new byte[3];
        assertEquals(3, pipe.input.read(got, 0, 3));
        assertArrayEquals(new byte[] {1, 2, 3}, got);
    }

    @Test
    void moreThanTheCapacityFlowsThroughWhileSomeoneReads() throws Exception {
        BytePipe pipe = new BytePipe(7);
        byte[] sent = new byte[1000];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = (byte) i;
        }
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try {
                pipe.output.write(sent);
                pipe.output.close();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertArrayEquals(sent, pipe.input.readAllBytes());
        writing.get(5, TimeUnit.SECONDS);
    }

    @Test
    void closingTheOutputEndsTheInputAfterWhatWasWritten() throws Exception {
        BytePipe pipe = new BytePipe(16);
        pipe.output.write(9);
        pipe.output.close();
        assertEquals(9, pipe.input.read());
        assertEquals(-1, pipe.input.read());
    }

    @Test
    void closingTheInputWakesABlockedReaderAndFailsWrites() throws Exception {
        BytePipe pipe = new BytePipe(16);
        CompletableFuture<Integer> reading = CompletableFuture.supplyAsync(() -> {
            try {
                return pipe.input.read();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(50);
        pipe.input.close();
        assertEquals(-1, reading.get(5, TimeUnit.SECONDS));
        assertThrows(IOException.class, () -> pipe.output.write(1));
    }

    @Test
    void anInterruptedWriterLeavesThePipeOpen() throws Exception {
        BytePipe pipe = new BytePipe(16);
        Thread.currentThread().interrupt();
        try {
            pipe.output.write(5);
        } finally {
            Thread.interrupted();
        }
        pipe.output.write(6);
        assertEquals(5, pipe.input.read());
        assertEquals(6, pipe.input.read());
    }
}
