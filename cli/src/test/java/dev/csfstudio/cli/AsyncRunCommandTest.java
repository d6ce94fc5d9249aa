package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csf run} and {@code csf test} with the completion policy, the hazard mode and the trace. */
class AsyncRunCommandTest {

    private static final String RACING_READ = """
            .buffer data, size=8
                .word 7
            .stream main
                MOVE48  d2, data
                LOAD_MULTIPLE r0, [d2]
                ADD_IMMEDIATE32 r4, r0, #1
            """;

    /** A clear whose sync signal is deferred on the fragment job's entry, and a load waited for. */
    private static final String CLEAR = """
            .buffer color, size=4 * 4 * 4
            .buffer sync, size=8
            .buffer data, size=8
                .word 7
            .buffer fb, align=64
            fbd:
                .fbd width=4, height=4
                .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=16, clear=0xff0000ff
            .stream main
                MOVE48  d40, fbd(fbd)
                MOVE32  r42, #0
                MOVE32  r43, 3 << 16 | 3
                MOVE48  d52, sync
                MOVE48  d2, data
                MOVE32  r54, #1
                RUN_FRAGMENT
                LOAD_MULTIPLE r0, [d2]
                SYNC_ADD32 [d52], r54, #0x1, #1
                WAIT    #0x3
            """;

    @TempDir
    Path dir;

    private Path source(String text) throws IOException {
        return Files.writeString(dir.resolve("t.csf"), text);
    }

    @Test
    void aHazardExitsWithCode2AndNamesBothLines() throws IOException {
        CsfInvocation r = CsfInvocation.run("run", source(RACING_READ).toString(), "--out", dir.resolve("out").toString());
        assertEquals(RunCommand.RUN_FAILED, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("hazard: "), r.out());
        assertTrue(r.out().contains("t.csf:6:5: hazard: read of r0 while LOAD_MULTIPLE at line 5 (scoreboard entry 0)"
                + " is in flight; WAIT #0x1 before line 6"), r.out());
        assertTrue(Files.exists(dir.resolve("out/core.json")), "a core dump as for a fault");
        assertTrue(r.out().contains("queue main, scoreboard entry 0: LOAD_MULTIPLE at "), r.out());
    }

    @Test
    void eagerCompletionRunsTheStreamAsBefore() throws IOException {
        CsfInvocation r = CsfInvocation.run("run", source(RACING_READ).toString(), "--out", dir.resolve("out").toString(),
                "--completion", "eager");
        assertEquals(0, r.exitCode(), r.out() + r.err());
    }

