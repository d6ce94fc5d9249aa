package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Newcomers paste the README's sources first: every {@code ```asm} block in it must run to status ok. */
class ReadmeExamplesTest {

    /** One fenced {@code asm} block: where it starts in the README and its text. */
    record Block(int line, String text) {
        @Override
        public String toString() {
            return "README.md:" + line;
        }
    }

    @TempDir
    Path dir;

    static List<Block> asmBlocks() throws IOException {
        Path readme = Path.of(System.getProperty("csf.readme", "../README.md"));
        List<String> lines = Files.readAllLines(readme);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("```asm")) {
                int start = i + 1;
                StringBuilder text = new StringBuilder();
                for (i = start; i < lines.size() && !lines.get(i).strip().equals("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                blocks.add(new Block(start + 1, text.toString()));
            }
        }
        assertFalse(blocks.isEmpty(), "no ```asm block in " + readme.toAbsolutePath());
        return blocks;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("asmBlocks")
    void runsToStatusOkWithoutWarnings(Block block) throws IOException {
        Path source = Files.writeString(dir.resolve("readme.csf"), block.text());
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", source.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), block + ": " + r.out() + r.err());
        assertTrue(r.out().startsWith("ok: "), block + ": " + r.out());
        assertTrue(Files.readString(out.resolve("report.json")).contains("\"status\": \"ok\""), block + ": report.json");
        assertEquals("", r.err(), block + ": diagnostics");
    }
}
