package dev.csfstudio.lsp;

import java.util.List;

import org.eclipse.lsp4j.MarkupKind;

/**
 * How the server writes documentation for a client: Markdown, or plain text for a client that asks for it
 * ({@code textDocument.hover.contentFormat} lists plaintext first, as eglot does without markdown-mode).
 * Plain text has no fences, no tables and no backticks: code stands alone on its line, tables are columns
 * padded with spaces.
 */
enum Markup {
    MARKDOWN(MarkupKind.MARKDOWN), PLAINTEXT(MarkupKind.PLAINTEXT);

    private final String kind;

    Markup(String kind) {
        this.kind = kind;
    }

    /** The LSP {@code MarkupKind}. */
    String kind() {
        return kind;
    }

    /** The first of the client's formats (most preferred first) that the server writes; Markdown when none is. */
    static Markup preferred(List<String> formats) {
        if (formats != null) {
            for (String format : formats) {
                for (Markup m : values()) {
                    if (m.kind.equals(format)) {
                        return m;
                    }
                }
            }
        }
        return MARKDOWN;
    }

    /** A block of source text. */
    String code(String text) {
        return this == MARKDOWN ? "```csf\n" + text + "\n```" : text;
    }

    /** A name or value inside a sentence. */
    String inline(String text) {
        return this == MARKDOWN ? "`" + text + "`" : text;
    }

    String strong(String text) {
        return this == MARKDOWN ? "**" + text + "**" : text;
    }

    /** A table: its first row is the header. */
    String table(List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        if (this == MARKDOWN) {
            for (int r = 0; r < rows.size(); r++) {
                sb.append('|');
                for (String cell : rows.get(r)) {
                    sb.append(' ').append(cell).append(" |");
                }
                sb.append('\n');
                if (r == 0) {
                    sb.append("|---".repeat(rows.get(0).size())).append("|\n");
                }
            }
            return sb.toString();
        }
        int columns = rows.get(0).size();
        int[] width = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(row.get(c)).append(c + 1 < columns ? " ".repeat(width[c] - row.get(c).length() + 2) : "");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
