package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.lsp4j.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * After a background run, each group a fault terminated has a diagnostic on its faulting line naming the
 * hardware's exception and the group's state, as the debugger and core dump do.
 */
class GroupFaultDiagnosticsTest {

    @TempDir
    Path root;

    /** Two groups each fault: qa on an unmapped load (line 5), qb on an opcode v10 lacks (line 8). */
    static final String TWO_FAULTS = """
            .queue qa
            .queue qb
            .stream a
                MOVE48  d76, #0x7000000000
                LOAD_MULTIPLE r0:r1, [d76 + 0]
            .stream b
                MOVE32  r1, #1
                .inst   0x0a00000000000000
            .submit qa, a
            .submit qb, b
            """;

    private static JsonObject backgroundOn() {
        JsonObject o = new JsonObject();
        o.addProperty("runDelayMs", 20);
        return o;
    }

    @Test
    void everyTerminatedGroupHasADiagnosticWithItsExceptionAndState() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("groups.csf", TWO_FAULTS);
            List<Diagnostic> ds = s.client.awaitDiagnostics(uri, p -> p.getDiagnostics().size() >= 2).getDiagnostics();
            Diagnostic a = ds.stream().filter(d -> d.getRange().getStart().getLine() == 4).findFirst().orElseThrow();
            Diagnostic b = ds.stream().filter(d -> d.getRange().getStart().getLine() == 7).findFirst().orElseThrow();
            assertTrue(a.getMessage().getLeft().contains("CS_FAULT.EXCEPTION_TYPE: 0xc"), a.getMessage().getLeft());
            assertTrue(a.getMessage().getLeft().contains("(TRANSLATION_FAULT_"), a.getMessage().getLeft());
            assertTrue(a.getMessage().getLeft().endsWith("; group qa: fatal_fault (fatal_queues 0x1: qa)"),
                    a.getMessage().getLeft());
            assertTrue(b.getMessage().getLeft().contains("CS_FATAL.EXCEPTION_TYPE: 0x49 (CS_INSTR_INVALID)"),
                    b.getMessage().getLeft());
            assertTrue(b.getMessage().getLeft().endsWith("; group qb: fatal_fault (fatal_queues 0x1: qb)"),
                    b.getMessage().getLeft());
            assertEquals(a.getSeverity(), b.getSeverity());
        }
    }
}
