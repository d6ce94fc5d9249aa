package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

import dev.csfstudio.isa.InstructionSet;

/**
 * A request is answered for the document version it asked about: edits the client sends after the request,
 * before the answer, do not leak into it.
 */
@Timeout(60)
class RequestVersionTest {

    @TempDir
    Path root;

    static final String ASKED = "loop:   NOP\n        BRANCH.ne r4, loop\n";
    static final String LATER = "; a comment\n.equ LIMIT, 4\n        MOVE32 r1, #LIMIT\n";

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void semanticTokensAreThoseOfTheVersionTheRequestAskedAbout() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Toolchain standard = Toolchain.standard();
        // a formatter that waits: two format requests hold both request threads while the edits arrive
        Toolchain held = new Toolchain(standard.assembler(), text -> {
            await(release);
            return text;
        }, standard.runner());
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", false);
        try (LspSession s = LspSession.start(root, held, options)) {
            try {
                String uri = s.open("a.csf", "NOP\n");
                int asked = s.edit(uri, 0, 0, 1, 0, ASKED);
                var formatting = new DocumentFormattingParams(LspSession.id(uri), new FormattingOptions(4, true));
                List<CompletableFuture<List<? extends TextEdit>>> held2 = List.of(
                        s.server.getTextDocumentService().formatting(formatting),
                        s.server.getTextDocumentService().formatting(formatting));
                CompletableFuture<SemanticTokens> tokens = s.server.getTextDocumentService()
                        .semanticTokensFull(new SemanticTokensParams(LspSession.id(uri)));
                s.edit(uri, 0, 0, 2, 0, LATER);
                s.currentDiagnostics(uri); // the server has taken the later version
                release.countDown();
                SemanticTokens expected = new SemanticTokenService(InstructionSet.v10())
                        .tokens(new TextDocument(uri, asked, ASKED));
                assertEquals(expected.getData(), tokens.get(10, TimeUnit.SECONDS).getData());
                for (var f : held2) {
                    f.get(10, TimeUnit.SECONDS);
                }
            } finally {
                release.countDown();
            }
        }
    }

    @Test
    void aRequestWhoseVersionWasReplacedBeforeItsAssemblyFailsWithContentModified() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Toolchain standard = Toolchain.standard();
        // the assembly of the version asked about waits until the later version has arrived
        AssemblyFunction held = (file, text, reader, roots, arch) -> {
            if (text.equals(ASKED)) {
                await(release);
            }
            return standard.assembler().assemble(file, text, reader, roots, arch);
        };
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", false);
        try (LspSession s = LspSession.start(root, new Toolchain(held, standard.formatter(), standard.runner()),
                options)) {
            try {
                String uri = s.open("a.csf", "NOP\n");
                s.edit(uri, 0, 0, 1, 0, ASKED);
                var symbols = s.server.getTextDocumentService().documentSymbol(
                        new DocumentSymbolParams(LspSession.id(uri)));
                s.edit(uri, 0, 0, 2, 0, LATER);
                // answered at once on the message thread: every message before it has been taken
                var barrier = s.server.getWorkspaceService().executeCommand(
                        new ExecuteCommandParams("no.such.command", List.of(uri)));
                assertThrows(ExecutionException.class, () -> barrier.get(10, TimeUnit.SECONDS));
                release.countDown();
                ExecutionException e = assertThrows(ExecutionException.class, () -> symbols.get(10, TimeUnit.SECONDS));
                assertEquals(ResponseErrorCode.ContentModified.getValue(),
                        ((ResponseErrorException) e.getCause()).getResponseError().getCode(), e.getCause().toString());
            } finally {
                release.countDown();
            }
        }
    }
}
