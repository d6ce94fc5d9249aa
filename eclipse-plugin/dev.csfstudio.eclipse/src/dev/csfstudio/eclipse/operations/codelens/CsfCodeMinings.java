package dev.csfstudio.eclipse.operations.codelens;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.codemining.ICodeMining;
import org.eclipse.jface.text.codemining.ICodeMiningProvider;
import org.eclipse.jface.text.codemining.LineEndCodeMining;
import org.eclipse.jface.text.codemining.LineHeaderCodeMining;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.lsp.InlayHintService;
import dev.csfstudio.eclipse.run.RunStreamHandler;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/**
 * Code minings from the server: after each instruction its encoded word and branch target, and the registers it
 * names as the last run left them (inlay hints); above each stream "▶ Run | Assemble" (code lenses), each a link.
 * Each kind can be switched off in the preferences.
 */
public final class CsfCodeMinings implements ICodeMiningProvider {

    public static final String SHOW_WORDS = "minings.words";
    public static final String SHOW_REGISTERS = "minings.registers";
    public static final String SHOW_LENSES = "minings.lenses";

    /** What a click on a lens does, by the server's command. */
    static final Map<String, BiConsumer<ServedEditor, Command>> LENS_ACTIONS = Map.of(
            "csf.run", CsfCodeMinings::run,
            "csf.debug", CsfCodeMinings::debug,
            "csf.assemble", CsfCodeMinings::assemble);

    /** The debugger bundle's command that debugs the active CSF editor's file (parameter: the entry stream). */
    static final String DEBUG_STREAM = "dev.csfstudio.eclipse.debug.debugStream";
    static final String DEBUG_ENTRY = "dev.csfstudio.eclipse.debug.entry";

    private final ServedEditor editor;

    public CsfCodeMinings(ServedEditor editor) {
        this.editor = editor;
    }

    @Override
    public CompletableFuture<List<? extends ICodeMining>> provideCodeMinings(ITextViewer viewer, IProgressMonitor monitor) {
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        IDocument d = viewer.getDocument();
        if (c == null || d == null) {
            return CompletableFuture.completedFuture(List.of());
        }
        IPreferenceStore prefs = CsfPlugin.getDefault().getPreferenceStore();
        boolean words = prefs.getBoolean(SHOW_WORDS);
        boolean registers = prefs.getBoolean(SHOW_REGISTERS);
        boolean lenses = prefs.getBoolean(SHOW_LENSES);
        Range all = new Range(new Position(0, 0), new Position(d.getNumberOfLines(), 0));
        CompletableFuture<List<InlayHint>> hints = words || registers ? c.inlayHints(s.uri(), all)
                : CompletableFuture.completedFuture(List.of());
        CompletableFuture<List<CodeLens>> heads = lenses ? c.codeLenses(s.uri()) : CompletableFuture.completedFuture(List.of());
        return hints.thenCombine(heads, (h, l) -> {
            List<ICodeMining> out = new ArrayList<>();
            for (CodeLens lens : l) {
                if (lens.getCommand() != null && lens.getRange() != null) {
                    mining(() -> new Lens(lens.getRange().getStart().getLine(), d, this, lens.getCommand(), editor), out);
                }
            }
            for (InlayHint hint : h) {
                String label = label(hint, words, registers);
                if (!label.isEmpty()) {
                    mining(() -> new EndOfLine(d, hint.getPosition().getLine(), this, label), out);
                }
            }
            return out;
        });
    }

    private interface MiningFactory {
        ICodeMining make() throws BadLocationException;
    }

    private static void mining(MiningFactory f, List<ICodeMining> out) {
        try {
            out.add(f.make());
        } catch (BadLocationException e) {
            // the document changed meanwhile; the next analysis brings fresh minings
        }
    }

    /** The hint's label with only the parts switched on (the server names them in data). */
    static String label(InlayHint hint, boolean words, boolean registers) {
        if (!(hint.getData() instanceof JsonObject parts)) {
            String plain = hint.getLabel().isLeft() ? hint.getLabel().getLeft() : "";
            return words ? plain : "";
        }
        StringBuilder b = new StringBuilder();
        if (words && parts.has(InlayHintService.WORD)) {
            b.append(parts.get(InlayHintService.WORD).getAsString());
            if (parts.has(InlayHintService.TARGET)) {
                b.append("  \u2192 ").append(parts.get(InlayHintService.TARGET).getAsString());
            }
        }
        if (registers && parts.has(InlayHintService.REGISTERS)) {
            b.append(b.length() == 0 ? "" : "  ").append("after run: ").append(parts.get(InlayHintService.REGISTERS).getAsString());
        }
        return b.toString();
    }

    @Override
    public void dispose() {
    }

