package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.TextEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.csfstudio.asm.CanonicalFormatter;

class FormattingTest {

    @TempDir
    Path root;

    private static List<? extends TextEdit> format(LspSession s, String uri) throws Exception {
        return s.server.getTextDocumentService().formatting(new DocumentFormattingParams(LspSession.id(uri),
                new FormattingOptions(4, true))).get(10, TimeUnit.SECONDS);
    }

    @Test
    void formattingReplacesTheDocumentWithItsCanonicalForm() throws Exception {
        String text = "loop: branch.NE r4,loop ; keep me\n";
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", text);
            List<? extends TextEdit> edits = format(s, uri);
            assertEquals(1, edits.size());
            assertEquals(CanonicalFormatter.format(text), edits.get(0).getNewText());
            assertEquals(0, edits.get(0).getRange().getStart().getLine());
        }
    }

    @Test
    void canonicalDocumentNeedsNoEdits() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", CanonicalFormatter.format("loop: branch.NE r4,loop ; keep me\n"));
            assertEquals(List.of(), format(s, uri));
        }
    }
}
