package dev.csfstudio.eclipse;

import java.util.List;

import org.eclipse.lsp4j.Hover;

/**
 * A hover's contents as plain text, for when no browser can show {@link HoverHtml}: markdown fences, emphasis and
 * escapes dropped, code kept as is, tables as aligned columns (no pipes).
 */
public final class HoverText {

    private HoverText() {
    }

    public static String of(Hover hover) {
        String markdown = HoverHtml.markdown(hover);
        String text = markdown == null ? "" : markdownToPlain(markdown);
        return text.isEmpty() ? null : text;
    }

    public static String markdownToPlain(String markdown) {
        if (markdown == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        boolean code = false;
        List<String[]> table = new java.util.ArrayList<>();
        for (String line : markdown.split("\r?\n", -1)) {
            if (!code && line.strip().startsWith("|")) {
                if (!line.strip().matches("\\|?(\\s*:?-+:?\\s*\\|)+\\s*:?-*:?\\s*")) {
                    table.add(cells(line));
                }
                continue;
            }
            flushTable(table, out);
            if (line.strip().startsWith("```")) {
                code = !code;
                continue;
            }
            if (code) {
                out.append(line).append('\n');
                continue;
            }
            String l = line;
            if (l.strip().matches("-{3,}|\\*{3,}|_{3,}")) {
                l = "";
            }
            l = l.replaceFirst("^#{1,6}\\s+", "");
            l = l.replace("**", "").replace("__", "").replace("`", "");
            l = l.replaceAll("\\\\([\\\\`*_{}\\[\\]()#+\\-.!|<>])", "$1");
            out.append(l).append('\n');
        }
        flushTable(table, out);
        return out.toString().replaceAll("\n{3,}", "\n\n").strip();
    }

    private static String[] cells(String row) {
        String r = row.strip();
        r = r.substring(1, r.endsWith("|") && r.length() > 1 ? r.length() - 1 : r.length());
        String[] cells = r.split("(?<!\\\\)\\|", -1);
        for (int i = 0; i < cells.length; i++) {
            cells[i] = cells[i].strip().replace("`", "").replace("**", "").replace("\\|", "|");
        }
        return cells;
    }

    /** The rows collected so far as columns padded to their widest cell, two blanks apart. */
    private static void flushTable(List<String[]> rows, StringBuilder out) {
        if (rows.isEmpty()) {
            return;
        }
        int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(r[i]);
                if (i + 1 < r.length) {
                    line.append(" ".repeat(width[i] - r[i].length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        rows.clear();
    }
}
