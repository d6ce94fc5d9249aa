package dev.csfstudio.asm;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class VmQueueJobTest {

    @Test
    void defaultsAreOneQueueOnVmMainRunningTheEntryStream() {
        Program p = Sources.ok("NOP\n");
        assertEquals(List.of("main"), p.vms());
        assertEquals("main", p.queues().get(0).name());
        assertEquals("main", p.queues().get(0).vm());
        assertEquals(1, p.jobs().size());
        assertEquals("main", p.jobs().get(0).stream());
    }

    @Test
    void entryPicksTheStream() {
        Program p = Sources.ok(".entry start\n.stream start\nNOP\n");
        assertEquals("start", p.entry());
        assertEquals("start", p.jobs().get(0).stream());
    }

    @Test
    void eachVmLaysOutFromTheBaseSoAddressesMayAlias() {
        Program p = Sources.ok(".buffer a\n.byte 1\n.vm other\n.buffer b\n.byte 2\n.stream s2\nNOP\n"
                + ".queue q1\n.queue q2, vm=other\n.submit q2, s2\n");
        assertEquals(List.of("main", "other"), p.vms());
        assertEquals(p.section("a").orElseThrow().address(), p.section("b").orElseThrow().address());
        assertEquals("other", p.section("s2").orElseThrow().vm());
        assertEquals(List.of(new Program.Job("q2", "s2", p.jobs().get(0).declaration())), p.jobs());
    }

    @Test
    void submittingAStreamOfAnotherVmIsAnError() {
        Diagnostic d = Sources.assemble("NOP\n.vm other\n.queue q, vm=other\n.submit q, main\n").errors().get(0);
        assertEquals("vm-mismatch", d.code().id());
    }

    @Test
    void submitToAnUndeclaredQueueSuggestsOne() {
        Diagnostic d = Sources.assemble("NOP\n.queue render\n.submit rendr, main\n").errors().get(0);
        assertEquals("undefined queue 'rendr'; did you mean 'render'?", d.message());
    }

    @Test
    void atMostEightVms() {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 8; i++) {
            sb.append(".vm v").append(i).append('\n');
        }
        Diagnostic d = Sources.assemble(sb.toString()).errors().get(0);
        assertEquals("at most 8 VMs (GPU address spaces) are available", d.message());
    }

    @Test
    void undefinedEntryIsAnError() {
        Diagnostic d = Sources.assemble(".entry strat\n.stream start\nNOP\n").errors().get(0);
        assertEquals("undefined entry stream 'strat'; did you mean 'start'?", d.message());
    }
}