    /** Text after an instruction's line. */
    public static final class EndOfLine extends LineEndCodeMining {
        EndOfLine(IDocument document, int line, ICodeMiningProvider provider, String label) throws BadLocationException {
            super(document, line, provider);
            setLabel("  " + label); // apart from the code, as the server's hint asks (paddingLeft)
        }
    }

    /** A lens above a stream's line: clicking it runs the server's command the Eclipse way. */
    public static final class Lens extends LineHeaderCodeMining {
        private final Command command;

        Lens(int line, IDocument document, ICodeMiningProvider provider, Command command, ServedEditor editor)
                throws BadLocationException {
            super(line, document, provider, e -> act(editor, command));
            this.command = command;
            setLabel(command.getTitle());
        }

        public Command command() {
            return command;
        }
    }

    public static void act(ServedEditor editor, Command command) {
        BiConsumer<ServedEditor, Command> action = LENS_ACTIONS.get(command.getCommand());
        if (action != null) {
            action.accept(editor, command);
        }
    }

    /** "▶ Run": the stream runs and the CSF Run view shows it. */
    private static void run(ServedEditor editor, Command command) {
        DocumentSession s = editor.session();
        if (s == null) {
            return;
        }
        String stream = command.getArguments() != null && command.getArguments().size() > 1
                ? text(command.getArguments().get(1)) : null;
        String name = editor.getEditorInput().getName() + (stream == null ? "" : " (" + stream + ")");
        RunStreamHandler.runAndShow(editor.getSite().getPage(), name, c -> {
            s.attachIfNeeded(c);
            return c.executeCommand(command);
        });
    }

    /**
     * "Debug": a CSF Stream debug launch of the file from the lens's stream, through the debugger bundle's command
     * (this bundle does not depend on the debugger).
     */
    private static void debug(ServedEditor editor, Command command) {
        String stream = command.getArguments() != null && command.getArguments().size() > 1
                ? text(command.getArguments().get(1)) : null;
        var commands = editor.getSite().getService(org.eclipse.ui.commands.ICommandService.class);
        var handlers = editor.getSite().getService(org.eclipse.ui.handlers.IHandlerService.class);
        try {
            var debug = org.eclipse.core.commands.ParameterizedCommand.generateCommand(commands.getCommand(DEBUG_STREAM),
                    stream == null ? Map.of() : Map.of(DEBUG_ENTRY, stream));
            handlers.executeCommand(debug, null);
        } catch (org.eclipse.core.commands.ExecutionException | org.eclipse.core.commands.NotHandledException
                | org.eclipse.core.commands.NotEnabledException | org.eclipse.core.commands.common.NotDefinedException
                | RuntimeException e) {
            CsfPlugin.log(org.eclipse.core.runtime.IStatus.ERROR, "CSF: cannot start debugging "
                    + editor.getEditorInput().getName() + ": " + e.getMessage(), e);
        }
    }

    /** "Assemble": the result (sections, or the first error) in the status line. */
    private static void assemble(ServedEditor editor, Command command) {
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            return;
        }
        c.executeCommand(command).thenAccept(result -> CsfServers.ui(() -> {
            var status = editor.getEditorSite().getActionBars().getStatusLineManager();
            String message = assembleSummary(result);
            if (message.startsWith("Does not assemble")) {
                status.setErrorMessage(message);
            } else {
                status.setErrorMessage(null);
                status.setMessage(message);
            }
        }));
    }

    /** One line for csf.assemble's answer {ok, errors, warnings, sections}. */
    public static String assembleSummary(Object answer) {
        JsonElement result = answer instanceof JsonElement e ? e : new com.google.gson.Gson().toJsonTree(answer);
        if (!(result instanceof JsonObject o)) {
            return "Assembled";
        }
        boolean ok = o.has("ok") && o.get("ok").getAsBoolean();
        JsonArray errors = o.has("errors") ? o.getAsJsonArray("errors") : new JsonArray();
        if (!ok) {
            return "Does not assemble: " + (errors.isEmpty() ? "errors" : errors.get(0).getAsString())
                    + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "");
        }
        List<String> parts = new ArrayList<>();
        for (JsonElement e : o.has("sections") ? o.getAsJsonArray("sections") : new JsonArray()) {
            JsonObject sec = e.getAsJsonObject();
            parts.add(sec.get("kind").getAsString() + " " + sec.get("name").getAsString() + " at " + sec.get("address").getAsString()
                    + ", " + sec.get("size").getAsLong() + " bytes");
        }
        int warnings = o.has("warnings") ? o.getAsJsonArray("warnings").size() : 0;
        return "Assembled: " + String.join("; ", parts) + (warnings == 0 ? "" : " (" + warnings + " warning" + (warnings == 1 ? ")" : "s)"));
    }

    private static String text(Object o) {
        if (o instanceof String str) {
            return str;
        }
        if (o instanceof com.google.gson.JsonPrimitive p) {
            return p.getAsString();
        }
        return o == null ? null : o.toString();
    }
}