    @Test
    void ignoredHazardsAreListedInTheReport() throws IOException {
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", source(RACING_READ).toString(), "--out", out.toString(),
                "--hazards", "ignore");
        assertEquals(RunCommand.RUN_FAILED, r.exitCode(), r.out() + r.err());
        JsonObject report = JsonParser.parseString(Files.readString(out.resolve("report.json"))).getAsJsonObject();
        JsonArray hazards = report.getAsJsonArray("hazards");
        assertEquals(1, hazards.size());
        assertEquals(6, hazards.get(0).getAsJsonObject().get("line").getAsInt());
        assertEquals(5, hazards.get(0).getAsJsonObject().getAsJsonObject("operation").get("line").getAsInt());
        assertEquals(8, report.getAsJsonArray("queues").get(0).getAsJsonObject().getAsJsonObject("scoreboard")
                .get("entries").getAsInt());
    }

    @Test
    void aSeedIsOnlyForRandomCompletion() throws IOException {
        CsfInvocation r = CsfInvocation.run("run", source(RACING_READ).toString(), "--seed", "3");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("--seed 3 is for --completion random"), r.err());
    }

    @Test
    void anUnknownCompletionPolicyIsRefusedWithTheChoices() throws IOException {
        CsfInvocation r = CsfInvocation.run("test", source(RACING_READ + ".expect status ok\n").toString(),
                "--completion", "soon");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("--completion soon: expected latest, eager or random"), r.err());
    }

    @Test
    void csfTestTakesTheCompletionPolicy() throws IOException {
        Path test = source(RACING_READ + ".expect r4 == 8\n");
        assertEquals(1, CsfInvocation.run("test", test.toString()).exitCode(), "latest: the read races the load");
        CsfInvocation eager = CsfInvocation.run("test", test.toString(), "--completion", "eager");
        assertEquals(0, eager.exitCode(), eager.out() + eager.err());
    }

    @Test
    void theTraceIsChromeTraceEventJsonWithATrackPerQueueAndEntry() throws IOException {
        Path trace = dir.resolve("trace.json");
        CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString(), "--out", dir.resolve("out").toString(),
                "--trace", trace.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonArray events = JsonParser.parseString(Files.readString(trace)).getAsJsonObject().getAsJsonArray("traceEvents");
        Map<String, JsonObject> byName = new HashMap<>();
        for (JsonElement element : events) {
            JsonObject e = element.getAsJsonObject();
            for (String field : new String[] {"name", "ph", "ts", "pid", "tid"}) {
                assertTrue(e.has(field), "every event has " + field + ": " + e);
            }
            String ph = e.get("ph").getAsString();
            assertTrue(Set.of("X", "C", "M").contains(ph), "complete, counter and metadata events only: " + e);
            if (ph.equals("X")) {
                assertTrue(e.get("dur").getAsLong() >= 0, e.toString());
            }
            if (ph.equals("C")) {
                assertTrue(e.getAsJsonObject("args").get("value").getAsJsonPrimitive().isNumber(), e.toString());
            }
            byName.putIfAbsent(e.get("name").getAsString(), e);
        }
        JsonObject fragment = byName.get("RUN_FRAGMENT");
        assertEquals(1, fragment.get("tid").getAsInt(), "scoreboard entry 0's track");
        JsonObject load = byName.get("LOAD_MULTIPLE");
        assertTrue(load.get("dur").getAsLong() > 0, "in flight from issue to the WAIT: " + load);
        assertEquals(2, byName.get("SYNC_ADD32").get("tid").getAsInt(), "the deferred sync on entry 1");
        assertTrue(byName.get("WAIT #0x3").getAsJsonObject("args").get("waits for").getAsString()
                .contains("RUN_FRAGMENT"), byName.get("WAIT #0x3").toString());
        assertTrue(byName.keySet().stream().anyMatch(n -> n.startsWith("sync main:0x")), byName.keySet().toString());
    }

    @Test
    void theJobEndsWaitIsNamedSoInTheTraceAndHasNoSourceLine() throws IOException {
        Path trace = dir.resolve("trace.json");
        String loadLeftInFlight = """
                .buffer data, size=8
                    .word 7
                .stream main
                    MOVE48  d2, data
                    LOAD_MULTIPLE r4, [d2 + 0]
                """;
        CsfInvocation r = CsfInvocation.run("run", source(loadLeftInFlight).toString(), "--out",
                dir.resolve("out").toString(), "--trace", trace.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonArray events = JsonParser.parseString(Files.readString(trace)).getAsJsonObject().getAsJsonArray("traceEvents");
        List<JsonObject> jobEnds = new ArrayList<>();
        for (JsonElement element : events) {
            if (element.getAsJsonObject().get("name").getAsString().endsWith("(job end)")) {
                jobEnds.add(element.getAsJsonObject());
            }
        }
        assertEquals(1, jobEnds.size(), events.toString());
        assertEquals("WAIT #0xff (job end)", jobEnds.get(0).get("name").getAsString());
        JsonObject args = jobEnds.get(0).getAsJsonObject("args");
        assertTrue(!args.has("line") || args.get("line").isJsonNull(), "not a line of the program: " + args);
        assertTrue(args.get("waits for").getAsString().contains("LOAD_MULTIPLE"), args.toString());
    }

    @Test
    void aSelfWaitAndAnEntryPastTheCountReadTheSameInTheAssemblersWarningAndTheRunsStop() throws IOException {
        String selfWait = """
                .buffer sync, size=8
                .stream main
                    MOVE48  d22, sync
                    MOVE32  r12, #1
                    SYNC_ADD32 [d22], r12, #0x2, #1
                    WAIT    #0x2
                """;
        String pastTheCount = """
                .buffer sync, size=8
                .stream main
                    MOVE48  d22, sync
                    MOVE32  r12, #1
                    SYNC_ADD32 [d22], r12, #0x101, #1
                    SET_SB_ENTRY #9, #0
                """;
        String setSbEntry = """
                .stream main
                    NOP
                    SET_SB_ENTRY #2, #12
                """;
        for (String[] c : new String[][] {{selfWait, "hazard", "5:5"}, {pastTheCount, "invalid_instruction", "5:5"},
                {setSbEntry, "invalid_instruction", "3:5"}}) {
            Path src = source(c[0]);
            CsfInvocation asm = CsfInvocation.run("asm", src.toString(), "-o", dir.resolve("t.bin").toString());
            assertEquals(0, asm.exitCode(), asm.err());
            String warning = asm.err().lines().filter(l -> l.contains(": warning: ")).findFirst().orElseThrow();
            String where = warning.substring(0, warning.indexOf(": warning: "));
            String words = warning.substring(warning.indexOf(": warning: ") + ": warning: ".length());
            assertTrue(where.endsWith(".csf:" + c[2]), warning);
            CsfInvocation run = CsfInvocation.run("run", src.toString(), "--out", dir.resolve("out").toString());
            assertEquals(2, run.exitCode(), run.out() + run.err());
            assertTrue(run.out().contains("\n" + where + ": " + c[1] + ": " + words + ";"),
                    "the run stops at " + where + " with the warning's words (" + words + "): " + run.out());
        }
    }

    /** Three loads on one entry and a deferred sync: with random completion they end in any order. */
    private static final String OVERLAPPING = """
            .buffer data, size=64
                .word 1, 2, 3, 4, 5, 6, 7, 8
            .buffer sync, size=8
            .stream main
                MOVE48  d2, data
                MOVE48  d22, sync
                MOVE32  r12, #1
                LOAD_MULTIPLE r0, [d2]
                LOAD_MULTIPLE r1, [d2 + 4]
                NOP
                LOAD_MULTIPLE r3, [d2 + 8]
                NOP
                NOP
                SYNC_ADD32 [d22], r12, #0x1, #1
                NOP
                NOP
                WAIT #0x3
            """;

    @Test
    void theTracesCompleteEventsNestOnEveryThreadWhateverOrderOperationsCompleteIn() throws IOException {
        // The trace-event format draws one thread's complete events as a stack: each must end before, or with,
        // the one it starts inside. Seeds 2, 4, 5 and 8 complete a later load on entry 0 after an earlier one
        // that was issued before it and ends first.
        Path src = source(OVERLAPPING);
        int lanes = 0;
        for (int seed = 1; seed <= 8; seed++) {
            Path trace = dir.resolve("trace" + seed + ".json");
            CsfInvocation r = CsfInvocation.run("run", src.toString(), "--out", dir.resolve("out").toString(),
                    "--completion", "random", "--seed", Integer.toString(seed), "--trace", trace.toString());
            assertEquals(0, r.exitCode(), r.out() + r.err());
            JsonArray events = JsonParser.parseString(Files.readString(trace)).getAsJsonObject()
                    .getAsJsonArray("traceEvents");
            Map<String, java.util.List<long[]>> threads = new HashMap<>();
            Set<String> named = new java.util.HashSet<>();
            int loads = 0;
            for (JsonElement element : events) {
                JsonObject e = element.getAsJsonObject();
                String thread = e.get("pid").getAsInt() + "/" + e.get("tid").getAsInt();
                if (e.get("ph").getAsString().equals("M") && e.get("name").getAsString().equals("thread_name")) {
                    named.add(thread);
                }
                if (e.get("ph").getAsString().equals("X")) {
                    long start = e.get("ts").getAsLong();
                    threads.computeIfAbsent(thread, t -> new java.util.ArrayList<>())
                            .add(new long[] {start, start + e.get("dur").getAsLong()});
                    loads += e.get("name").getAsString().equals("LOAD_MULTIPLE") ? 1 : 0;
                }
            }
            assertEquals(3, loads, "seed " + seed + ": every load is on the timeline");
            for (Map.Entry<String, java.util.List<long[]>> t : threads.entrySet()) {
                assertTrue(named.contains(t.getKey()), "seed " + seed + ": thread " + t.getKey() + " has a name");
                java.util.List<long[]> spans = t.getValue();
                spans.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(b[1], a[1]));
                java.util.ArrayDeque<long[]> open = new java.util.ArrayDeque<>();
                for (long[] span : spans) {
                    while (!open.isEmpty() && open.peek()[1] <= span[0]) {
                        open.pop();
                    }
                    long[] outer = open.peek();
                    String thread = "seed " + seed + ", thread " + t.getKey();
                    assertTrue(outer == null || span[1] <= outer[1], () -> thread + ": [" + span[0] + ", " + span[1]
                            + ") starts inside [" + outer[0] + ", " + outer[1] + ") and ends after it");
                    open.push(span);
                }
            }
            lanes += (int) threads.keySet().stream().filter(t -> Integer.parseInt(t.split("/")[1])
                    >= TraceEvents.FIRST_LANE_TID).count();
        }
        assertTrue(lanes > 0, "some seed overlaps loads on entry 0 without nesting: they take a further lane");
    }
}
