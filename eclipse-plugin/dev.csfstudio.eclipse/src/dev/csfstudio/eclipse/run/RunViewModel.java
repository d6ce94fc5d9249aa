package dev.csfstudio.eclipse.run;

import dev.csfstudio.debug.CsfDebugProtocol;
import dev.csfstudio.lsp.protocol.CsfProtocol;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The {@code csf/run} answer (the server's record {@link CsfProtocol.RunAnswer}) as what
 * the Run view shows: a heading, a status line, the details as text and one PNG per render target.
 */
public record RunViewModel(String title, String status, String statusLine, long instructions, String fault,
                           String details, List<Target> targets, boolean failed) {

    /** Displayed images are scaled by an integer factor up to about this many pixels on the long side. */
    public static final int DISPLAY_PX = 256;
    private static final int MAX_RECORDED = 50;
    private static final com.google.gson.Gson GSON = new com.google.gson.Gson();

    /** One render target: the PNG bytes (null when missing or not decodable) and the zoom to show it at. */
    public record Target(String buffer, int width, int height, byte[] png, int scale, String caption) {
    }

    /** Integer zoom so a 16x16 target shows at 256x256 and a 4K one at 1:1. */
    public static int displayScale(int width, int height) {
        int side = Math.max(Math.max(width, height), 1);
        return Math.max(1, DISPLAY_PX / side);
    }

    public static String statusText(String status) {
        return switch (status) {
            case "ok" -> "completed";
            case "fault" -> "fault";
            case "timeout" -> "timeout: the step budget ran out";
            case "deadlock" -> "deadlock";
            case "cancelled" -> "cancelled";
            default -> status;
        };
    }

    /** The status line's text of a background run ({@code csf/runFinished}). */
    public static String backgroundRunText(CsfProtocol.RunFinished run) {
        String status = run.status() != null ? run.status() : "?";
        long n = run.instructions() != null ? run.instructions() : -1;
        int targets = run.renderTargets() != null ? run.renderTargets().size() : 0;
        return String.format(Locale.ROOT, "CSF background run: %s, %s instructions, %d render target%s",
                statusText(status), n < 0 ? "?" : String.format(Locale.ROOT, "%,d", n), targets, targets == 1 ? "" : "s");
    }

    /** A run that could not happen (the server's error, e.g. "the document does not assemble: ..."). */
    public static RunViewModel error(String documentName, String message) {
        return new RunViewModel("CSF run: " + documentName, "error", "Cannot run " + documentName + ": " + message, -1,
                null, "", List.of(), true);
    }

    /** The answer as JSON (a code lens's {@code csf.run} command answers it untyped), read as the server's record. */
    public static RunViewModel from(String documentName, JsonObject result) {
        return from(documentName, GSON.fromJson(result, CsfProtocol.RunAnswer.class));
    }

    public static RunViewModel from(String documentName, CsfProtocol.RunAnswer result) {
        JsonObject report = result.report();
        String status = string(report, "status", "unknown");
        long instructions = report != null && report.has("instructions") && report.get("instructions").isJsonPrimitive()
                ? report.get("instructions").getAsLong() : -1;
        String statusLine = statusText(status) + " \u2014 "
                + (instructions < 0 ? "?" : String.format(Locale.ROOT, "%,d", instructions)) + " instructions executed";
        String fault = faultText(object(report, "fault"));

        List<Target> targets = new ArrayList<>();
        JsonArray details = array(report, "render_targets");
        for (CsfProtocol.RunImage image : result.renderTargets() == null ? List.<CsfProtocol.RunImage>of() : result.renderTargets()) {
            if (image == null) {
                continue;
            }
            String buffer = image.buffer() != null ? image.buffer() : "?";
            int w = image.width();
            int h = image.height();
            byte[] png = decodePng(image.pngBase64());
            int scale = displayScale(w, h);
            targets.add(new Target(buffer, w, h, png, scale, caption(buffer, w, h, scale, detailOf(details, buffer), png)));
        }

        StringBuilder b = new StringBuilder();
        if (targets.isEmpty()) {
            b.append("No render target was cleared (no RUN_FRAGMENT reached a write-enabled target).\n");
        }
        registers(array(report, "registers"), b);
        recorded(array(report, "recorded"), b);
        JsonArray notes = array(report, "notes");
        if (notes.size() > 0) {
            b.append("\nNotes:\n");
            for (JsonElement n : notes) {
                b.append("  ").append(n.isJsonPrimitive() ? n.getAsString() : n.toString()).append('\n');
            }
        }
        return new RunViewModel("CSF run: " + documentName, status, statusLine, instructions, fault, b.toString(),
                List.copyOf(targets), false);
    }

    /**
     * A stopped debug session's render targets, the debugger's {@code csf/renderTargets} answer (its record
     * {@link CsfDebugProtocol.RenderTargets}): the targets' memory as it is at the stop. A fault's stop
     * ({@code fault}) and the adapter's reason why no descriptor was read (d40 zero, misaligned, or not mapped in
     * the queue's VM) show in a fault's colours.
     */
    public static RunViewModel fromRenderTargets(String sessionName, String stopText, boolean fault,
            CsfDebugProtocol.RenderTargets answer) {
        List<Target> targets = new ArrayList<>();
        List<CsfDebugProtocol.RenderTargetImage> images = answer == null || answer.targets() == null ? List.of() : answer.targets();
        for (CsfDebugProtocol.RenderTargetImage t : images) {
            if (t == null) {
                continue;
            }
            String name = "RT " + t.index();
            int w = t.width();
            int h = t.height();
            byte[] png = decodePng(t.png());
            int scale = displayScale(w, h);
            String format = t.format();
            targets.add(new Target(name, w, h, png, scale, name + ": " + w + "\u00d7" + h + (format != null ? " " + format : "")
                    + (scale > 1 ? " (shown at " + scale + "\u00d7)" : "") + (png == null ? " (no image)" : "")));
        }
        String problem = answer == null ? null : answer.problem();
        StringBuilder details = new StringBuilder();
        if (problem == null && targets.isEmpty()) {
            details.append("No render targets: the stopped queue's framebuffer descriptor (d40) has no colour target the"
                    + " simulator writes.\n");
        }
        for (String note : answer == null || answer.notes() == null ? List.<String>of() : answer.notes()) {
            details.append(note).append('\n');
        }
        return new RunViewModel("CSF debug: " + sessionName, fault ? "fault" : "ok",
                stopText + ": the render targets' memory now", -1, problem == null ? null : "No render targets: " + problem,
                details.toString(), List.copyOf(targets), false);
    }

    /** Everything as one text (the view's text area; also what a copy gives). */
    public String text() {
        StringBuilder b = new StringBuilder(title).append('\n').append(statusLine).append('\n');
        if (fault != null) {
            b.append('\n').append(fault).append('\n');
        }
        for (Target t : targets) {
            b.append('\n').append(t.caption());
        }
        if (!targets.isEmpty()) {
            b.append('\n');
        }
        if (!details.isEmpty()) {
            b.append('\n').append(details);
        }
        return b.toString();
    }

    static String faultText(JsonObject fault) {
        if (fault == null) {
            return null;
        }
        StringBuilder b = new StringBuilder("Fault");
        String kind = string(fault, "kind", null);
        if (kind != null) {
            b.append(" (").append(kind).append(')');
        }
        b.append(": ").append(string(fault, "message", ""));
        for (String[] row : new String[][] {{"position", "at"}, {"instruction", "instruction"}, {"queue", "queue"},
                {"va", "address"}}) {
            String v = string(fault, row[0], null);
            if (v != null && !v.isEmpty()) {
                b.append("\n  ").append(row[1]).append(": ").append(v);
            }
        }
        JsonArray chain = array(fault, "call_chain");
        if (chain.size() > 0) {
            b.append("\n  call chain:");
            for (JsonElement c : chain) {
                b.append("\n    ").append(c.isJsonPrimitive() ? c.getAsString() : c.toString());
            }
        }
        return b.toString();
    }

    private static JsonObject detailOf(JsonArray details, String buffer) {
        for (JsonElement d : details) {
            if (d.isJsonObject() && buffer.equals(string(d.getAsJsonObject(), "buffer", null))) {
                return d.getAsJsonObject();
            }
        }
        return null;
    }

    private static String caption(String buffer, int w, int h, int scale, JsonObject rt, byte[] png) {
        List<String> parts = new ArrayList<>();
        parts.add(w + "\u00d7" + h);
        if (rt != null) {
            String format = string(rt, "format", null);
            String layout = string(rt, "layout", null);
            if (format != null) {
                parts.add(format);
            }
            if (layout != null) {
                parts.add(layout);
            }
            JsonObject r = object(rt, "region");
            if (r != null) {
                parts.add(r.has("empty") && r.get("empty").getAsBoolean() ? "nothing cleared (empty region)"
                        : "cleared (" + integer(r, "min_x") + "," + integer(r, "min_y") + ")\u2013(" + integer(r, "max_x")
                                + "," + integer(r, "max_y") + ")");
            }
            String address = string(rt, "address", null);
            if (address != null) {
                parts.add(address);
            }
        }
        if (png == null) {
            parts.add("no image");
        } else if (scale > 1) {
            parts.add("shown at " + scale + "\u00d7");
        }
        return buffer + ": " + String.join(" \u00b7 ", parts);
    }

    private static void registers(JsonArray registers, StringBuilder b) {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < registers.size(); i++) {
            JsonElement v = registers.get(i);
            if (v.isJsonPrimitive() && v.getAsLong() != 0) {
                long u = v.getAsLong() & 0xffffffffL;
                rows.append(String.format(Locale.ROOT, "  r%-3d 0x%08x  %d%n", i, u, u));
            }
        }
        if (registers.size() > 0) {
            b.append(rows.length() == 0 ? "\nAll registers of the entry queue are zero.\n"
                    : "\nRegisters (non-zero, entry queue):\n" + rows);
        }
    }

    private static void recorded(JsonArray recorded, StringBuilder b) {
        if (recorded.size() == 0) {
            return;
        }
        b.append("\nRecorded, not executed (").append(recorded.size()).append("):\n");
        for (int i = 0; i < Math.min(recorded.size(), MAX_RECORDED); i++) {
            JsonObject r = recorded.get(i).isJsonObject() ? recorded.get(i).getAsJsonObject() : new JsonObject();
            b.append("  ").append(string(r, "instruction", "")).append("  ").append(string(r, "position", ""));
            String reason = string(r, "reason", null);
            if (reason != null) {
                b.append(" \u2014 ").append(reason);
            }
            b.append('\n');
        }
        if (recorded.size() > MAX_RECORDED) {
            b.append("  \u2026 and ").append(recorded.size() - MAX_RECORDED).append(" more\n");
        }
    }

    /** The PNG bytes of a base64 string, or null when it is missing, not base64 or not a PNG. */
    public static byte[] decodePng(String base64) {
        if (base64 == null || base64.isEmpty()) {
            return null;
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            boolean png = bytes.length > 8 && (bytes[0] & 0xff) == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G';
            return png ? bytes : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static JsonObject object(JsonObject o, String name) {
        return o != null && o.has(name) && o.get(name).isJsonObject() ? o.getAsJsonObject(name) : null;
    }

    private static JsonArray array(JsonObject o, String name) {
        return o != null && o.has(name) && o.get(name).isJsonArray() ? o.getAsJsonArray(name) : new JsonArray();
    }

    private static String string(JsonObject o, String name, String dflt) {
        return o != null && o.has(name) && o.get(name).isJsonPrimitive() ? o.get(name).getAsString() : dflt;
    }

    private static int integer(JsonObject o, String name) {
        try {
            return o != null && o.has(name) && o.get(name).isJsonPrimitive() ? o.get(name).getAsInt() : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
