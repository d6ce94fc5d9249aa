package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;

/**
 * "Run", "Debug" and "Assemble" above each stream of a document, "Run test" above its first
 * {@code .expect}. Run and Assemble are the server's commands
 * ({@code workspace/executeCommand}); Debug, {@code csf.debug [uri, stream]}, is the editor's: it starts a
 * session of the debug adapter ({@code csf debug}) with {@code program} the document's file and {@code entry}
 * the stream.
 */
public final class CodeLensService {

    public static final String RUN = "csf.run";
    public static final String DEBUG = "csf.debug";
    public static final String ASSEMBLE = dev.csfstudio.lsp.protocol.CsfProtocol.ASSEMBLE;

    public List<CodeLens> lenses(DocumentAnalysis a) {
        List<CodeLens> out = new ArrayList<>();
        String uri = a.document().uri();
        boolean any = false;
        for (Symbol s : a.result().symbols()) {
            if (s.kind() != SymbolKind.STREAM || s.definition() == null || !a.isMainFile(s.definition().file())) {
                continue;
            }
            any = true;
            int line = s.definition().line() - 1;
            add(out, line, uri, s.name());
        }
        if (!any && a.result().lines().stream().anyMatch(l -> l.instruction() != null)) {
            // instructions before any .stream go into the implicit stream main
            int line = a.result().lines().stream().filter(l -> l.instruction() != null && a.isMainFile(l.range().file()))
                    .mapToInt(l -> l.range().line() - 1).min().orElse(0);
            add(out, line, uri, "main");
        }
        out.addAll(StreamTestService.lenses(a));
        return out;
    }

    private static void add(List<CodeLens> out, int line, String uri, String stream) {
        Range r = new Range(new Position(line, 0), new Position(line, 0));
        out.add(new CodeLens(r, new Command("▶ Run", RUN, List.of(uri, stream)), null));
        out.add(new CodeLens(r, new Command("Debug", DEBUG, List.of(uri, stream)), null));
        out.add(new CodeLens(r, new Command("Assemble", ASSEMBLE, List.of(uri)), null));
    }
}
