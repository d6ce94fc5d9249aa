package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.csfstudio.isa.Arch;

class TableWarmUpTest {

    private static boolean warmUpThreadRuns() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("csf-table-warm-up"));
    }

    @Test
    void readsTheDefaultArchitectureWithoutAnOption() {
        assertEquals(Arch.DEFAULT, TableWarmUp.archOption(new String[] {"run", "x.csf"}));
    }

    @Test
    void readsTheArchitectureTheOptionNamesInEitherSpelling() {
        assertEquals(Arch.V12, TableWarmUp.archOption(new String[] {"asm", "--arch", "v12", "x.csf"}));
        assertEquals(Arch.V12, TableWarmUp.archOption(new String[] {"asm", "--arch=v12", "x.csf"}));
    }

    @Test
    void theLastArchOptionWinsAsInPicocli() {
        assertEquals(Arch.V10, TableWarmUp.archOption(new String[] {"run", "--arch", "v12", "--arch=v10", "x.csf"}));
    }

    @Test
    void anUnknownArchitectureLeavesTheDefaultForPicocliToReport() {
        assertEquals(Arch.DEFAULT, TableWarmUp.archOption(new String[] {"run", "--arch", "v11", "x.csf"}));
        assertEquals(Arch.DEFAULT, TableWarmUp.archOption(new String[] {"run", "x.csf", "--arch"}));
    }

    @Test
    void theCommandsThatAssembleRunOrDisassembleReadTables() {
        for (String command : new String[] {"asm", "run", "test", "disasm"}) {
            assertTrue(TableWarmUp.readsTables(new String[] {command, "x.csf"}), command);
        }
    }

    @Test
    void helpVersionAndTheOtherCommandsReadNoTables() {
        assertFalse(TableWarmUp.readsTables(new String[] {"run", "--help"}));
        assertFalse(TableWarmUp.readsTables(new String[] {"asm", "x.csf", "-V"}));
        assertFalse(TableWarmUp.readsTables(new String[] {"lsp"}));
        assertFalse(TableWarmUp.readsTables(new String[] {"debug"}));
        assertFalse(TableWarmUp.readsTables(new String[] {"help", "run"}));
        assertFalse(TableWarmUp.readsTables(new String[0]));
    }

    @Test
    void startsNoThreadForACommandThatReadsNoTables() {
        TableWarmUp.start(new String[] {"lsp"});
        TableWarmUp.start(new String[] {"--help"});
        TableWarmUp.start(new String[0]);
        assertFalse(warmUpThreadRuns());
    }
}
