package dev.csfstudio.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.csfstudio.runtime.RunReport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's timeline as Chrome trace-event JSON (what Perfetto's UI and chrome://tracing open): a process per
 * queue, its thread 0 for the queue's own WAITs and SYNC_WAITs, thread N + 1 for scoreboard entry N with each
 * asynchronous operation a complete ("X") event from issue to completion (operations on one entry that overlap
 * without nesting on further lanes of it: a viewer draws one thread's complete events as a stack), and a process
 * "sync objects" with a counter ("C") per sync object. Timestamps are positions (instructions every queue had executed), shown as
 * microseconds.
 */
final class TraceEvents {

    /** The first thread id of an entry's further lanes (below it: the waits and the entries' own tracks). */
    static final int FIRST_LANE_TID = 1000;

    private TraceEvents() {
    }

    static String json(RunReport report) {
        JsonArray events = new JsonArray();
        Map<String, Integer> pids = new LinkedHashMap<>();
        for (RunReport.QueueState q : report.queues()) {
            int pid = pids.size() + 1;
            pids.put(q.name(), pid);
            events.add(metadata("process_name", pid, 0, "queue " + q.name()));
            events.add(metadata("thread_name", pid, 0, "waits"));
            events.add(sortIndex(pid, 0, 0));
            for (int entry = 0; entry < q.scoreboard().entries(); entry++) {
                events.add(metadata("thread_name", pid, entry + 1, "scoreboard entry " + entry));
                events.add(sortIndex(pid, entry + 1, (entry + 1) * 1000));
            }
        }
        int syncPid = pids.size() + 1;
        events.add(metadata("process_name", syncPid, 0, "sync objects"));
        RunReport.Timeline timeline = report.timeline();
        // Complete events on one thread must nest (the viewers draw a thread's slices as a stack): operations on one
        // entry may overlap without nesting (issued in one order, completed in another), so each goes on the first
        // lane of its track where it nests, lane 0 being the track itself and each further lane a thread of its own.
        List<RunReport.Span> spans = new ArrayList<>(timeline.spans());
        spans.sort(Comparator.comparingLong(RunReport.Span::start).thenComparingLong(span -> -span.end()));
        Map<String, List<Deque<RunReport.Span>>> lanes = new HashMap<>();
        Map<Integer, Integer> nextTid = new HashMap<>();
        Map<String, Integer> laneTids = new HashMap<>();
        for (RunReport.Span s : spans) {
            int pid = pids.getOrDefault(s.queue(), 0);
            int base = s.entry() + 1;
            List<Deque<RunReport.Span>> track = lanes.computeIfAbsent(pid + "/" + base, k -> new ArrayList<>());
            int lane = 0;
            while (lane < track.size() && !nests(track.get(lane), s)) {
                lane++;
            }
            if (lane == track.size()) {
                track.add(new ArrayDeque<>());
            }
            track.get(lane).push(s);
            int tid = base;
            if (lane > 0) {
                String key = pid + "/" + base + "/" + lane;
                Integer known = laneTids.get(key);
                if (known == null) {
                    known = nextTid.merge(pid, 1, Integer::sum) + FIRST_LANE_TID - 1;
                    laneTids.put(key, known);
                    events.add(metadata("thread_name", pid, known, (base == 0 ? "waits" : "scoreboard entry "
                            + (base - 1)) + " (overlapping, " + (lane + 1) + ")"));
                    events.add(sortIndex(pid, known, base * 1000 + lane));
                }
                tid = known;
            }
            JsonObject e = event(s.name(), "X", s.start(), pid, tid);
            e.addProperty("dur", Math.max(0, s.end() - s.start()));
            JsonObject args = new JsonObject();
            args.addProperty("line", s.line() == null ? null : s.line().position());
            if (s.what() != null) {
                args.addProperty("waits for", s.what());
            }
            e.add("args", args);
            events.add(e);
        }
        for (RunReport.Counter c : timeline.counters()) {
            JsonObject e = event("sync " + c.vm() + ":0x" + Long.toHexString(c.address()), "C", c.time(), syncPid, 0);
            JsonObject args = new JsonObject();
            args.addProperty("value", c.value());
            e.add("args", args);
            events.add(e);
        }
        JsonObject root = new JsonObject();
        root.add("traceEvents", events);
        root.addProperty("displayTimeUnit", "ms");
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root);
    }

    private static JsonObject event(String name, String phase, long ts, int pid, int tid) {
        JsonObject e = new JsonObject();
        e.addProperty("name", name);
        e.addProperty("ph", phase);
        e.addProperty("ts", ts);
        e.addProperty("pid", pid);
        e.addProperty("tid", tid);
        return e;
    }

    /**
     * Whether {@code s} (starting no earlier than anything on the lane) nests in what is still open on the lane,
     * which forgets the spans that ended before it starts.
     */
    private static boolean nests(Deque<RunReport.Span> lane, RunReport.Span s) {
        while (!lane.isEmpty() && lane.peek().end() <= s.start()) {
            lane.pop();
        }
        return lane.isEmpty() || s.end() <= lane.peek().end();
    }

    /** A thread's place among its process's threads (the viewers sort by it): an entry's lanes beside it. */
    private static JsonObject sortIndex(int pid, int tid, int index) {
        JsonObject e = event("thread_sort_index", "M", 0, pid, tid);
        JsonObject args = new JsonObject();
        args.addProperty("sort_index", index);
        e.add("args", args);
        return e;
    }

    private static JsonObject metadata(String kind, int pid, int tid, String name) {
        JsonObject e = event(kind, "M", 0, pid, tid);
        JsonObject args = new JsonObject();
        args.addProperty("name", name);
        e.add("args", args);
        return e;
    }
}
