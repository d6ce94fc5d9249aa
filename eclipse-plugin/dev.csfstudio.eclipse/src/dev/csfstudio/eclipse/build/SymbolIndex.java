package dev.csfstudio.eclipse.build;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IFile;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;

/**
 * The symbols every built source defines (labels, constants, streams, buffers; not local labels), from the
 * builder's last assembly of it: what "Open CSF Symbol" finds in files that are not open.
 */
public final class SymbolIndex {

    /** One definition; line and column are zero-based, as in LSP. */
    public record Entry(String name, String kind, IFile file, int line, int column, String container) {
    }

    private static final Map<IFile, List<Entry>> BY_FILE = new ConcurrentHashMap<>();

    private SymbolIndex() {
    }

    static void put(IFile file, Path path, AssemblyResult result) {
        List<Entry> out = new ArrayList<>();
        for (Symbol s : result.symbols()) {
            if (s.kind() == SymbolKind.LOCAL_LABEL || s.definition() == null || s.definition().file() == null
                    || !s.definition().file().toAbsolutePath().normalize().equals(path)) {
                continue;
            }
            out.add(new Entry(s.name(), s.kind().name().toLowerCase(Locale.ROOT), file, s.definition().line() - 1,
                    s.definition().column() - 1, s.section()));
        }
        BY_FILE.put(file, List.copyOf(out));
    }

    static void remove(IFile file) {
        BY_FILE.remove(file);
    }

    /** Every indexed definition. */
    public static List<Entry> all() {
        List<Entry> out = new ArrayList<>();
        BY_FILE.values().forEach(out::addAll);
        return out;
    }
}
