package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NavigationTest {

    @TempDir
    Path root;

    private static final String LOOP = """
            .equ N, 3
            .stream main
                MOVE32 r4, #N
            loop:
                ADD_IMMEDIATE32 r4, r4, #-1
                BRANCH.ne r4, loop
            """;

    @Test
    void definitionOfALabelUseIsItsLabel() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", LOOP);
            List<? extends Location> defs = s.server.getTextDocumentService().definition(new DefinitionParams(
                    LspSession.id(uri), new Position(5, 20))).get(10, TimeUnit.SECONDS).getLeft();
            assertEquals(new Location(uri, new Range(new Position(3, 0), new Position(3, 4))), defs.get(0));
        }
    }

    @Test
    void definitionFollowsIntoAnIncludedFile() throws Exception {
        Files.writeString(root.resolve("consts.csf"), ".equ COLOR, 0xff0000ff\n");
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".include \"consts.csf\"\nMOVE32 r1, #COLOR\n");
            Location def = s.server.getTextDocumentService().definition(new DefinitionParams(LspSession.id(uri),
                    new Position(1, 14))).get(10, TimeUnit.SECONDS).getLeft().get(0);
            assertEquals(DocumentStore.uriOf(root.resolve("consts.csf")), def.getUri());
            assertEquals(0, def.getRange().getStart().getLine());
        }
    }

    @Test
    void referencesListEveryUseAndOptionallyTheDefinition() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", LOOP + "    BRANCH.eq r4, loop\n");
            ReferenceParams params = new ReferenceParams(LspSession.id(uri), new Position(3, 1), new ReferenceContext(false));
            assertEquals(2, s.server.getTextDocumentService().references(params).get(10, TimeUnit.SECONDS).size());
            params.setContext(new ReferenceContext(true));
            assertEquals(3, s.server.getTextDocumentService().references(params).get(10, TimeUnit.SECONDS).size());
        }
    }

    @Test
    void renameChangesTheDefinitionAndEveryUse() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", LOOP);
            WorkspaceEdit edit = s.server.getTextDocumentService().rename(new RenameParams(LspSession.id(uri),
                    new Position(2, 17), "COUNT")).get(10, TimeUnit.SECONDS);
            List<TextEdit> edits = edit.getChanges().get(uri);
            assertEquals(2, edits.size());
            assertTrue(edits.contains(new TextEdit(new Range(new Position(0, 5), new Position(0, 6)), "COUNT")));
            assertTrue(edits.contains(new TextEdit(new Range(new Position(2, 16), new Position(2, 17)), "COUNT")));
        }
    }

    @Test
    void renameReachesIntoIncludedFiles() throws Exception {
        Files.writeString(root.resolve("consts.csf"), ".equ COLOR, 0xff0000ff\n");
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".include \"consts.csf\"\nMOVE32 r1, #COLOR\n");
            WorkspaceEdit edit = s.server.getTextDocumentService().rename(new RenameParams(LspSession.id(uri),
                    new Position(1, 14), "RED")).get(10, TimeUnit.SECONDS);
            assertEquals(List.of(new TextEdit(new Range(new Position(0, 5), new Position(0, 10)), "RED")),
                    edit.getChanges().get(DocumentStore.uriOf(root.resolve("consts.csf"))));
        }
    }

    /** A loop whose second branch does not assemble: the mnemonic is misspelt. */
    private static final String BROKEN = """
            loop:
                ADD_IMMEDIATE32 r4, r4, #-1
                BRANCH.ne r4, loop
                BRNCH.ne r4, loop
            """;

    @Test
    void referencesIncludeUsesOnLinesThatDoNotAssemble() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", BROKEN);
            List<? extends Location> refs = s.server.getTextDocumentService().references(new ReferenceParams(
                    LspSession.id(uri), new Position(0, 3), new ReferenceContext(false))).get(10, TimeUnit.SECONDS);
            assertEquals(List.of(new Location(uri, new Range(new Position(2, 18), new Position(2, 22))),
                    new Location(uri, new Range(new Position(3, 17), new Position(3, 21)))), refs);
        }
    }

    @Test
    void definitionWorksFromAUseOnALineThatDoesNotAssemble() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", BROKEN);
            List<? extends Location> defs = s.server.getTextDocumentService().definition(new DefinitionParams(
                    LspSession.id(uri), new Position(3, 18))).get(10, TimeUnit.SECONDS).getLeft();
            assertEquals(List.of(new Location(uri, new Range(new Position(0, 0), new Position(0, 4)))), defs);
        }
    }

    @Test
    void renameAlsoRenamesUsesOnLinesThatDoNotAssemble() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", BROKEN + "    MOVE32 r200, loop\n");
            WorkspaceEdit edit = s.server.getTextDocumentService().rename(new RenameParams(LspSession.id(uri),
                    new Position(0, 3), "again")).get(10, TimeUnit.SECONDS);
            List<TextEdit> edits = edit.getChanges().get(uri);
            assertEquals(4, edits.size(), edits.toString());
            assertTrue(edits.contains(new TextEdit(new Range(new Position(3, 17), new Position(3, 21)), "again")));
            assertTrue(edits.contains(new TextEdit(new Range(new Position(4, 17), new Position(4, 21)), "again")));
        }
    }

    @Test
    void renameToARegisterNameIsRefused() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", LOOP);
            ExecutionException e = assertThrows(ExecutionException.class, () -> s.server.getTextDocumentService()
                    .rename(new RenameParams(LspSession.id(uri), new Position(3, 1), "r4")).get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("not a valid symbol name"), e.getCause().getMessage());
        }
    }

    @Test
    void documentSymbolsNestLabelsInTheirStream() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", LOOP + ".buffer data, size=64\n");
            List<DocumentSymbol> symbols = s.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS).stream().map(e -> e.getRight()).toList();
            List<String> names = symbols.stream().map(DocumentSymbol::getName).toList();
            assertTrue(names.containsAll(List.of("N", "main", "data")), names.toString());
            DocumentSymbol main = symbols.stream().filter(x -> x.getName().equals("main")).findFirst().orElseThrow();
            assertEquals(List.of("loop"), main.getChildren().stream().map(DocumentSymbol::getName).toList());
        }
    }

    @Test
    void workspaceSymbolsSearchEveryOpenDocument() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String a = s.open("a.csf", "first_loop:\nNOP\n");
            String b = s.open("b.csf", "second_loop:\nNOP\n");
            s.currentDiagnostics(a);
            s.currentDiagnostics(b);
            List<? extends WorkspaceSymbol> found = s.server.getWorkspaceService().symbol(new WorkspaceSymbolParams("loop"))
                    .get(10, TimeUnit.SECONDS).getRight();
            assertEquals(List.of("first_loop", "second_loop"), found.stream().map(WorkspaceSymbol::getName).toList());
        }
    }
}
