package dev.csfstudio.eclipse.core;

import java.util.List;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkedString;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/** A hover's contents as plain text: markdown fences, emphasis and escapes dropped, code kept as is. */
public final class HoverText {

    private HoverText() {
    }

    public static String of(Hover hover) {
        if (hover == null || hover.getContents() == null) {
            return null;
        }
        Either<List<Either<String, MarkedString>>, MarkupContent> c = hover.getContents();
        StringBuilder b = new StringBuilder();
        if (c.isRight()) {
            MarkupContent m = c.getRight();
            b.append("markdown".equals(m.getKind()) ? markdownToPlain(m.getValue()) : m.getValue());
        } else {
            for (Either<String, MarkedString> part : c.getLeft()) {
                if (b.length() > 0) {
                    b.append("\n\n");
                }
                b.append(part.isLeft() ? markdownToPlain(part.getLeft()) : part.getRight().getValue());
            }
        }
        String text = b.toString().strip();
        return text.isEmpty() ? null : text;
    }

    public static String markdownToPlain(String markdown) {
        if (markdown == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        boolean code = false;
        for (String line : markdown.split("\r?\n", -1)) {
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
        return out.toString().replaceAll("\n{3,}", "\n\n").strip();
    }
}
