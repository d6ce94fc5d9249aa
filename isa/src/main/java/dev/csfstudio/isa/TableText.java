package dev.csfstudio.isa;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the table resources of this package: a record per line, blank-separated words, '#' comments. */
final class TableText {

    /**
     * One non-comment line: its 1-based number and stripped text. Its words are split when asked for, and only
     * up to a {@code doc=} word, where free text starts: the tables are read at every start, where splitting
     * the prose of {@code doc} and {@code pandecode} lines into words was half of reading them in the
     * interpreter.
     */
    static final class Row {
        private final int line;
        private final String text;
        private String[] words;

        Row(int line, String text) {
            this.line = line;
            this.text = text;
        }

        int line() {
            return line;
        }

        String text() {
            return text;
        }

        /** The first word. */
        String keyword() {
            int end = 0;
            while (end < text.length() && text.charAt(end) > ' ') {
                end++;
            }
            return text.substring(0, end);
        }

        /** The words before the first {@code doc=} word. */
        String[] words() {
            if (words == null) {
                words = TableText.words(text);
            }
            return words;
        }
    }

    private TableText() {
    }

    static List<Row> rows(String resource) {
        InputStream in = TableText.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("table " + resource + " missing from the class path");
        }
        List<Row> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int number = 0;
            while ((line = r.readLine()) != null) {
                number++;
                String text = line.strip();
                if (!text.isEmpty() && !text.startsWith("#")) {
                    rows.add(new Row(number, text));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /**
     * The blank-separated words of {@code text} before the first word that starts with {@code doc=} (no
     * regular expression, and a blank is any character up to the space: the tables are ASCII, and both were
     * costs of every start).
     */
    static String[] words(String text) {
        List<String> words = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            while (i < n && text.charAt(i) <= ' ') {
                i++;
            }
            int start = i;
            while (i < n && text.charAt(i) > ' ') {
                i++;
            }
            if (i > start) {
                if (text.startsWith("doc=", start)) {
                    break;
                }
                words.add(text.substring(start, i));
            }
        }
        return words.toArray(new String[0]);
    }

    /** {@code enum NAME a=1 b=2 ...}. */
    static EnumType enumType(String[] words) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 2; i < words.length; i++) {
            String[] kv = words[i].split("=");
            values.put(kv[0], Long.parseLong(kv[1]));
        }
        return new EnumType(words[1], values);
    }
}
