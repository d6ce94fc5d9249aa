package dev.csfstudio.debug;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.json.RunFiles;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.Simulator;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PostMortemTest {

    @TempDir
    Path dir;

    /** Runs {@code source} as {@code csf run} does and answers its core.json. */
    private Path coreOf(Path source) throws Exception {
        var program = new Assembler().assemble(source).program();
        RunReport report = new Simulator(RunOptions.defaults()).run(program);
        Path out = dir.resolve("out");
        RunFiles.write(report, program, out);
        Path core = out.resolve("core.json");
        assertTrue(Files.exists(core));
        return core;
    }

    @Test
    void aCoreDumpOpensStoppedOnTheFaultingLineWithItsRegisters() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT)) {
            DapSession.get(s.server.launch(Map.of("coreDump", coreOf(s.file).toString())));
            s.next("initialized", String.class);
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("exception", e.getReason());
            assertTrue(e.getDescription().contains("0xdead0000"), e.getDescription());
            DapSession.assertLine(4, s.top(1));
            assertEquals("0x00000001 (1)", s.register(1, "r1"));
        }
    }

    @Test
    void aPostMortemSessionCanStepBackFromTheEnd() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT)) {
            DapSession.get(s.server.launch(Map.of("coreDump", coreOf(s.file).toString())));
            s.next("initialized", String.class);
            s.configurationDone();
            s.stopped();
            s.stepBack(1);
            s.stepBack(1);
            DapSession.assertLine(3, s.top(1));
        }
    }

    @Test
    void aCoreDumpOfAChangedProgramIsRefusedSayingSo() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT)) {
            Path core = coreOf(s.file);
            Files.writeString(s.file, Streams.FAULT.replace("#1", "#9"));
            String message = DapSession.refusal(s.server.launch(Map.of("coreDump", core.toString())));
            assertTrue(message.contains("has changed since the core dump was written"), message);
        }
    }

    @Test
    void aFileThatIsNoCoreDumpIsRefused() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT)) {
            Path junk = Files.writeString(dir.resolve("core.json"), "{}");
            String message = DapSession.refusal(s.server.launch(Map.of("coreDump", junk.toString())));
            assertTrue(message.contains("not a core dump"), message);
        }
    }

    @Test
    void restartRunsTheProgramAgainWithTheSameBreakpoints() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file, 3);
            s.configurationDone();
            s.stopped();
            s.continue_();
            assertEquals(0, s.ended());
            DapSession.get(s.server.restart(new org.eclipse.lsp4j.debug.RestartArguments()));
            assertEquals("breakpoint", s.stopped().getReason());
            DapSession.assertLine(3, s.top(1));
        }
    }
}
