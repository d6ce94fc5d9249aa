package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.eclipse.core.resources.IMarker;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.RGB;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.operations.completion.CompletionText;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.HoverText;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;
import dev.csfstudio.eclipse.run.RunViewModel;
import dev.csfstudio.eclipse.server.ServerCommand;

/** The LSP client against the jar bundled in the plugin, no UI. */
class ServerEndToEndTest {

    static final Path EXAMPLES = Path.of(System.getProperty("csf.examples", "../../examples")).toAbsolutePath().normalize();
    static final String ERROR_LINE = "    FROB r1, #2\n";

    private static CsfServerConnection server;
    private static final Map<String, List<Diagnostic>> latest = new ConcurrentHashMap<>();
    private static final Map<String, String> texts = new ConcurrentHashMap<>();

    static String clearText() throws Exception {
        return Files.readString(EXAMPLES.resolve("clear.csf"), StandardCharsets.UTF_8);
    }

    @BeforeAll
    static void start() throws Exception {
        Path jar = CsfPlugin.getDefault().bundledServerJar();
        assertNotNull(jar, "the plugin has no server/csf.jar");
        ServerCommand.Resolution r = ServerCommand.resolve(new ServerCommand.Settings("", "", "", ""), new ServerCommand.Host() {
            @Override
            public String env(String name) {
                return null;
            }

            @Override
            public boolean isFile(String p) {
                return Files.isRegularFile(Path.of(p));
            }

            @Override
            public String bundledJar() {
                return jar.toString();
            }

            @Override
            public boolean windows() {
                return false;
            }

            @Override
            public String runningJava() {
                return Path.of(System.getProperty("java.home"), "bin", "java").toString();
            }
        });
        ServerCommand.Ok ok = assertInstanceOf(ServerCommand.Ok.class, r, () -> r.toString());
        JsonObject options = new JsonObject();
        options.addProperty("runDelayMs", 50);
        server = CsfServerConnection.start(ok.command(), List.of(EXAMPLES), options, new CsfServerConnection.Listener() {
            @Override
            public void diagnostics(String uri, List<Diagnostic> diagnostics, String text) {
                latest.put(uri, diagnostics);
                if (text != null) {
                    texts.put(uri, text);
                }
            }

            @Override
            public void log(String line) {
                System.out.println(line);
            }
        });
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
            assertFalse(server.isAlive());
        }
    }

    private static List<Diagnostic> await(String uri, Predicate<List<Diagnostic>> done) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            List<Diagnostic> d = latest.get(uri);
            if (d != null && done.test(d)) {
                return d;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no matching diagnostics for " + uri + " in 20 s; last: " + latest.get(uri));
    }

    private static boolean hasError(List<Diagnostic> ds) {
        return ds.stream().anyMatch(d -> d.getSeverity() == DiagnosticSeverity.Error);
    }

    @Test
    void exampleClearHasNoErrors() throws Exception {
        String uri = EXAMPLES.resolve("clear.csf").toUri().toString();
        server.didOpen(uri, clearText());
        List<Diagnostic> d = await(uri, x -> true);
        assertFalse(hasError(d), d::toString);
        server.didClose(uri);
    }

    @Test
    void runReturnsARenderTargetWhosePngDecodesToRed() throws Exception {
        String uri = EXAMPLES.resolve("run-e2e.csf").toUri().toString();
        server.didOpen(uri, clearText());
        var result = server.run(uri).get(60, TimeUnit.SECONDS);
        RunViewModel m = RunViewModel.from("clear.csf", result);
        assertEquals("ok", m.status(), m::text);
        assertEquals(1, m.targets().size(), m::text);
        RunViewModel.Target t = m.targets().get(0);
        assertNotNull(t.png(), "pngBase64 missing or not a PNG");
        ImageData image = new ImageLoader().load(new ByteArrayInputStream(t.png()))[0];
        assertEquals(16, image.width);
        assertEquals(16, image.height);
        assertEquals(new RGB(255, 0, 0), image.palette.getRGB(image.getPixel(5, 9)));
        server.didClose(uri);
    }

    @Test
    void errorLineYieldsMarkerAttributesOnThatLine() throws Exception {
        String uri = EXAMPLES.resolve("error-e2e.csf").toUri().toString();
        String text = clearText() + ERROR_LINE;
        int line = new LineOffsets(text).lineCount() - 1; // the error line is the last one before the final newline
        server.didOpen(uri, text);
        List<Diagnostic> ds = await(uri, ServerEndToEndTest::hasError);
        Diagnostic error = ds.stream().filter(d -> d.getSeverity() == DiagnosticSeverity.Error).findFirst().orElseThrow();
        Map<String, Object> a = MarkerData.attributes(error, new LineOffsets(texts.get(uri)));
        assertEquals(line, a.get(IMarker.LINE_NUMBER));
        assertEquals(IMarker.SEVERITY_ERROR, a.get(IMarker.SEVERITY));
        assertTrue(((String) a.get(IMarker.MESSAGE)).contains("FROB"), a.toString());
        assertEquals(text.indexOf("FROB"), a.get(IMarker.CHAR_START));
        server.didClose(uri);
    }

    @Test
    void editThatFixesTheErrorClearsIt() throws Exception {
        String uri = EXAMPLES.resolve("fix-e2e.csf").toUri().toString();
        server.didOpen(uri, clearText() + ERROR_LINE);
        await(uri, ServerEndToEndTest::hasError);
        server.didChange(uri, clearText());
        await(uri, ds -> !hasError(ds));
        server.didClose(uri);
    }

    @Test
    void hoverOnAMnemonicDescribesIt() throws Exception {
        String uri = EXAMPLES.resolve("hover-e2e.csf").toUri().toString();
        String text = clearText();
        server.didOpen(uri, text);
        int[] pos = new LineOffsets(text).position(text.indexOf("MOVE32") + 2);
        String hover = HoverText.of(server.hover(uri, pos[0], pos[1]).get(20, TimeUnit.SECONDS));
        assertNotNull(hover);
        assertTrue(hover.toUpperCase().contains("MOVE32"), hover);
        server.didClose(uri);
    }

    @Test
    void completionAtStatementStartOffersMnemonicsWithoutSnippetSyntax() throws Exception {
        String uri = EXAMPLES.resolve("complete-e2e.csf").toUri().toString();
        String text = clearText() + "    MOV";
        server.didOpen(uri, text);
        int[] pos = new LineOffsets(text).position(text.length());
        List<CompletionItem> items = server.completion(uri, pos[0], pos[1]).get(20, TimeUnit.SECONDS);
        CompletionItem move32 = items.stream().filter(i -> i.getLabel().equalsIgnoreCase("MOVE32")).findFirst()
                .orElseThrow(() -> new AssertionError("no MOVE32 in " + items.stream().map(CompletionItem::getLabel).toList()));
        String raw = move32.getTextEdit() != null ? move32.getTextEdit().getLeft().getNewText() : move32.getInsertText();
        String inserted = CompletionText.fromSnippet(raw).text();
        assertTrue(inserted.toUpperCase().startsWith("MOVE32"), inserted);
        assertFalse(inserted.contains("${") || inserted.contains("$1"), inserted);
        server.didClose(uri);
    }
}
