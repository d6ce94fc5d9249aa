package dev.csfstudio.debug;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.json.RunFiles;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code launch} names is checked by its file type before anything opens it: a directory, a device or
 * a FIFO is refused saying what it is (never read, never waited on), a core dump also by its size and by
 * what it says of its run.
 */
class FileCheckTest {

    @TempDir
    Path dir;

    private Path fifo() throws Exception {
        Path fifo = dir.resolve("pipe.csf");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        return fifo;
    }

    private String refusal(String key, Path path) throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES)) {
            return DapSession.refusal(s.server.launch(Map.of(key, path.toString())));
        }
    }

    @Test
    void aDirectoryIsRefusedAsADirectory() throws Exception {
        String message = refusal("program", dir);
        assertTrue(message.contains("is a directory, not a .csf source"), message);
    }

    @Test
    void aDeviceIsRefusedUnread() throws Exception {
        String message = refusal("program", Path.of("/dev/zero"));
        assertTrue(message.contains("is not a regular file"), message);
    }

    @Test
    void aFifoIsRefusedWithoutWaitingForAWriter() throws Exception {
        String message = refusal("program", fifo());
        assertTrue(message.contains("is not a regular file"), message);
    }

    @Test
    void aMissingFileIsStillNoSuchFile() throws Exception {
        String message = refusal("program", dir.resolve("absent.csf"));
        assertTrue(message.contains("no such file"), message);
    }

    @Test
    void aFifoOrDeviceAsCoreDumpIsRefusedUnread() throws Exception {
        String fifo = refusal("coreDump", fifo());
        assertTrue(fifo.contains("is not a regular file") && fifo.contains("core dump"), fifo);
        String zero = refusal("coreDump", Path.of("/dev/zero"));
        assertTrue(zero.contains("is not a regular file"), zero);
    }

    @Test
    void aCoreDumpWhoseRunExecutedMoreThanItsBudgetIsRefused() throws Exception {
        Path source = dir.resolve("fault.csf");
        Files.writeString(source, Streams.FAULT);
        var program = new Assembler().assemble(source).program();
        RunReport report = new Simulator(RunOptions.defaults()).run(program);
        RunFiles.write(report, program, dir.resolve("out"));
        Path core = dir.resolve("out/core.json");
        String text = Files.readString(core);
        Files.writeString(core, text.replaceFirst("\"position\": *[0-9]+", "\"position\": " + (1L << 62)));
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT)) {
            String message = DapSession.refusal(s.server.launch(Map.of("coreDump", core.toString())));
            assertTrue(message.contains("executed " + (1L << 62) + " instructions, outside its step budget"), message);
        }
    }

    @Test
    void aStreamWhoseGoldenIsMissingCanBeDebugged() throws Exception {
        String source = Streams.CLEAR + "\n.expect image color == \"missing.png\"\n";
        try (DapSession s = DapSession.on(dir, "golden.csf", source).launch()) {
            s.configurationDone();
            assertEquals(0, s.ended());
        }
    }
}
