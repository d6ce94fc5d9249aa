package dev.csfstudio.eclipse.ui;

import static dev.csfstudio.eclipse.ui.Workbench.file;
import static dev.csfstudio.eclipse.ui.Workbench.open;
import static dev.csfstudio.eclipse.ui.Workbench.page;
import static dev.csfstudio.eclipse.ui.Workbench.project;
import static dev.csfstudio.eclipse.ui.Workbench.read;
import static dev.csfstudio.eclipse.ui.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.codemining.ICodeMining;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.hyperlink.IHyperlink;
import org.eclipse.jface.text.link.LinkedModeModel;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension5;
import org.eclipse.jface.text.Region;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.ltk.core.refactoring.Change;
import org.eclipse.ltk.core.refactoring.CompositeChange;
import org.eclipse.ltk.core.refactoring.TextFileChange;
import org.eclipse.search.ui.text.Match;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.text.TokenKind;
import dev.csfstudio.eclipse.operations.codeactions.CsfQuickAssistProcessor;
import dev.csfstudio.eclipse.operations.codelens.CsfCodeMinings;
import dev.csfstudio.eclipse.operations.completion.CsfCompletionProposal;
import dev.csfstudio.eclipse.operations.completion.CsfContentAssistProcessor;
import dev.csfstudio.eclipse.operations.completion.SignatureInformation;
import dev.csfstudio.eclipse.operations.declaration.CsfHyperlinkDetector;
import dev.csfstudio.eclipse.operations.hover.CsfTextHover;
import dev.csfstudio.eclipse.operations.references.ReferencesSearch;
import dev.csfstudio.eclipse.operations.rename.RenameRefactoring;
import dev.csfstudio.eclipse.outline.QuickOutline;
import dev.csfstudio.eclipse.text.CsfColors;

/** Each language-server feature the Eclipse way, in a real CSF editor with the bundled server behind it. */
class EditorFeaturesUiTest {

    static final String LOOP = """
            .equ LIMIT, 3
            .buffer color, size=64
            .stream main
                    MOVE32 r4, LIMIT
            loop:   ADD_IMMEDIATE32 r4, r4, #-1
                    BRANCH.ne r4, loop
            """;

    @AfterEach
    void closeEditors() {
        page().closeAllEditors(false);
        CsfPlugin.getDefault().getPreferenceStore().setToDefault(CsfCodeMinings.SHOW_WORDS);
        CsfPlugin.getDefault().getPreferenceStore().setToDefault(CsfCodeMinings.SHOW_REGISTERS);
    }

    @Test
    void hoverIsHtmlWithTheOperandTable() throws Exception {
        CsfEditor editor = open(file(project("hover"), "hover.csf", LOOP));
        ISourceViewer viewer = editor.viewer();
        CsfTextHover hover = new CsfTextHover(editor);
        int at = LOOP.indexOf("MOVE32") + 2;
        Object info = hover.getHoverInfo2(viewer, hover.getHoverRegion(viewer, at));
        CsfTextHover.Content content = assertInstanceOf(CsfTextHover.Content.class, info);
        String html = content.html(CsfTextHover.style(Display.getCurrent()));
        assertTrue(html.contains("<table>") && html.contains("<th>operand</th>"), html);
        assertTrue(html.contains("<pre><code class=\"language-csf\">MOVE32"), html);
        assertFalse(content.toString().contains("|"), content.toString());
        assertTrue(content.toString().contains("operand"), content.toString());
        // the hover control shows the HTML where SWT has a browser, the aligned text elsewhere
        var control = CsfTextHover.control(editor.getSite().getShell());
        try {
            assertTrue(control instanceof CsfTextHover.HtmlControl || control instanceof CsfTextHover.PlainControl);
            ((org.eclipse.jface.text.IInformationControlExtension2) control).setInput(content);
            assertTrue(((org.eclipse.jface.text.IInformationControlExtension) control).hasContents());
            if (control instanceof CsfTextHover.HtmlControl browser) {
                // WebKitGTK is there (CI installs it): the browser loads the page with its table
                control.setSize(500, 300);
                control.setVisible(true);
                waitUntil("the browser hover to load the table", 20, () -> {
                    String shown = browser.shownHtml();
                    return shown != null && shown.contains("<th>operand</th>");
                });
                // sized to its content as the text hover's manager asks (100 x 12 characters): every table row fits
                org.eclipse.swt.graphics.Point constraints = browser.computeSizeConstraints(100, 12);
                browser.setSizeConstraints(constraints.x, constraints.y);
                org.eclipse.swt.graphics.Point size = browser.computeSizeHint();
                org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(editor.getSite().getShell());
                int lineHeight;
                try {
                    gc.setFont(org.eclipse.jface.resource.JFaceResources.getDialogFont());
                    lineHeight = gc.getFontMetrics().getHeight();
                } finally {
                    gc.dispose();
                }
                int lines = content.toString().split("\n").length;
                assertTrue(size.y >= lines * lineHeight, "hover " + size + " for " + lines + " lines of " + lineHeight
                        + " px within " + constraints);
                assertFalse(browser.resizable(), "the hover itself is not resizable");
                var enriched = browser.getInformationPresenterControlCreator().createInformationControl(editor.getSite().getShell());
                try {
                    assertTrue(enriched instanceof CsfTextHover.HtmlControl h && h.resizable(), "F2 gives a resizable hover");
                } finally {
                    enriched.dispose();
                }
            } else {
                System.out.println("[hover] no SWT browser here (no WebKitGTK): the hover shows the aligned plain text");
            }
        } finally {
            control.dispose();
        }
        // without a browser (no WebKitGTK) the text control shows the same content as aligned text
        CsfTextHover.PlainControl plain = new CsfTextHover.PlainControl(editor.getSite().getShell());
        try {
            plain.setInput(content);
            assertTrue(plain.hasContents());
        } finally {
            plain.dispose();
        }
    }

