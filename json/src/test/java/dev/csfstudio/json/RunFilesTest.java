package dev.csfstudio.json;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.csfstudio.program.Program;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code csf run} leaves in its output directory. */
class RunFilesTest {

    static JsonObject json(Path file) throws Exception {
        return JsonParser.parseString(Files.readString(file)).getAsJsonObject();
    }

    @Test
    void okRunWritesReportAndAPngNamedAfterTheBuffer(@TempDir Path out) throws Exception {
        Program program = Corpus.assemble("run-clear-16x16.csf");
        RunReport r = new Simulator().run(program);

        RunFiles.write(r, program, out);

        JsonObject report = json(out.resolve("report.json"));
        assertEquals("ok", report.get("status").getAsString());
        assertEquals(7, report.get("instructions").getAsLong());
        assertEquals(96, report.getAsJsonArray("registers").size());
        JsonObject rt = report.getAsJsonArray("render_targets").get(0).getAsJsonObject();
        assertEquals("color.png", rt.get("png").getAsString());
        assertEquals("linear", rt.get("layout").getAsString());
        assertTrue(report.getAsJsonArray("notes").toString().contains("clear colour: each render target"));
        BufferedImage png = ImageIO.read(out.resolve("color.png").toFile());
        assertEquals(16, png.getWidth());
        assertEquals(0xffff0000, png.getRGB(15, 15)); // ARGB: opaque red
        assertFalse(Files.exists(out.resolve("core.json")));
    }

    @Test
    void faultedRunWritesTheFaultAndACoreDump(@TempDir Path out) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        RunReport r = new Simulator().run(program);

        RunFiles.write(r, program, out);

        JsonObject fault = json(out.resolve("report.json")).getAsJsonObject("fault");
        assertEquals("translation", fault.get("kind").getAsString());
        assertEquals("0xdead0000", fault.get("va").getAsString());
        assertEquals(6, fault.get("line").getAsInt());
        JsonObject core = json(out.resolve("core.json"));
        assertEquals(96, core.getAsJsonArray("registers").size());
        assertTrue(core.getAsJsonArray("last_instructions").size() > 0);
    }

    @Test
    void eachQueueHasItsStatusAndEachGroupItsState(@TempDir Path out) throws Exception {
        Program program = Corpus.assemble("run-fault-one-group.csf");
        RunReport r = new Simulator().run(program);

        RunFiles.write(r, program, out);

        JsonObject report = json(out.resolve("report.json"));
        JsonObject bad = report.getAsJsonArray("queues").get(0).getAsJsonObject();
        JsonObject good = report.getAsJsonArray("queues").get(1).getAsJsonObject();
        assertEquals("fault", bad.get("status").getAsString());
        assertEquals("translation", bad.getAsJsonObject("fault").get("kind").getAsString());
        assertEquals("ok", good.get("status").getAsString());
        assertFalse(good.has("fault"));
        JsonObject group = report.getAsJsonArray("groups").get(0).getAsJsonObject();
        assertEquals("fatal_fault", group.get("state").getAsString());
        assertEquals(1, group.get("fatal_queues").getAsInt());
        assertEquals("ok", report.getAsJsonArray("groups").get(1).getAsJsonObject().get("state").getAsString());
    }

    /** report.json and core.json read as before they were written without a Gson instance. */
    @Test
    void reportAndCoreDumpAreWhatGsonsPrettyPrinterWrites(@TempDir Path out) throws Exception {
        Gson pretty = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create();
        for (String source : List.of("run-clear-16x16.csf", "run-translation-fault.csf")) {
            Program program = Corpus.assemble(source);
            Path dir = out.resolve(source);
            RunFiles.write(new Simulator().run(program), program, dir);
            for (Path file : List.of(dir.resolve("report.json"), dir.resolve("core.json"))) {
                if (Files.exists(file)) {
                    String written = Files.readString(file);
                    assertEquals(pretty.toJson(JsonParser.parseString(written)) + "\n", written, file.toString());
                }
            }
        }
        assertTrue(Files.readString(out.resolve("run-clear-16x16.csf/report.json")).contains("\"fault\": null"));
        assertTrue(Files.exists(out.resolve("run-translation-fault.csf/core.json")));
    }

    @Test
    void dumpBufferIsWrittenAsBin(@TempDir Path out) throws Exception {
        Program program = Corpus.assemble("run-two-vms.csf");
        RunReport r = new Simulator(RunOptions.defaults().withDumpBuffers(List.of("target"))).run(program);

        RunFiles.write(r, program, out);

        assertArrayEquals(new byte[] {0x11, 0x11, 0, 0, 0, 0, 0, 0}, Files.readAllBytes(out.resolve("target.bin")));
    }

    @Test
    void theReportListsEachJobsInputsWithTheirDescriptorsAndNotes() throws Exception {
        Program program = Corpus.assemble("job-run-compute.csf");

        JsonObject report = RunFiles.render(new Simulator().run(program), program).report();

        JsonObject job = report.getAsJsonArray("jobs").get(0).getAsJsonObject();
        assertEquals("RUN_COMPUTE", job.get("instruction").getAsString());
        JsonObject spd = job.getAsJsonArray("inputs").get(1).getAsJsonObject();
        assertEquals("d16", spd.get("registers").getAsString());
        JsonObject shader = spd.getAsJsonArray("descriptors").get(0).getAsJsonObject();
        assertEquals("0x" + Long.toHexString(program.symbols().get("spd").value()), shader.get("address").getAsString());
        assertEquals("compute", shader.getAsJsonObject("fields").get("stage").getAsString());
    }

    @Test
    void theReportCarriesTheHardwaresException(@TempDir Path out) throws Exception {
        Program program = Corpus.assembleText("""
                .stream main
                    MOVE48 d40, 0xc0000000
                    LOAD_MULTIPLE r0:r1, [d40 + 0]
                """);

        RunFiles.write(new Simulator().run(program), program, out);

        JsonObject e = json(out.resolve("report.json")).getAsJsonObject("fault").getAsJsonObject("exception");
        assertEquals("mmu_fault", e.get("class").getAsString());
        assertEquals("0xc1", e.get("code").getAsString());
        assertEquals("TRANSLATION_FAULT_1", e.get("name").getAsString());
        assertEquals("0xc0000000", e.get("info").getAsString());
        assertEquals("READ", e.get("access").getAsString());
    }
}
