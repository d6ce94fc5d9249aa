package dev.csfstudio.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.csfstudio.runtime.RunReport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's timeline as Chrome trace-event JSON (what Perfetto's UI and chrome://tracing open): a process per
 * queue, its thread 0 for the queue's own WAITs and SYNC_WAITs, thread N + 1 for scoreboard entry N with each
 * asynchronous operation a complete ("X") event from issue to completion, and a process "sync objects" with a
 * counter ("C") per sync object. Timestamps are positions (instructions every queue had executed), shown as
 * microseconds.
 */
final class TraceEvents {

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
            for (int entry = 0; entry < q.scoreboard().entries(); entry++) {
                events.add(metadata("thread_name", pid, entry + 1, "scoreboard entry " + entry));
            }
        }
        int syncPid = pids.size() + 1;
        events.add(metadata("process_name", syncPid, 0, "sync objects"));
        RunReport.Timeline timeline = report.timeline();
        for (RunReport.Span s : timeline.spans()) {
            JsonObject e = event(s.name(), "X", s.start(), pids.getOrDefault(s.queue(), 0), s.entry() + 1);
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

    private static JsonObject metadata(String kind, int pid, int tid, String name) {
        JsonObject e = event(kind, "M", 0, pid, tid);
        JsonObject args = new JsonObject();
        args.addProperty("name", name);
        e.add("args", args);
        return e;
    }
}
