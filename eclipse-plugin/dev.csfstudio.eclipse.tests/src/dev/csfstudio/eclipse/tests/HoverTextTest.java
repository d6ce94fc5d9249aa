package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.HoverText;

class HoverTextTest {

    @Test
    void markdownBecomesPlainTextKeepingCode() {
        Hover h = new Hover(new MarkupContent("markdown", "**MOVE32** `rd, #imm`\n\n```csf\nMOVE32 r1, #0\n```\n---\nbits 0\\-31"));
        assertEquals("MOVE32 rd, #imm\n\nMOVE32 r1, #0\n\nbits 0-31", HoverText.of(h));
    }

    @Test
    void emptyHoverIsNull() {
        assertNull(HoverText.of(new Hover(new MarkupContent("plaintext", "  "))));
        assertNull(HoverText.of(null));
    }

    @Test
    void tablesBecomeAlignedColumnsWithoutPipes() {
        String md = "| operand | bits | meaning |\n|---|---|---|\n| `rd` | reg[55:48] | destination |\n| `#imm` | imm[31:0] | value |";
        assertEquals("operand  bits        meaning\nrd       reg[55:48]  destination\n#imm     imm[31:0]   value",
                HoverText.markdownToPlain(md));
    }
}
