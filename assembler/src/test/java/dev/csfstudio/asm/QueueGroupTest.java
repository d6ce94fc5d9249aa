package dev.csfstudio.asm;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Program;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code .queue NAME, group=G}: queues in one group, as panthor's group holds several queues on one VM. */
class QueueGroupTest {

    @Test
    void aQueueWithoutGroupIsItsOwnGroup() {
        Program p = Sources.ok("NOP\n.queue q\n.submit q, main\n");
        assertEquals("q", p.queues().get(0).group());
    }

    @Test
    void queuesNamingOneGroupShareIt() {
        Program p = Sources.ok("NOP\n.queue a, group=g\n.queue b, group=g\n.queue c\n.submit a, main\n");
        assertEquals(List.of("g", "g", "c"), p.queues().stream().map(Program.QueueDecl::group).toList());
    }

    @Test
    void aGroupsQueuesMustShareItsVm() {
        Diagnostic d = Sources.assemble("NOP\n.vm other\n.queue a, group=g\n.queue b, vm=other, group=g\n"
                + ".submit a, main\n").errors().get(0);
        assertEquals("vm-mismatch", d.code().id());
        assertEquals("queue 'b' runs in VM 'other' but group 'g' runs in VM 'main' (queue 'a'): a group's queues"
                + " share its VM", d.message());
        assertEquals(4, d.range().line());
    }

    @Test
    void anUnknownQueueOptionNamesVmAndGroup() {
        Diagnostic d = Sources.assemble("NOP\n.queue a, prio=2\n").errors().get(0);
        assertEquals(true, d.message().contains("group"), d.message());
    }
}
