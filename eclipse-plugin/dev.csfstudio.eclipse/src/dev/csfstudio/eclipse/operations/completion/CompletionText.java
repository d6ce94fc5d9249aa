package dev.csfstudio.eclipse.operations.completion;

import java.util.ArrayList;
import java.util.List;

/**
 * The text a completion inserts, without LSP snippet syntax: {@code ${1:x}} becomes {@code x}, {@code $1} and
 * {@code $0} vanish, {@code ${1|a,b|}} becomes {@code a}, {@code \$ \} \\} become the character. The first
 * tab stop (lowest number from 1, else $0, else the end) is kept as the selection after insertion.
 */
public final class CompletionText {

    /** One tab stop: its number ($1, $2, ..., $0 last), offset in the text and its default text's length. */
    public record Stop(int number, int offset, int length) {
    }

    /**
     * @param selectionStart offset in text of the first tab stop; selectionLength its default text's length
     * @param stops every tab stop in text order (a number used twice is one linked group)
     */
    public record Result(String text, int selectionStart, int selectionLength, List<Stop> stops) {
        public Result(String text, int selectionStart, int selectionLength) {
            this(text, selectionStart, selectionLength, List.of());
        }
    }

    private CompletionText() {
    }

    public static Result plain(String text) {
        return new Result(text, text.length(), 0);
    }

    public static Result fromSnippet(String snippet) {
        StringBuilder out = new StringBuilder();
        List<int[]> stops = new ArrayList<>(); // {number, start, length}
        parse(snippet, 0, out, stops, false);
        int[] best = null;
        for (int[] s : stops) {
            int rank = s[0] == 0 ? Integer.MAX_VALUE : s[0];
            if (best == null || rank < (best[0] == 0 ? Integer.MAX_VALUE : best[0])) {
                best = s;
            }
        }
        List<Stop> all = stops.stream().map(x -> new Stop(x[0], x[1], x[2]))
                .sorted(java.util.Comparator.comparingInt(Stop::offset)).toList();
        return best == null ? new Result(out.toString(), out.length(), 0, all)
                : new Result(out.toString(), best[1], best[2], all);
    }

    /** Appends the text of snippet[i..] to out until the end or (nested) an unescaped '}'; returns the index reached. */
    private static int parse(String s, int i, StringBuilder out, List<int[]> stops, boolean nested) {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && "$}\\,|".indexOf(s.charAt(i + 1)) >= 0) {
                out.append(s.charAt(i + 1));
                i += 2;
            } else if (nested && c == '}') {
                return i;
            } else if (c == '$' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                int j = i + 1;
                while (j < s.length() && Character.isDigit(s.charAt(j))) {
                    j++;
                }
                stops.add(new int[] {Integer.parseInt(s.substring(i + 1, j)), out.length(), 0});
                i = j;
            } else if (c == '$' && i + 1 < s.length() && (Character.isLetter(s.charAt(i + 1)) || s.charAt(i + 1) == '_')) {
                int j = i + 1; // a variable without default: no text
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                i = j;
            } else if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '{') {
                i = placeholder(s, i + 2, out, stops);
            } else {
                out.append(c);
                i++;
            }
        }
        return i;
    }

    /** After "${": a tab stop, placeholder, choice or variable; returns the index after its '}'. */
    private static int placeholder(String s, int i, StringBuilder out, List<int[]> stops) {
        int j = i;
        while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
            j++;
        }
        String name = s.substring(i, j);
        boolean number = !name.isEmpty() && name.chars().allMatch(Character::isDigit);
        int start = out.length();
        if (j < s.length() && s.charAt(j) == ':') {
            j = parse(s, j + 1, out, stops, true);
        } else if (j < s.length() && s.charAt(j) == '|') {
            int k = j + 1;
            StringBuilder first = new StringBuilder();
            boolean firstDone = false;
            while (k < s.length() && !(s.charAt(k) == '|' && k + 1 < s.length() && s.charAt(k + 1) == '}')) {
                char c = s.charAt(k);
                if (c == '\\' && k + 1 < s.length()) {
                    if (!firstDone) {
                        first.append(s.charAt(k + 1));
                    }
                    k += 2;
                    continue;
                }
                if (c == ',') {
                    firstDone = true;
                } else if (!firstDone) {
                    first.append(c);
                }
                k++;
            }
            out.append(first);
            j = Math.min(k + 1, s.length());
        } else {
            while (j < s.length() && s.charAt(j) != '}') {
                j++; // a transform or something unknown: no text
            }
        }
        if (number) {
            stops.add(new int[] {Integer.parseInt(name), start, out.length() - start});
        }
        return j < s.length() ? j + 1 : j;
    }
}
