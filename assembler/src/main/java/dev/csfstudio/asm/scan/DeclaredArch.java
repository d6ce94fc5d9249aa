package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.directives.Directives;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.isa.Arch;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * The architecture a source names with {@code .arch} among its first lines, read before the source is scanned:
 * worker threads encode instructions ahead of the in-order pass, so the instruction set must be known before
 * the first line is scanned. {@code .arch} is only allowed before the first instruction or data, so the search
 * stops there; what it skips (unknown names, a misplaced or second {@code .arch}) the in-order pass reports.
 */
public final class DeclaredArch {

    private DeclaredArch() {
    }

    /** The first known {@code .arch NAME} before any instruction or data, or empty. */
    public static Optional<Arch> in(byte[] text) {
        int at = 0;
        while (at < text.length) {
            int end = at;
            while (end < text.length && text[end] != '\n') {
                end++;
            }
            Line line = read(text, at, end);
            if (line.content()) {
                return Optional.empty();
            }
            if (line.arch != null) {
                return Optional.of(line.arch);
            }
            at = end + 1;
        }
        return Optional.empty();
    }

    /** What one line says for the search: content (stop), an {@code .arch} (found), or neither (go on). */
    private record Line(boolean content, Arch arch) {
        static final Line CONTENT = new Line(true, null);
        static final Line NOTHING = new Line(false, null);

        static Line declaring(Arch arch) {
            return new Line(false, arch);
        }
    }

    private static Line read(byte[] text, int at, int end) {
        at = skipBlanks(text, at, end);
        // labels emit nothing: "start: .arch v12" is still before the first instruction
        while (true) {
            int name = Lexicon.identifierPartEnd(text, at, end);
            if (name == at || name >= end || text[name] != ':') {
                break;
            }
            at = skipBlanks(text, name + 1, end);
        }
        if (at >= end || Lexicon.isCommentStart(text, at, end)) {
            return Line.NOTHING;
        }
        if (text[at] != '.') {
            return Line.CONTENT;
        }
        int nameEnd = Lexicon.identifierPartEnd(text, at + 1, end);
        String directive = new String(text, at + 1, nameEnd - at - 1, StandardCharsets.US_ASCII)
                .toLowerCase(Locale.ROOT);
        if (!Directives.emitsNothing(directive)) { // an .arch may still follow one that emits nothing
            return Line.CONTENT;
        }
        if (!directive.equals("arch")) {
            return Line.NOTHING;
        }
        int from = skipBlanks(text, nameEnd, end);
        int to = Lexicon.identifierPartEnd(text, from, end);
        Optional<Arch> arch = Arch.bySpelling(new String(text, from, to - from, StandardCharsets.US_ASCII));
        return arch.map(Line::declaring).orElse(Line.NOTHING);
    }

    private static int skipBlanks(byte[] text, int at, int end) {
        while (at < end && (Lexicon.isSpace(text[at]) || text[at] == '\r')) {
            at++;
        }
        return at;
    }
}
