package dev.csfstudio.asm;

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
        for (String c : candidates) {
            int d = distance(w, c.toLowerCase(Locale.ROOT), limit);
            if (d <= limit) {
                scored.add(new Scored(c, d));
            }
        }
        scored.sort(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name));
        return scored.stream().map(Scored::name).distinct().limit(3).toList();
    }

    /** Damerau-Levenshtein (optimal string alignment) distance, cut off above {@code limit}. */
    static int distance(String a, String b, int limit) {
        if (Math.abs(a.length() - b.length()) > limit) {
            return limit + 1;
        }
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** " did you mean 'X'?" or "" when nothing is close. */
    static String didYouMean(List<String> suggestions) {
        return suggestions.isEmpty() ? "" : "; did you mean '" + suggestions.get(0) + "'?";
    }
}
