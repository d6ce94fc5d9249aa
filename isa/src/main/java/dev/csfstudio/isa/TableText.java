package dev.csfstudio.isa;

import java.io.IOException;
import java.io.InputStream;
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

    /**
     * The rows of the table resource {@code resource} (a path relative to this package), read from the copy of its
     * text the build makes ({@code TableSources}, src/build/java/TableSourceClass.java): at start-up, opening the
     * jar for the first resource read and decoding the text were half of the table thread's work. A table the build
     * did not copy (the tests' own) is read from the class path.
     */
    static List<Row> rows(String resource) {
        String text = TableSources.text(resource);
        return text != null ? rowsOf(text) : rowsOf(resourceText(resource));
    }

    /** The text of a class-path resource of this package. */
    static String resourceText(String resource) {
        try (InputStream in = TableText.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("table " + resource + " missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Row> rowsOf(String text) {
        List<Row> rows = new ArrayList<>();
        int number = 0;
        for (int start = 0; start < text.length(); ) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            number++;
            String line = text.substring(start, end).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                rows.add(new Row(number, line));
            }
            start = end + 1;
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