    @Test
    void hoverOnAProblemShowsItsMessageFirst() throws Exception {
        String text = LOOP + "        MOVE32 r200, #5\n";
        CsfEditor editor = open(file(project("hover-problem"), "problem.csf", text));
        waitUntil("the range error", 20, () -> !editor.session().diagnostics().isEmpty());
        CsfTextHover hover = new CsfTextHover(editor);
        int at = text.indexOf("r200") + 1;
        CsfTextHover.Content content = (CsfTextHover.Content) hover.getHoverInfo2(editor.viewer(), hover.getHoverRegion(editor.viewer(), at));
        assertTrue(content.markdown().startsWith("**error**: register r200 out of range"), content.markdown());
        assertTrue(content.html(CsfTextHover.style(Display.getCurrent())).contains("<strong>error</strong>: register r200 out of range: allowed r0..r95"),
                content.markdown());
    }

    @Test
    void outlineShowsStreamsAndLabels() throws Exception {
        CsfEditor editor = open(file(project("outline"), "outline.csf", LOOP));
        page().showView(IPageLayout.ID_OUTLINE);
        waitUntil("the Outline to show main with its label loop", 30, () -> editor.outline() != null
                && editor.outline().symbols().stream().anyMatch(d -> d.getName().equals("main") && d.getChildren() != null
                        && d.getChildren().stream().anyMatch(c -> c.getName().equals("loop"))));
        List<String> names = editor.outline().symbols().stream().map(DocumentSymbol::getName).toList();
        assertTrue(names.containsAll(List.of("LIMIT", "color", "main")), names.toString());
        Tree tree = (Tree) editor.outline().getControl();
        List<String> shown = new ArrayList<>();
        for (var item : tree.getItems()) {
            shown.add(item.getText());
            for (var child : item.getItems()) {
                shown.add(child.getText());
            }
        }
        assertTrue(shown.stream().anyMatch(s -> s.startsWith("main  stream")), shown.toString());
        assertTrue(shown.stream().anyMatch(s -> s.startsWith("loop  label")), shown.toString());
    }

    @Test
    void quickOutlineFiltersAndGoesToTheSymbol() throws Exception {
        CsfEditor editor = open(file(project("quickoutline"), "quick.csf", LOOP));
        EditorCommands.lastQuickOutline = null;
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(EditorCommands.QUICK_OUTLINE, null);
        waitUntil("the quick outline", 20, () -> EditorCommands.lastQuickOutline != null
                && EditorCommands.lastQuickOutline.getShell() != null);
        QuickOutline q = EditorCommands.lastQuickOutline;
        q.filter("loo");
        assertTrue(q.visible().stream().anyMatch(s -> s.startsWith("loop")), q.visible().toString());
        assertFalse(q.visible().stream().anyMatch(s -> s.startsWith("color")), q.visible().toString());
        q.goToSelection();
        var selection = (org.eclipse.jface.text.ITextSelection) editor.getSelectionProvider().getSelection();
        assertEquals(LOOP.indexOf("loop:"), selection.getOffset());
    }

