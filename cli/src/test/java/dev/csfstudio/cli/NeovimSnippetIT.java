package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The README's Neovim configuration, exactly as printed (only the launcher path filled in), in a headless
 * Neovim against the packaged {@code ./csf lsp}. Debian 12's Neovim is 0.7.2, so the snippet must not need
 * anything newer; CI installs that package. Skipped, loudly, only where no {@code nvim} is on the PATH.
 */
class NeovimSnippetIT {

    private static final String PLACEHOLDER = "/path/to/csf-studio/csf";

    /**
     * Waits for the current buffer's diagnostics (or an error message), then writes what Neovim knows about the
     * buffer as JSON.
     */
    private static final String REPORT = """
            vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 or vim.v.errmsg ~= "" end, 50)
            local arrived = #vim.diagnostic.get(0) > 0
            local diagnostics = {}
            for _, d in ipairs(vim.diagnostic.get(0)) do
              table.insert(diagnostics, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message })
            end
            local clients = {}
            for _, c in pairs(vim.lsp.get_active_clients()) do table.insert(clients, c.name) end
            local attached = {}
            for _, b in ipairs(vim.api.nvim_list_bufs()) do
              if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].filetype == "csf" then
                local n = 0
                for _ in pairs(vim.lsp.buf_get_clients(b)) do n = n + 1 end
                table.insert(attached, n)
              end
            end
            vim.fn.writefile({ vim.fn.json_encode({ arrived = arrived, filetype = vim.bo.filetype,
              clients = clients, attached = attached, diagnostics = diagnostics, errmsg = vim.v.errmsg }) },
              os.getenv("CSF_NVIM_REPORT"))
            vim.cmd("qa!")
            """;

    @TempDir
    static Path home;

    @TempDir
    Path project;

    private static Path init;

    @BeforeAll
    static void writeTheReadmeSnippet() throws IOException {
        String nvim = onPath("nvim");
        if (nvim == null) {
            System.err.println("\n*** SKIPPED NeovimSnippetIT: no nvim on the PATH (apt-get install neovim) ***\n");
        }
        assumeTrue(nvim != null, "no nvim on the PATH (apt-get install neovim)");
        String readme = Files.readString(Path.of(System.getProperty("csf.readme", "../README.md")));
        Matcher lua = Pattern.compile("```lua\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertTrue(lua.find(), "no ```lua block in the README");
        String snippet = lua.group(1);
        assertEquals(1, snippet.split(Pattern.quote(PLACEHOLDER), -1).length - 1, "the launcher path, once");
        Path launcher = Path.of(System.getProperty("csf.launcher", "../csf")).toAbsolutePath().normalize();
        init = Files.writeString(home.resolve("init.lua"), snippet.replace(PLACEHOLDER, launcher.toString()));
    }

    private static String onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return Path.of(dir, program).toString();
            }
        }
        return null;
    }

    /**
     * Runs a headless Neovim in the project directory with these arguments (the files to edit); the report is
     * of the current buffer, {@code attached} counts the clients of each loaded csf buffer.
     */
    private JsonObject edit(String... arguments) throws IOException, InterruptedException {
        Path report = project.resolve("report.json");
        Path script = Files.writeString(home.resolve("report.lua"), REPORT);
        List<String> command = new java.util.ArrayList<>(List.of("nvim", "--headless", "-u", init.toString(),
                "-i", "NONE", "-n"));
        command.addAll(List.of(arguments));
        command.addAll(List.of("-c", "luafile " + script));
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(home.resolve("nvim.err").toFile());
        for (String xdg : List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
            pb.environment().put(xdg, home.resolve(xdg.toLowerCase()).toString());
        }
        pb.environment().put("CSF_NVIM_REPORT", report.toString());
        Process nvim = pb.start();
        if (!nvim.waitFor(120, TimeUnit.SECONDS)) {
            nvim.destroyForcibly();
        }
        String stderr = Files.readString(home.resolve("nvim.err"));
        assertTrue(Files.exists(report), "Neovim wrote no report; its stderr: " + stderr);
        return JsonParser.parseString(Files.readString(report)).getAsJsonObject();
    }

    @Test
    void brokenFileGetsTheServersDiagnosticOnItsLine() throws Exception {
        Files.writeString(project.resolve("bad.csf"), ".stream main\n    MOVE32 r1, #1\n    BRNCH.ne r4, 0\n");
        JsonObject r = edit("bad.csf");
        assertEquals("csf", r.get("filetype").getAsString(), r.toString());
        assertTrue(r.get("arrived").getAsBoolean(), "no diagnostic within 60 s: " + r);
        JsonArray diagnostics = r.getAsJsonArray("diagnostics");
        assertEquals(1, diagnostics.size(), r.toString());
        JsonObject d = diagnostics.get(0).getAsJsonObject();
        assertEquals(2, d.get("lnum").getAsInt());
        assertEquals(4, d.get("col").getAsInt());
        assertEquals(1, d.get("severity").getAsInt(), "an error");
        assertTrue(d.get("message").getAsString().startsWith("unknown mnemonic 'BRNCH'"), d.toString());
    }

    @Test
    void twoCsfBuffersShareOneServer() throws Exception {
        Files.writeString(project.resolve("a.csf"), ".stream main\n    MOVE32 r1, #1000000000000\n");
        Files.writeString(project.resolve("b.csf"), ".stream main\n    MOVE32 r1, #1\n");
        JsonObject r = edit("-o", "a.csf", "b.csf");
        assertTrue(r.get("arrived").getAsBoolean(), "no diagnostic within 60 s: " + r);
        assertEquals("[\"csf\"]", r.getAsJsonArray("clients").toString(), "one server");
        assertEquals("[1,1]", r.getAsJsonArray("attached").toString(), "both buffers attached to it");
    }
}
