package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ExecuteCommandParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.csfstudio.runtime.PngEncoder;

/** "Update golden image" ({@code csf.updateGolden}) writes only inside the workspace, never over an input. */
class GoldenUpdateConfinementTest {

    @TempDir
    Path dir;

    /** RunFeedbackTest's red clear, then r4 = 7. */
    private static final String CLEAR = RunFeedbackTest.CLEAR + "    MOVE32 r4, #7\n";

    /** The line (0-based) of the {@code .expect} after {@link #CLEAR}. */
    private static final int EXPECT_LINE = (int) CLEAR.chars().filter(c -> c == '\n').count();

    /** The error {@code csf.updateGolden} on the {@code .expect} line of {@code uri} answers. */
    private static String refusal(LspSession s, String uri) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> s.server.getWorkspaceService()
                .executeCommand(new ExecuteCommandParams(StreamTestService.UPDATE_GOLDEN, List.of(uri, EXPECT_LINE)))
                .get(30, TimeUnit.SECONDS));
        return e.getCause().getMessage();
    }

    @Test
    void aGoldenOutsideTheWorkspaceIsRefusedAndLeftAsItWas() throws Exception {
        Path workspace = Files.createDirectories(dir.resolve("workspace"));
        byte[] png = PngEncoder.encode(1, 1, new int[] {0});
        Path outside = Files.write(dir.resolve("outside.png"), png);
        try (LspSession s = LspSession.start(workspace)) {
            String uri = s.open("img.csf", CLEAR + ".expect image color == \"../outside.png\"\n");
            String message = refusal(s, uri);
            assertTrue(message.contains("refusing to write golden " + outside + ": it is outside " + workspace),
                    message);
        }
        assertArrayEquals(png, Files.readAllBytes(outside));
    }

    @Test
    void aGoldenNamingTheDocumentItselfIsRefused() throws Exception {
        try (LspSession s = LspSession.start(dir)) {
            String text = CLEAR + ".expect image color == \"img.csf\"\n";
            String uri = s.open("img.csf", text);
            String message = refusal(s, uri);
            assertTrue(message.contains("it would overwrite the input"), message);
            assertEquals(text, Files.readString(dir.resolve("img.csf")));
        }
    }
}