    @Test
    void foldingComesFromTheServersRanges() throws Exception {
        CsfEditor editor = open(file(project("folding"), "fold.csf", LOOP));
        waitUntil("folding of the stream", 20, () -> editor.folding().lines().stream().anyMatch(l -> l[0] == 2 && l[1] == 5));
    }

    @Test
    void semanticTokensColourASymbolUseTheRulesCannotTell() throws Exception {
        CsfEditor editor = open(file(project("semantic"), "semantic.csf", LOOP));
        int use = LOOP.lastIndexOf("loop");
        var widget = editor.viewer().getTextWidget();
        try {
            waitUntil("the semantic colour of the branch target", 20, () -> {
                StyleRange r = widget.getStyleRangeAtOffset(use);
                return r != null && r.foreground != null && r.foreground.getRGB().equals(CsfColors.rgb(TokenKind.SYMBOL));
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; semantic ranges " + editor.semantic().ranges().size() + ", legend "
                    + editor.session().connection().semanticTokenTypes() + ", style there " + widget.getStyleRangeAtOffset(use));
        }
    }

    @Test
    void codeMiningShowsTheEncodedWordAndRunAssembleLenses() throws Exception {
        CsfEditor editor = open(file(project("minings"), "minings.csf", LOOP));
        var providers = org.eclipse.jface.text.source.SourceViewer.class.getDeclaredField("fCodeMiningProviders");
        providers.setAccessible(true); // the viewer has no getter: the providers installed must be ours
        Object[] installed = (Object[]) providers.get(editor.viewer());
        assertTrue(installed.length == 1 && installed[0] instanceof CsfCodeMinings, java.util.Arrays.toString(installed));
        assertTrue(((ISourceViewerExtension5) editor.viewer()).hasCodeMiningProviders());
        List<? extends ICodeMining> minings = new CsfCodeMinings(editor).provideCodeMinings(editor.viewer(),
                new NullProgressMonitor()).get(20, TimeUnit.SECONDS);
        List<String> words = minings.stream().filter(m -> m instanceof CsfCodeMinings.EndOfLine).map(m -> m.getLabel().strip()).toList();
        assertEquals(3, words.size(), words.toString());
        assertTrue(words.stream().allMatch(w -> w.matches("0x[0-9a-f]{16}.*")), words.toString());
        assertTrue(words.get(2).contains("\u2192 loop"), words.toString());
        List<String> lenses = minings.stream().filter(m -> m instanceof CsfCodeMinings.Lens).map(ICodeMining::getLabel).toList();
        assertEquals(List.of("\u25b6 Run", "Debug", "Assemble"), lenses);

        CsfPlugin.getDefault().getPreferenceStore().setValue(CsfCodeMinings.SHOW_WORDS, false);
        waitUntil("register values after the background run", 30, () -> endOfLine(editor).stream()
                .anyMatch(l -> l.equals("after run: r4=0x0")));
        List<? extends ICodeMining> without = new CsfCodeMinings(editor).provideCodeMinings(editor.viewer(),
                new NullProgressMonitor()).get(20, TimeUnit.SECONDS);
        assertTrue(without.stream().noneMatch(m -> m instanceof CsfCodeMinings.EndOfLine && !m.getLabel().strip().startsWith("after run:")),
                without.toString());
        CsfPlugin.getDefault().getPreferenceStore().setValue(CsfCodeMinings.SHOW_REGISTERS, false);
        assertTrue(endOfLine(editor).isEmpty());
    }

    private static List<String> endOfLine(CsfEditor editor) {
        try {
            return new CsfCodeMinings(editor).provideCodeMinings(editor.viewer(), new NullProgressMonitor()).get(20, TimeUnit.SECONDS)
                    .stream().filter(m -> m instanceof CsfCodeMinings.EndOfLine).map(m -> m.getLabel().strip()).toList();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void assembleLensSummarisesTheSections() throws Exception {
        CsfEditor editor = open(file(project("assemble"), "assemble.csf", LOOP));
        var lens = new CsfCodeMinings(editor).provideCodeMinings(editor.viewer(), new NullProgressMonitor())
                .get(20, TimeUnit.SECONDS).stream().filter(m -> m instanceof CsfCodeMinings.Lens l
                        && l.command().getCommand().equals("csf.assemble")).findFirst().orElseThrow();
        Object answer = editor.session().connection().executeCommand(((CsfCodeMinings.Lens) lens).command()).get(20, TimeUnit.SECONDS);
        String summary = CsfCodeMinings.assembleSummary(answer);
        assertTrue(summary.startsWith("Assembled: ") && summary.contains("stream main"), summary);
    }

    @Test
    void ctrl1FixesAMisspelling() throws Exception {
        String text = LOOP.replace("BRANCH.ne", "BRNCH.ne");
        CsfEditor editor = open(file(project("quickfix"), "typo.csf", text));
        waitUntil("the misspelling's diagnostic", 20, () -> !editor.session().diagnostics().isEmpty());
        var context = new org.eclipse.jface.text.quickassist.IQuickAssistInvocationContext() {
            public int getOffset() {
                return text.indexOf("BRNCH") + 2;
            }

            public int getLength() {
                return 0;
            }

            public ISourceViewer getSourceViewer() {
                return editor.viewer();
            }
        };
        ICompletionProposal[] proposals = new CsfQuickAssistProcessor(editor).computeQuickAssistProposals(context);
        ICompletionProposal fix = java.util.Arrays.stream(proposals).filter(p -> p.getDisplayString().contains("'BRANCH'"))
                .findFirst().orElseThrow(() -> new AssertionError(java.util.Arrays.toString(proposals)));
        fix.apply(editor.document());
        assertTrue(editor.document().get().contains("BRANCH.ne r4, loop"), editor.document().get());
    }

    /** Presses keys as a user does (SWT posts them to the X server): modifiers held while the key goes down and up. */
    private static void press(int key, int... modifiers) {
        Display d = Display.getCurrent();
        for (int m : modifiers) {
            post(d, SWT.KeyDown, m, '\0');
        }
        char character = (key & SWT.KEYCODE_BIT) == 0 ? (char) key : '\0';
        post(d, SWT.KeyDown, key, character);
        post(d, SWT.KeyUp, key, character);
        for (int i = modifiers.length - 1; i >= 0; i--) {
            post(d, SWT.KeyUp, modifiers[i], '\0');
        }
        Workbench.spin(200);
    }

    private static void post(Display d, int type, int keyCode, char character) {
        org.eclipse.swt.widgets.Event e = new org.eclipse.swt.widgets.Event();
        e.type = type;
        e.keyCode = keyCode;
        e.character = character;
        assertTrue(d.post(e), "the X server took the key event");
    }

    @Test
    void ctrl1OpensThePopupOfTheServersQuickFixes() throws Exception {
        String text = LOOP.replace("BRANCH.ne", "BRNCH.ne");
        CsfEditor editor = open(file(project("ctrl1"), "ctrl1.csf", text));
        waitUntil("the misspelling's diagnostic", 20, () -> !editor.session().diagnostics().isEmpty());
        editor.getSite().getPage().activate(editor);
        editor.getSite().getShell().forceActive(); // no window manager under Xvfb: the keys go where X's focus is
        editor.viewer().getTextWidget().forceFocus();
        editor.viewer().setSelectedRange(text.indexOf("BRNCH") + 2, 0);
        Workbench.spin(300);
        var assistant = ((org.eclipse.jface.text.source.ISourceViewerExtension3) editor.viewer()).getQuickAssistAssistant();
        boolean[] opened = {false};
        assistant.addCompletionListener(new org.eclipse.jface.text.contentassist.ICompletionListener() {
            @Override
            public void assistSessionStarted(org.eclipse.jface.text.contentassist.ContentAssistEvent event) {
                opened[0] = true;
            }

            @Override
            public void assistSessionEnded(org.eclipse.jface.text.contentassist.ContentAssistEvent event) {
            }

            @Override
            public void selectionChanged(ICompletionProposal proposal, boolean smartToggle) {
            }
        });
        for (int attempt = 0; attempt < 3 && !opened[0]; attempt++) {
            editor.getSite().getShell().forceActive();
            editor.viewer().getTextWidget().forceFocus();
            press('1', SWT.CTRL);
            long end = System.currentTimeMillis() + 5000;
            waitUntil("the quick fix popup", 10, () -> opened[0] || System.currentTimeMillis() > end);
        }
        assertTrue(opened[0], "Ctrl+1 opened no quick fix popup");
        // the popup lists the server's fix (applying one is ctrl1FixesAMisspelling's part)
        org.eclipse.swt.widgets.Table list = popupTable(editor);
        assertNotNull(list, "no proposal table in a popup");
        List<String> shown = java.util.Arrays.stream(list.getItems()).map(org.eclipse.swt.widgets.TableItem::getText).toList();
        assertEquals("Change 'BRNCH' to 'BRANCH'", shown.get(0), shown.toString());
        list.getShell().close();
    }

    private static org.eclipse.swt.widgets.Table popupTable(CsfEditor editor) {
        for (var shell : Display.getCurrent().getShells()) {
            if (shell.isVisible() && shell != editor.getSite().getShell()) {
                for (var child : shell.getChildren()) {
                    if (child instanceof org.eclipse.swt.widgets.Table t) {
                        return t;
                    }
                }
            }
        }
        return null;
    }

    @Test
    void contentAssistRunsOffTheUiThread() throws Exception {
        String text = LOOP + "        MOV";
        CsfEditor editor = open(file(project("assist"), "assist.csf", text));
        editor.viewer().setSelectedRange(text.length(), 0);
        CsfContentAssistProcessor processor = editor.configuration().completionProcessor();
        processor.lastThread = null;
        long start = System.nanoTime();
        ((ITextOperationTarget) editor.viewer()).doOperation(ISourceViewer.CONTENTASSIST_PROPOSALS);
        long blockedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        waitUntil("the completion request", 20, () -> processor.lastThread != null);
        assertNotSame(Display.getCurrent().getThread(), processor.lastThread);
        assertTrue(blockedMillis < 2000, "the UI thread was held " + blockedMillis + " ms");
    }

    @Test
    void snippetBecomesALinkedModeTemplate() throws Exception {
        String text = LOOP + "        ";
        CsfEditor editor = open(file(project("snippet"), "snippet.csf", text));
        CompletionItem item = new CompletionItem("MOVE32");
        item.setInsertText("MOVE32 ${1:rN}, ${2:imm}$0");
        item.setInsertTextFormat(InsertTextFormat.Snippet);
        IDocument d = editor.document();
        CsfCompletionProposal p = CsfCompletionProposal.of(item, d.get(), new LineOffsets(d.get()), d.getLength());
        p.apply(editor.viewer(), '\0', 0, d.getLength());
        assertTrue(d.get().endsWith("MOVE32 rN, imm"), d.get());
        assertNotNull(p.linkedMode());
        assertTrue(LinkedModeModel.hasInstalledModel(d));
        var selection = editor.viewer().getSelectedRange();
        assertEquals(d.get().lastIndexOf("rN"), selection.x); // the first placeholder is selected
        assertEquals(2, selection.y);
    }

    @Test
    void signatureHelpIsContextInformationWhileTypingOperands() throws Exception {
        String text = LOOP + "        MOVE32 r1, ";
        CsfEditor editor = open(file(project("signature"), "signature.csf", text));
        IContextInformation[] info = new CsfContentAssistProcessor(editor).computeContextInformation(editor.viewer(), text.length());
        assertNotNull(info);
        assertTrue(info[0].getContextDisplayString().startsWith("MOVE32"), info[0].getContextDisplayString());
        SignatureInformation s = (SignatureInformation) info[0];
        assertTrue(s.activeStart() > 0, "the second operand is the active one");
    }

    static final String CONSTS = ".equ LIMIT, 5\n";
    static final String MAIN = """
            .include "consts.csf"
            .stream main
                    MOVE32 r4, LIMIT
                    MOVE32 r5, LIMIT + 1
            """;

    @Test
    void ctrlClickOpensTheDefinitionInTheIncludedFile() throws Exception {
        IProject p = project("links");
        IFile consts = file(p, "consts.csf", CONSTS);
        CsfEditor editor = open(file(p, "main.csf", MAIN));
        int use = MAIN.indexOf("LIMIT");
        IHyperlink[] links = new CsfHyperlinkDetector(editor).detectHyperlinks(editor.viewer(), new Region(use + 1, 0), false);
        assertNotNull(links);
        assertEquals(new Region(use, 5), links[0].getHyperlinkRegion());
        links[0].open();
        waitUntil("consts.csf in the active editor", 20, () -> page().getActiveEditor() instanceof ITextEditor t
                && consts.equals(t.getEditorInput().getAdapter(IFile.class)));
        var selection = (org.eclipse.jface.text.ITextSelection) ((ITextEditor) page().getActiveEditor()).getSelectionProvider().getSelection();
        assertEquals("LIMIT", selection.getText());
    }

    @Test
    void referencesGoToTheSearchViewFromEveryFile() throws Exception {
        IProject p = project("refs");
        IFile consts = file(p, "consts.csf", CONSTS);
        IFile main = file(p, "main.csf", MAIN);
        CsfEditor editor = open(main);
        ReferencesSearch query = EditorCommands.references(editor, MAIN.indexOf("LIMIT") + 1);
        assertTrue(query.run(new NullProgressMonitor()).isOK());
        ReferencesSearch.Result result = (ReferencesSearch.Result) query.getSearchResult();
        assertEquals(1, result.getMatchCount(consts), "the definition");
        Match[] uses = result.getMatches(main);
        assertEquals(2, uses.length);
        assertEquals(MAIN.indexOf("LIMIT"), uses[0].getOffset() < uses[1].getOffset() ? uses[0].getOffset() : uses[1].getOffset());
        // and the Search view shows it
        org.eclipse.search.ui.NewSearchUI.runQueryInForeground(null, query);
        assertNotNull(page().findView(org.eclipse.search.ui.NewSearchUI.SEARCH_VIEW_ID));
    }

    @Test
    void renameChangesTheIncludeTooAndThePreviewListsEveryFile() throws Exception {
        IProject p = project("rename");
        IFile consts = file(p, "consts.csf", CONSTS);
        IFile main = file(p, "main.csf", MAIN);
        CsfEditor editor = open(main);
        RenameRefactoring r = RenameRefactoring.at(editor, MAIN.indexOf("LIMIT") + 2);
        assertTrue(r.checkInitialConditions(new NullProgressMonitor()).isOK());
        assertEquals("LIMIT", r.oldName());
        r.setNewName("MAX_COUNT");
        assertTrue(r.checkFinalConditions(new NullProgressMonitor()).isOK());
        CompositeChange change = (CompositeChange) r.createChange(new NullProgressMonitor());
        List<String> files = java.util.Arrays.stream(change.getChildren()).map(Change::getName).sorted().toList();
        assertEquals(List.of("consts.csf", "main.csf"), files); // what the preview lists
        for (Change c : change.getChildren()) {
            assertInstanceOf(TextFileChange.class, c);
        }
        change.initializeValidationData(new NullProgressMonitor());
        change.perform(new NullProgressMonitor());
        assertEquals(".equ MAX_COUNT, 5\n", read(consts));
        assertEquals(MAIN.replace("LIMIT", "MAX_COUNT"), editor.document().get());
    }

    @Test
    void renameToAnExistingNameIsRefusedWithTheServersReason() throws Exception {
        CsfEditor editor = open(file(project("rename-refused"), "refused.csf", LOOP));
        RenameRefactoring r = RenameRefactoring.at(editor, LOOP.indexOf("loop:") + 1);
        assertTrue(r.checkInitialConditions(new NullProgressMonitor()).isOK());
        r.setNewName("LIMIT");
        var status = r.checkFinalConditions(new NullProgressMonitor());
        assertTrue(status.hasFatalError());
        assertTrue(status.getMessageMatchingSeverity(org.eclipse.ltk.core.refactoring.RefactoringStatus.FATAL).contains("already defined"),
                status.toString());
    }

    @Test
    void formatAppliesTheServersEditsAndFormatOnSaveToo() throws Exception {
        String messy = ".stream main\nNOP\n   loop:     BRANCH.ne   r4,loop\n";
        IFile f = file(project("format"), "messy.csf", messy);
        CsfEditor editor = open(f);
        assertTrue(editor.format(10_000));
        String formatted = editor.document().get();
        assertFalse(formatted.equals(messy));
        waitUntil("the formatted text to reach the server", 10, () -> editor.session().analyses() > 1);
        assertFalse(editor.format(10_000), "formatting is idempotent");

        editor.document().set(messy);
        CsfPlugin.getDefault().getPreferenceStore().setValue(CsfEditor.FORMAT_ON_SAVE, true);
        try {
            waitUntil("the messy text to reach the server", 10, () -> editor.session().analyses() > 2);
            editor.doSave(new NullProgressMonitor());
            assertEquals(formatted, read(f));
        } finally {
            CsfPlugin.getDefault().getPreferenceStore().setToDefault(CsfEditor.FORMAT_ON_SAVE);
        }
    }
}
