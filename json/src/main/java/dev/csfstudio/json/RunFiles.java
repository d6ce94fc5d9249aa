package dev.csfstudio.json;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunOutput;
import dev.csfstudio.runtime.RunReport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what {@code csf run} leaves on disk: {@code report.json}, one PNG per render target (named
 * after its buffer), {@code NAME.bin} for each dumped buffer and, when the run did not end ok,
 * {@code core.json}.
 */
public final class RunFiles {

    static final String REPORT = "report.json";
    static final String CORE_DUMP = "core.json";

    private RunFiles() {
    }

    /**
     * Everything {@link #write} puts in a directory, in memory: the report.json object and every other
     * file (PNGs, dumped buffers, core.json) by file name. Editors show these without touching the disk.
     */
    public record Rendered(JsonObject report, Map<String, byte[]> files) {

        /** The names of the files {@link #write} puts in a directory: these and report.json. */
        public List<String> fileNames() {
            List<String> names = new ArrayList<>(files.keySet());
            names.add(REPORT);
            return names;
        }
    }

    public static void write(RunReport report, Program program, Path dir) throws IOException {
        write(render(report, program), dir);
    }

    /**
     * Writes the run's files into {@code dir}, each replaced whole ({@link OutputFile}), report.json last; a
     * core.json an earlier run left is removed when this run has none, so it never describes another run.
     */
    public static void write(Rendered rendered, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> file : rendered.files().entrySet()) {
            OutputFile.write(dir.resolve(file.getKey()), file.getValue());
        }
        if (!rendered.files().containsKey(CORE_DUMP)) {
            Files.deleteIfExists(dir.resolve(CORE_DUMP));
        }
        OutputFile.write(dir.resolve(REPORT), JsonText.of(rendered.report()).getBytes(StandardCharsets.UTF_8));
    }

    public static Rendered render(RunReport report, Program program) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        JsonArray targets = new JsonArray();
        JsonArray extraNotes = new JsonArray();
        for (RenderTarget rt : report.renderTargets()) {
            JsonObject o = ReportJson.renderTarget(rt);
            if (RunOutput.hasPng(rt)) {
                files.put(rt.pngName(), rt.png());
                o.addProperty("png", rt.pngName());
            } else {
                o.add("png", JsonNull.INSTANCE);
                extraNotes.add("render target " + rt.buffer() + ": " + RunOutput.noPng(rt));
            }
            targets.add(o);
        }
        for (Map.Entry<String, byte[]> dump : report.dumpedBuffers().entrySet()) {
            files.put(dump.getKey() + ".bin", dump.getValue());
        }
        JsonObject json = ReportJson.of(report, targets);
        json.addProperty("source", program.files().isEmpty() ? null : program.files().get(0).toString());
        for (JsonElement note : extraNotes) {
            json.getAsJsonArray("notes").add(note);
        }
        if (report.coreDump() != null) {
            files.put(CORE_DUMP, JsonText.of(CoreJson.of(report, program)).getBytes(StandardCharsets.UTF_8));
        }
        return new Rendered(json, files);
    }
}
