package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The README's Neovim configurations, exactly as printed (only the launcher path filled in), in a headless
 * Neovim against the packaged {@code ./csf lsp}: diagnostics, hover on K and completion on Ctrl-X Ctrl-O, typed
 * as a user types them. Debian 12's Neovim is 0.7.2, which runs the 0.7 configuration; the 0.10 one is only
 * compiled (no Neovim 0.10 is to be had from Debian 12, npm or Maven Central). CI installs {@code neovim};
 * skipped, loudly, only where no {@code nvim} is on the PATH.
 */
class NeovimSnippetIT {

    /** Waits until the current buffer's server has answered {@code initialize} (or an error was shown). */
    private static final String AWAIT_SERVER = """
            local function report(fields)
              fields.errmsg = vim.v.errmsg
              vim.fn.writefile({ vim.fn.json_encode(fields) }, os.getenv("CSF_EDITOR_REPORT"))
              vim.cmd("qa!")
            end
            vim.wait(60000, function()
              for _, c in pairs(vim.lsp.buf_get_clients(0)) do
                if c.initialized then return true end
              end
              return vim.v.errmsg ~= ""
            end, 50)
            """;

    /** Waits for the current buffer's diagnostics, then reports what Neovim knows about the buffers. */
    private static final String DIAGNOSTICS = AWAIT_SERVER + """
            vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 or vim.v.errmsg ~= "" end, 50)
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
            report({ arrived = #diagnostics > 0, filetype = vim.bo.filetype, clients = clients, attached = attached,
              diagnostics = diagnostics })
            """;

    /** Presses K on line 2, column 5 and reports the lines of the floating window that opens. */
    private static final String HOVER = AWAIT_SERVER + """
            vim.api.nvim_win_set_cursor(0, { 2, 5 })
            vim.cmd("normal K")
            local float
            vim.wait(30000, function()
              for _, w in ipairs(vim.api.nvim_list_wins()) do
                if vim.api.nvim_win_get_config(w).relative ~= "" then float = w return true end
              end
              return false
            end, 50)
            report({ hover = float and vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false) or {} })
            """;

    /**
     * Appends to line 3 in insert mode and presses Ctrl-X Ctrl-O; reports the labels of the completion menu once
     * it shows (30 s at most), then leaves insert mode.
     */
    private static final String COMPLETION = AWAIT_SERVER + """
            vim.api.nvim_win_set_cursor(0, { 3, 0 })
            local labels
            local deadline = vim.loop.now() + 30000
            local timer = vim.loop.new_timer()
            timer:start(50, 50, vim.schedule_wrap(function()
              local items = vim.fn.complete_info({ "items" }).items
              if labels == nil and (#items > 0 or vim.loop.now() > deadline) then
                timer:stop()
                labels = {}
                for _, item in ipairs(items) do table.insert(labels, item.abbr) end
                vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<C-e><Esc>", true, false, true), "n", false)
              end
            end))
            vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("A<C-x><C-o>", true, false, true), "tx!", false)
            report({ completion = labels or {} })
            """;

    @TempDir
    static Path home;

    @TempDir
    Path project;

    private static Path init;

    @BeforeAll
    static void writeTheReadmeConfiguration() throws IOException {
        ReadmeEditorConfig.assumeOnPath("nvim", "NeovimSnippetIT", "neovim");
        init = ReadmeEditorConfig.write("lua", "-- CSF Studio, Neovim 0.7 to 0.9", home.resolve("init.lua"));
    }

    /** A headless Neovim in the project directory editing these files, then running {@code script}. */
    private JsonObject edit(String script, String... files) throws IOException, InterruptedException {
        Path lua = Files.writeString(home.resolve("test.lua"), script);
        List<String> command = new ArrayList<>(List.of("nvim", "--headless", "-u", init.toString(), "-i", "NONE",
                "-n"));
        command.addAll(List.of(files));
        command.addAll(List.of("-c", "luafile " + lua));
        return ReadmeEditorConfig.run(command, project, home);
    }

    @Test
    void brokenFileGetsTheServersDiagnosticOnItsLine() throws Exception {
        Files.writeString(project.resolve("bad.csf"), ReadmeEditorConfig.BROKEN_STREAM);
        JsonObject r = edit(DIAGNOSTICS, "bad.csf");
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
        JsonObject r = edit(DIAGNOSTICS, "-o", "a.csf", "b.csf");
        assertTrue(r.get("arrived").getAsBoolean(), "no diagnostic within 60 s: " + r);
        assertEquals("[\"csf\"]", r.getAsJsonArray("clients").toString(), "one server");
        assertEquals("[1,1]", r.getAsJsonArray("attached").toString(), "both buffers attached to it");
    }

    @Test
    void kShowsTheInstructionsHover() throws Exception {
        Files.writeString(project.resolve("hover.csf"), ReadmeEditorConfig.HOVER_STREAM);
        JsonObject r = edit(HOVER, "hover.csf");
        String hover = String.join("\n", strings(r.getAsJsonArray("hover")));
        assertTrue(hover.contains("MOVE32"), "no hover of MOVE32 within 30 s: " + r);
    }

    @Test
    void ctrlXCtrlOCompletesTheMnemonic() throws Exception {
        Files.writeString(project.resolve("complete.csf"), ReadmeEditorConfig.COMPLETION_STREAM);
        JsonObject r = edit(COMPLETION, "complete.csf");
        List<String> labels = strings(r.getAsJsonArray("completion"));
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("MOVE48")), "no MOVE48 offered within 30 s: " + r);
    }

    /** The README's configuration for Neovim 0.10 and later is at least Lua that Neovim's LuaJIT compiles. */
    @Test
    void theConfigurationForNeovim010Compiles() throws Exception {
        Path newer = ReadmeEditorConfig.write("lua", "-- CSF Studio, Neovim 0.10 and later", home.resolve("newer.lua"));
        JsonObject r = edit("""
                local chunk, problem = loadfile("%s")
                vim.fn.writefile({ vim.fn.json_encode({ compiled = chunk ~= nil, problem = problem or "" }) },
                  os.getenv("CSF_EDITOR_REPORT"))
                vim.cmd("qa!")
                """.formatted(newer));
        assertTrue(r.get("compiled").getAsBoolean(), r.toString());
    }

    private static List<String> strings(JsonArray array) {
        List<String> out = new ArrayList<>();
        for (JsonElement e : array) {
            out.add(e.getAsString());
        }
        return out;
    }
}
