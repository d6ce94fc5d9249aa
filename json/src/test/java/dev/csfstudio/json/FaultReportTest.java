package dev.csfstudio.json;

import com.google.gson.JsonObject;
import dev.csfstudio.program.Program;
import dev.csfstudio.runtime.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.csfstudio.json.RunFilesTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What report.json and core.json say of groups, queues and exception handlers after a fault. */
class FaultReportTest {

    @Test
    void theCoreDumpCarriesEachQueuesStatusAndEachGroupsState(@TempDir Path out) throws Exception {
        Program program = Corpus.assemble("run-fault-one-group.csf");
        RunFiles.write(new Simulator().run(program), program, out);

        JsonObject core = json(out.resolve("core.json"));
        JsonObject bad = core.getAsJsonArray("queue_status").get(0).getAsJsonObject();
        assertEquals("qbad", bad.get("name").getAsString());
        assertEquals("fault", bad.get("status").getAsString());
        String exception = bad.getAsJsonObject("fault").getAsJsonObject("exception").get("name").getAsString();
        assertTrue(exception.startsWith("TRANSLATION_FAULT_"), exception);
        assertEquals("ok", core.getAsJsonArray("queue_status").get(1).getAsJsonObject().get("status").getAsString());
        JsonObject group = core.getAsJsonArray("groups").get(0).getAsJsonObject();
        assertEquals("fatal_fault", group.get("state").getAsString());
        assertEquals(1, group.get("fatal_queues").getAsInt());
    }

    @Test
    void reportJsonListsTheQueuesExceptionHandlers(@TempDir Path out) throws Exception {
        Program program = Corpus.assemble("run-exception-handler-installed.csf");
        RunFiles.write(new Simulator().run(program), program, out);

        JsonObject handler = json(out.resolve("report.json")).getAsJsonArray("queues").get(0).getAsJsonObject()
                .getAsJsonArray("exception_handlers").get(0).getAsJsonObject();
        assertEquals("tiler_oom", handler.get("type").getAsString());
        assertEquals(2, handler.get("code").getAsInt());
        assertEquals(32, handler.get("length").getAsInt());
    }
}
