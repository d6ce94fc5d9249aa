package dev.csfstudio.asm.diagnostic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean ...?": the known names closest to a misspelt one by edit distance. */
public final class SpellingSuggestions {

    private SpellingSuggestions() {
    }

    /** Candidates within a distance that scales with the word's length, closest first (at most 3). */
    public static List<String> closest(String word, Collection<String> candidates) {
        String w = word.toLowerCase(Locale.ROOT);
        int limit = w.length() <= 3 ? 1 : w.length() <= 6 ? 2 : 3;
        record Scored(String name, int distance) {
        }
        List<Scored> scored = new ArrayList<>();
        Rows rows = new Rows(w.length());
        char[] chars = w.toCharArray();
        for (String c : candidates) {
            int d = rows.distance(chars, c, limit);
            if (d <= limit) {
                scored.add(new Scored(c, d));
            }
        }
        scored.sort(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name));
        return scored.stream().map(Scored::name).distinct().limit(3).toList();
    }

    /**
     * Damerau-Levenshtein (optimal string alignment) distance, cut off above a limit, in the three rows
     * of the table the recurrence needs, kept for every candidate of one word (a suggestion runs for each
     * misspelt line). The word is lower case; candidates are compared ignoring case.
     */
    private static final class Rows {
        private int[] before = new int[0];
        private int[] previous = new int[0];
        private int[] row = new int[0];
        private char[] candidate = new char[0];

        Rows(int wordLength) {
            grow(wordLength + 8);
        }

        private void grow(int n) {
            if (row.length < n) {
                before = new int[n];
                previous = new int[n];
                row = new int[n];
                candidate = new char[n];
            }
        }

        int distance(char[] a, String candidateText, int limit) {
            int m = candidateText.length();
            if (Math.abs(a.length - m) > limit) {
                return limit + 1;
            }
            grow(m + 1);
            char[] b = candidate;
            candidateText.getChars(0, m, b, 0);
            for (int j = 0; j < m; j++) {
                char c = b[j];
                b[j] = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c < 128 ? c : Character.toLowerCase(c);
            }
            for (int j = 0; j <= m; j++) {
                previous[j] = j;
            }
            for (int i = 1; i <= a.length; i++) {
                row[0] = i;
                int best = i;
                char ai = a[i - 1];
                for (int j = 1; j <= m; j++) {
                    char bj = b[j - 1];
                    int d = Math.min(Math.min(previous[j] + 1, row[j - 1] + 1), previous[j - 1] + (ai == bj ? 0 : 1));
                    if (i > 1 && j > 1 && ai == b[j - 2] && a[i - 2] == bj) {
                        d = Math.min(d, before[j - 2] + 1);
                    }
                    row[j] = d;
                    best = Math.min(best, d);
                }
                if (best > limit) {
                    return limit + 1; // no later row has a smaller entry
                }
                int[] oldest = before;
                before = previous;
                previous = row;
                row = oldest;
            }
            return previous[m];
        }
    }

    /** " did you mean 'X'?" or "" when nothing is close. */
    public static String didYouMean(List<String> suggestions) {
        return suggestions.isEmpty() ? "" : "; did you mean '" + suggestions.get(0) + "'?";
    }
}
