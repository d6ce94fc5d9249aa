package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkedString;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.HoverHtml;

class HoverHtmlTest {

    @Test
    void aMarkdownTableBecomesAnHtmlTable() {
        String html = HoverHtml.body("| operand | bits |\n|---|---|\n| `rd` | reg[55:48] |\n");
        assertTrue(html.contains("<table>"), html);
        assertTrue(html.contains("<th>operand</th>"), html);
        assertTrue(html.contains("<td><code>rd</code></td>"), html);
    }

    @Test
    void aFencedBlockBecomesPreformattedCode() {
        assertEquals("<pre><code class=\"language-csf\">MOVE32 rd, #imm\n</code></pre>\n",
                HoverHtml.body("```csf\nMOVE32 rd, #imm\n```"));
    }

    @Test
    void rawHtmlInTheMarkdownIsEscaped() {
        String html = HoverHtml.body("<script>alert(1)</script> a < b");
        assertFalse(html.contains("<script>"), html);
        assertTrue(html.contains("&lt;script&gt;"), html);
    }

    @Test
    void thePageCarriesTheHoverColoursAndATableStyle() {
        String page = HoverHtml.page("x", new HoverHtml.Style("#111111", "#eeeeee", "Sans", 9));
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("color:#111111") && page.contains("background:#eeeeee"), page);
        assertTrue(page.contains("border-collapse:collapse"), page);
    }

    @Test
    void plainTextAndMarkedStringsAreMarkdownToo() {
        assertEquals("```\na<b\n```", HoverHtml.markdown(new Hover(new MarkupContent("plaintext", "a<b"))));
        Hover marked = new Hover(List.of(Either.forLeft("**x**"), Either.forRight(new MarkedString("csf", "NOP"))));
        assertEquals("**x**\n\n```csf\nNOP\n```", HoverHtml.markdown(marked));
        assertNull(HoverHtml.markdown(null));
    }
}
