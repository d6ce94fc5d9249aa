package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.Variable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VariablesTest {

    @TempDir
    Path dir;

    /** A load into r0 (line 5) still in flight when the queue stops on the WAIT of line 6. */
    private static final String LOAD_IN_FLIGHT = Streams.LOAD + """
                WAIT    #0x1
                MOVE32  r5, #1
            """;

    /** Stopped on RUN_FRAGMENT of the clear: d40 holds the tagged FBD pointer. */
    private DapSession atFragment() {
        return DapSession.stoppedAt(dir, "clear.csf", Streams.CLEAR, 11);
    }

    /** Stopped before line {@code line} of the three moves. */
    private DapSession atMove(int line) {
        return DapSession.stoppedAt(dir, "moves.csf", Streams.MOVES, line);
    }

    /** Stopped on the WAIT of {@link #LOAD_IN_FLIGHT}. */
    private DapSession atWaitForLoad() {
        return DapSession.stoppedAt(dir, "load.csf", LOAD_IN_FLIGHT, 6);
    }

    /** The Registers scope of the only queue. */
    private static Map<String, Variable> registers(DapSession s) {
        return s.scope(1, "Registers");
    }

    /** The Register pairs scope of the only queue. */
    private static Map<String, Variable> pairs(DapSession s) {
        return s.scope(1, "Register pairs");
    }

    private static List<String> attributes(Variable v) {
        return v.getPresentationHint() == null ? List.of() : List.of(v.getPresentationHint().getAttributes());
    }

    @Test
    void registersAreShownInHexAndDecimal() throws Exception {
        try (DapSession s = atFragment()) {
            Map<String, Variable> regs = registers(s);
            assertEquals(96, regs.size());
            assertEquals("0x00030003 (196611)", regs.get("r43").getValue());
            assertEquals("r43", regs.get("r43").getEvaluateName());
        }
    }

    @Test
    void registersThatHoldAValueComeBeforeTheZeros() throws Exception {
        try (DapSession s = atMove(4)) {
            Map<String, Variable> regs = registers(s);
            List<String> names = List.copyOf(regs.keySet());
            assertEquals(96, names.size());
            assertEquals(List.of("r1", "r2"), names.subList(0, 2), "by index among those with a value");
            int zeros = names.indexOf("r0");
            assertTrue(zeros > 1, names::toString);
            for (int i = 0; i < names.size(); i++) {
                boolean zero = regs.get(names.get(i)).getValue().equals("0x00000000 (0)");
                assertEquals(i >= zeros, zero, names.get(i) + " at " + i + " of " + names);
            }
        }
    }

    @Test
    void aRegisterTheLastStepChangedIsMarkedChanged() throws Exception {
        try (DapSession s = atMove(3)) {
            s.next(1);
            Map<String, Variable> regs = registers(s);
            assertArrayEquals(new String[] {"changed"}, regs.get("r2").getPresentationHint().getAttributes());
            assertNull(regs.get("r1").getPresentationHint(), "set before the step: not changed by it");
            assertArrayEquals(new String[] {"changed"}, pairs(s).get("d2").getPresentationHint().getAttributes());
        }
    }

    /** The names {@code after} marks changed; each marked one's value text differs from {@code before}'s, the rest's not. */
    private static Set<String> changedAgreeWithTheText(Map<String, Variable> before, Map<String, Variable> after) {
        Set<String> marked = new TreeSet<>();
        for (Variable v : after.values()) {
            boolean changed = v.getPresentationHint() != null && v.getPresentationHint().getAttributes() != null
                    && List.of(v.getPresentationHint().getAttributes()).contains("changed");
            // VS Code highlights a value whose text differs from the one it showed for the same name at the stop
            // before; Eclipse reads the attribute: both must say the same
            assertEquals(!before.get(v.getName()).getValue().equals(v.getValue()), changed,
                    v.getName() + ": " + before.get(v.getName()).getValue() + " -> " + v.getValue());
            if (changed) {
                marked.add(v.getName());
            }
        }
        return marked;
    }

    @Test
    void whatAStepOrAStepBackChangedIsMarkedExactlyWhereTheValueTextChanged() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "clear.csf", Streams.CLEAR, 8)) {
            Map<String, Variable> regs = s.scope(1, "Registers");
            Map<String, Variable> pairs = s.scope(1, "Register pairs");
            Map<String, Variable> inputs = s.scope(1, "Fragment inputs");
            s.next(1); // MOVE48 d40
            assertEquals(Set.of("r40", "r41"), changedAgreeWithTheText(regs, s.scope(1, "Registers")));
            assertEquals(Set.of("d40"), changedAgreeWithTheText(pairs, s.scope(1, "Register pairs")));
            assertEquals(Set.of("d40 framebuffer_pointer"),
                    changedAgreeWithTheText(inputs, s.scope(1, "Fragment inputs")));
            Map<String, Variable> stepped = s.scope(1, "Registers");
            s.stepBack(1);
            assertEquals(Set.of("r40", "r41"), changedAgreeWithTheText(stepped, s.scope(1, "Registers")),
                    "a step back changes them back");
        }
    }

    @Test
    void atTheFirstStopNothingIsMarkedChanged() throws Exception {
        try (DapSession s = atMove(3)) {
            assertNull(registers(s).get("r1").getPresentationHint());
        }
    }

    @Test
    void aRegisterPairHoldingAMappedAddressCarriesAMemoryReference() throws Exception {
        try (DapSession s = atFragment()) {
            Map<String, Variable> pairs = pairs(s);
            assertEquals(48, pairs.size());
            Variable d40 = pairs.get("d40");
            assertNotNull(d40.getMemoryReference(), d40.getValue());
            assertTrue(d40.getValue().startsWith("0x"), d40.getValue());
            assertNull(pairs.get("d20").getMemoryReference(), "0 is not mapped");
        }
    }

    @Test
    void fragmentInputsAreNamed() throws Exception {
        try (DapSession s = atFragment()) {
            Map<String, Variable> inputs = s.scope(1, "Fragment inputs");
            assertTrue(inputs.containsKey("d40 framebuffer_pointer"), inputs.keySet()::toString);
            assertEquals("0x00030003 (196611)", inputs.get("r43 bbox_max").getValue());
        }
    }

    @Test
    void theFramebufferScopeDecodesTheDescriptorAndItsRenderTargets() throws Exception {
        try (DapSession s = atFragment()) {
            Map<String, Variable> fb = s.scope(1, "Framebuffer (d40)");
            Variable rt = fb.get("render target 0");
            assertNotNull(rt, fb.keySet()::toString);
            assertTrue(rt.getValue().startsWith("4x4 R8G8B8A8"), rt.getValue());
            Map<String, Variable> params = s.children(fb.get("parameters").getVariablesReference());
            assertTrue(params.size() > 3, params.keySet()::toString);
            assertTrue(s.children(rt.getVariablesReference()).size() > 3);
        }
    }

    @Test
    void stoppedOnARunTheJobInputsScopeDecodesWhatTheJobWillRead() throws Exception {
        try (DapSession s = atFragment()) {
            Map<String, Variable> job = s.scope(1, "Job inputs");
            Variable fbd = job.get("fbd d40");
            assertNotNull(fbd, job.keySet()::toString);
            assertNotNull(fbd.getMemoryReference(), "the framebuffer pointer is a mapped address");
            Map<String, Variable> read = s.children(fbd.getVariablesReference());
            Variable params = read.get("fbd");
            assertNotNull(params, read.keySet()::toString);
            assertNotNull(params.getMemoryReference(), "a descriptor in memory carries its memory reference");
            Map<String, Variable> fields = s.children(params.getVariablesReference());
            assertEquals("4", fields.get("width").getValue());
            assertTrue(job.containsKey("bbox d42"), job.keySet()::toString);
        }
    }

    @Test
    void aQueueStoppedOffAnyRunHasNoJobInputsScope() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "clear.csf", Streams.CLEAR, 10)) {
            assertTrue(s.scopeNames(1).stream().noneMatch(n -> n.equals("Job inputs")), s.scopeNames(1)::toString);
        }
    }

    @Test
    void labelsAndConstantsAreListed() throws Exception {
        try (DapSession s = atFragment()) {
            Map<String, Variable> symbols = s.scope(1, "Labels and constants");
            assertNotNull(symbols.get("fbd").getMemoryReference());
            assertTrue(symbols.containsKey("color"), symbols.keySet()::toString);
        }
    }

    @Test
    void aWaitingQueueSaysWhatItWaitsFor() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "wait.csf", Streams.WAIT, 5)) {
            var e = s.next(1);
            assertTrue(e.getDescription().startsWith("waiting for the value at"), e.getDescription());
            var threads = DapSession.get(s.server.threads()).getThreads();
            assertTrue(threads[0].getName().startsWith("queue main (waiting for the value at"), threads[0].getName());
        }
    }

    @Test
    void theScoreboardScopeListsALoadInFlightWithItsLineAndItsPendingRegisters() throws Exception {
        try (DapSession s = atWaitForLoad()) {
            Map<String, Variable> sb = s.scope(1, "Scoreboard");
            assertEquals("LOAD_MULTIPLE (line 5)", sb.get("entry 0").getValue());
            assertEquals("r0", sb.get("pending registers").getValue());
        }
    }

    @Test
    void aRegisterAnInFlightLoadWillWriteIsPendingInTheRegistersScope() throws Exception {
        try (DapSession s = atWaitForLoad()) {
            Map<String, Variable> regs = registers(s);
            Variable r0 = regs.get("r0");
            assertEquals("0x00000000 (0) (pending: LOAD_MULTIPLE line 5)", r0.getValue());
            assertTrue(attributes(r0).contains(Variables.PENDING), r0.getValue());
            Variable r1 = regs.get("r1");
            assertFalse(attributes(r1).contains(Variables.PENDING), r1.getValue());
        }
    }

    @Test
    void aPairIsPendingWhenALoadWillWriteEitherHalfAndSaysWhichHalf() throws Exception {
        String text = """
                .buffer data, size=16
                    .word 7, 8
                .stream main
                    MOVE48  d2, data
                    LOAD_MULTIPLE r40:r41, [d2]
                    LOAD_MULTIPLE r5, [d2]
                    WAIT    #0x1
                    MOVE32  r9, #1
                """;
        try (DapSession s = DapSession.stoppedAt(dir, "pairs.csf", text, 7)) {
            Map<String, Variable> pairs = s.scope(1, "Register pairs");
            Variable d40 = pairs.get("d40");
            assertTrue(d40.getValue().endsWith(" (pending: LOAD_MULTIPLE line 5)"), d40.getValue());
            assertTrue(List.of(d40.getPresentationHint().getAttributes()).contains(Variables.PENDING));
            Variable d4 = pairs.get("d4");
            assertTrue(d4.getValue().endsWith(" (pending r5: LOAD_MULTIPLE line 6)"), d4.getValue());
            Variable d2 = pairs.get("d2");
            assertTrue(d2.getPresentationHint() == null || !List.of(d2.getPresentationHint().getAttributes())
                    .contains(Variables.PENDING), d2.getValue());
            Variable fbd = s.scope(1, "Fragment inputs").values().stream()
                    .filter(v -> v.getName().startsWith("d40")).findFirst().orElseThrow();
            assertTrue(fbd.getValue().endsWith(" (pending: LOAD_MULTIPLE line 5)"), fbd.getValue());
        }
    }
}
