package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CsfCommandTest {

    @Test
    void helpListsEveryCommand() {
        CsfInvocation r = CsfInvocation.run("--help");
        assertEquals(0, r.exitCode());
        for (String command : new String[] {"asm", "disasm", "run", "lsp"}) {
            assertTrue(r.out().contains("  " + command + " "), command + " missing from:\n" + r.out());
        }
    }

    @Test
    void helpCommandDescribesAnother() {
        CsfInvocation r = CsfInvocation.run("help", "run");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("--dump-buffer"), r.out());
    }

    @Test
    void commandLineOfASubcommandBuildsOnlyThatOne() {
        java.io.PrintWriter sink = new java.io.PrintWriter(java.io.Writer.nullWriter());
        assertEquals(java.util.Set.of("run"),
                Csf.commandLine(sink, sink, "run", "x.csf").getSubcommands().keySet());
        assertEquals(Csf.SUBCOMMANDS, java.util.List.copyOf(
                Csf.commandLine(sink, sink, "--help").getSubcommands().keySet()));
    }

    @Test
    void commandHelpDescribesItsOptions() {
        CsfInvocation r = CsfInvocation.run("asm", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("--format"));
        assertTrue(r.out().contains("--listing"));
    }

    @Test
    void versionComesFromTheBuild() {
        CsfInvocation r = CsfInvocation.run("--version");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().matches("csf \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\R"), r.out());
    }

    @Test
    void unknownCommandIsOneLineAndExitCode1() {
        CsfInvocation r = CsfInvocation.run("assemble", "x.csf");
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("csf: error: "), r.err());
        assertTrue(r.clean());
    }

    @Test
    void unknownOptionIsOneLineAndExitCode1() {
        CsfInvocation r = CsfInvocation.run("disasm", "--bogus", "x.bin");
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("csf disasm: error: "), r.err());
    }

    @Test
    void noCommandPrintsUsageAndFails() {
        CsfInvocation r = CsfInvocation.run();
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("Usage: csf"), r.err());
    }
}
