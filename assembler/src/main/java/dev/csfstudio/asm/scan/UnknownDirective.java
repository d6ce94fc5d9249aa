package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The error for a directive the table does not know, and the lines that get it without a parse: labels, a
 * directive name not in the table, then nothing but literal numbers ({@code DEC}, {@code HEX}) between commas and
 * maybe a comment. Such a line parses without errors and its directive is refused before anything is evaluated,
 * so the in-order pass would report exactly this error for it; every other line is left to the parser.
 */
public final class UnknownDirective {

    private UnknownDirective() {
    }

    /** The error for directive {@code name} (lower case, with its dot) at {@code at}, with the nearest known names. */
    public static Diagnostic error(SourceRange at, String name, List<String> known) {
        List<String> near = SpellingSuggestions.closest(name, known);
        return Diagnostic.error(at, DiagnosticCode.UNKNOWN_DIRECTIVE,
                "unknown directive '" + name + "'" + SpellingSuggestions.didYouMean(near)).withSuggestions(near);
    }

    /**
     * Line {@code n} ({@code t[start..end)}) as a statement refused with {@link #error}, or null when it is not such
     * a line; {@code read} is what the plain scanner read of it (its labels, and where the directive begins).
     * {@code known} are the directive names in lower case.
     */
    public static ScannedStatement.Rejected scan(PlainInstructionScanner.HandOff read, Path file, byte[] t, int start,
                                                 int end, int n, List<String> known) {
        int p = read.at();
        if (p + 1 >= end || !Lexicon.isIdentifierStart(t[p + 1])) {
            return null;
        }
        int nameStart = p;
        int nameEnd = Lexicon.identifierPartEnd(t, p + 1, end);
        String name = new String(t, nameStart, nameEnd - nameStart, java.nio.charset.StandardCharsets.ISO_8859_1)
                .toLowerCase(Locale.ROOT);
        if (known.contains(name)) {
            return null;
        }
        int statementEnd = nameEnd;
        p = blanks(t, nameEnd, end);
        boolean argument = p < end && !Lexicon.isCommentStart(t, p, end);
        while (argument) {
            int numberEnd = number(t, p, end);
            if (numberEnd < 0) {
                return null;
            }
            statementEnd = numberEnd;
            p = blanks(t, numberEnd, end);
            argument = p < end && t[p] == ',';
            if (argument) {
                p = blanks(t, p + 1, end);
            } else if (p < end && !Lexicon.isCommentStart(t, p, end)) {
                return null;
            }
        }
        int column = nameStart - start + 1;
        return new ScannedStatement.Rejected(read.labelNames(), read.labelColumns(), column, statementEnd - start + 1,
                error(new SourceRange(file, n, column, n, nameEnd - start + 1), name, known));
    }

    /** The end of the {@code DEC} or {@code HEX} token at {@code p} when it is one whole, else -1. */
    private static int number(byte[] t, int p, int end) {
        int e = Lexicon.identifierPartEnd(t, p, end);
        if (e == p || (e < end && t[e] == '.')) {
            return -1; // nothing, or a FLOAT
        }
        if (digits(t, p, e)) {
            return e;
        }
        if (e - p < 3 || t[p] != '0' || (t[p + 1] | 0x20) != 'x') {
            return -1;
        }
        for (int i = p + 2; i < e; i++) {
            if (Character.digit(t[i], 16) < 0 && t[i] != '_') {
                return -1;
            }
        }
        return e;
    }

    private static boolean digits(byte[] t, int from, int to) {
        for (int i = from; i < to; i++) {
            if (t[i] < '0' || t[i] > '9') {
                return false;
            }
        }
        return true;
    }

    private static int blanks(byte[] t, int p, int end) {
        while (p < end && Lexicon.isSpace(t[p])) {
            p++;
        }
        return p;
    }
}
