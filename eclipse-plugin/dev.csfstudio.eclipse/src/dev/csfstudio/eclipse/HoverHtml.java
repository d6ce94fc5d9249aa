package dev.csfstudio.eclipse;

import java.util.List;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkedString;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * A hover's markdown as an HTML page (commonmark with GitHub tables): the same content VS Code renders, with
 * tables, code blocks and emphasis, styled in the hover's colours and font. Raw HTML in the markdown is escaped.
 */
public final class HoverHtml {

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder().extensions(List.of(TablesExtension.create()))
            .escapeHtml(true).sanitizeUrls(true).build();

    /** Colours (CSS values) and font of the page. */
    public record Style(String foreground, String background, String fontFamily, int fontPoints) {
        public static final Style DEFAULT = new Style("#000000", "#ffffe1", "sans-serif", 10);
    }

    private HoverHtml() {
    }

    /** The hover's contents as markdown (plain text and marked strings are turned into markdown), or null. */
    public static String markdown(Hover hover) {
        if (hover == null || hover.getContents() == null) {
            return null;
        }
        Either<List<Either<String, MarkedString>>, MarkupContent> c = hover.getContents();
        StringBuilder b = new StringBuilder();
        if (c.isRight()) {
            MarkupContent m = c.getRight();
            b.append(MarkupKind.MARKDOWN.equals(m.getKind()) ? m.getValue() : fence("", m.getValue()));
        } else {
            for (Either<String, MarkedString> part : c.getLeft()) {
                if (b.length() > 0) {
                    b.append("\n\n");
                }
                b.append(part.isLeft() ? part.getLeft() : fence(part.getRight().getLanguage(), part.getRight().getValue()));
            }
        }
        String text = b.toString().strip();
        return text.isEmpty() ? null : text;
    }

    private static String fence(String language, String code) {
        return "```" + (language == null ? "" : language) + "\n" + code + "\n```";
    }

    /** The body HTML of markdown (no page around it). */
    public static String body(String markdown) {
        return RENDERER.render(PARSER.parse(markdown == null ? "" : markdown));
    }

    /** A whole page for a browser: the body HTML with a style sheet for tables and code. */
    public static String page(String markdown, Style style) {
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
                + "html{font-size:" + style.fontPoints() + "pt}"
                + "body{margin:4px 6px;font-family:" + style.fontFamily() + ";color:" + style.foreground()
                + ";background:" + style.background() + ";overflow:auto}"
                + "p{margin:4px 0}"
                + "pre{margin:4px 0;padding:0}code,pre{font-family:monospace}"
                + "table{border-collapse:collapse;margin:4px 0}"
                + "th,td{border:1px solid rgba(128,128,128,0.5);padding:1px 6px;text-align:left;vertical-align:top}"
                + "th{font-weight:bold}"
                + "</style></head><body>" + body(markdown) + "</body></html>";
    }
}
