package dev.csfstudio.runtime;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.csfstudio.runtime.control.Snapshot;
import dev.csfstudio.runtime.device.AddressSpace;
import dev.csfstudio.runtime.device.PhysicalMemory;

/** The whole state of a machine as comparable text, and the comparisons the reverse-execution tests make. */
final class MachineStates {

    private static final byte[] ZEROS = new byte[PhysicalMemory.PAGE_SIZE];

    private MachineStates() {
    }

    /** Every queue, the scheduler, MMU bindings, meter, recorder, sync objects and the loop; memory apart. */
    static List<String> describe(Machine m) {
        Snapshot s = m.capture(false);
        List<String> out = new ArrayList<>();
        out.add("position " + s.position() + ", steps " + s.steps());
        s.queues().forEach(q -> out.add("queue " + record(q)));
        out.add("scheduler " + record(s.scheduler()));
        out.add("meter " + Arrays.toString(s.meter()));
        out.add("recorded " + s.recorder().recorded());
        out.add("recorded counts " + s.recorder().recordedCounts());
        s.recorder().renderTargets().forEach((key, rt) -> out.add("render target " + key + " " + rt.buffer() + " "
                + rt.region() + " " + rt.clear().map(c -> c.describe()).orElse("")));
        out.add("notes " + s.recorder().notes());
        out.add("sync objects " + s.syncs());
        out.add("loop " + record(s.loop()));
        return out;
    }

    /** Asserts both machines are in the same state, memory frame by frame included. */
    static void assertSameState(Machine expected, Machine actual, String context) {
        assertEquals(describe(expected), describe(actual), context);
        byte[][] a = expected.capture(false).memory();
        byte[][] b = actual.capture(false).memory();
        for (int f = 0; f < a.length; f++) {
            assertArrayEquals(a[f] == null ? ZEROS : a[f], b[f] == null ? ZEROS : b[f], context + ": frame " + f);
        }
    }

    /** What a finished run reports, as comparable text. */
    static List<String> describe(RunReport r) {
        List<String> out = new ArrayList<>();
        out.add(r.status() + " after " + r.instructions());
        out.add("registers " + Arrays.toString(r.registers()));
        out.add("fault " + r.fault());
        r.queues().forEach(q -> out.add("queue " + record(q)));
        out.add("recorded " + r.recorded());
        out.add("notes " + r.notes());
        for (RenderTarget rt : r.renderTargets()) {
            out.add("render target " + rt.buffer() + " " + rt.region() + " " + Arrays.hashCode(rt.pixels()));
        }
        r.dumpedBuffers().forEach((name, bytes) -> out.add("dump " + name + " " + Arrays.toString(bytes)));
        if (r.coreDump() != null) {
            RunReport.CoreDump c = r.coreDump();
            out.add("core " + c.queue() + " " + Arrays.toString(c.registers()) + " " + c.callStack() + " "
                    + c.lastInstructions() + " " + c.replay());
            c.dumpableBuffers().forEach((name, bytes) -> out.add("dumpable " + name + " " + Arrays.toString(bytes)));
        }
        return out;
    }

    /** A record's components, arrays by their contents. */
    static String record(Record r) {
        StringBuilder sb = new StringBuilder(r.getClass().getSimpleName()).append('[');
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v;
            try {
                java.lang.reflect.Method accessor = c.getAccessor();
                accessor.setAccessible(true); // records of other packages (control.RunLoop's) are not public
                v = accessor.invoke(r);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            sb.append(c.getName()).append('=').append(text(v)).append(", ");
        }
        return sb.append(']').toString();
    }

    private static String text(Object v) {
        if (v instanceof int[] a) {
            return Arrays.toString(a);
        } else if (v instanceof long[] a) {
            return Arrays.toString(a);
        } else if (v instanceof Object[] a) {
            return Arrays.deepToString(Arrays.stream(a).map(e -> e instanceof AddressSpace as ? as.name() : e)
                    .toArray());
        } else if (v instanceof Map<?, ?> map) {
            return map.toString();
        }
        return String.valueOf(v);
    }
}
