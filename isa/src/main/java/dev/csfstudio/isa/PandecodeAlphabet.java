package dev.csfstudio.isa;

import java.util.List;

/**
 * The ASCII characters a text that {@link PandecodeText} reads as one template may hold (a superset: letters and
 * digits wherever a number or register goes, blanks anywhere): a line with another ASCII character is no text of
 * that template, so its matcher need not run. Characters beyond ASCII are never ruled out (case-blind comparison
 * and digit tests accept some of them).
 */
final class PandecodeAlphabet {

    private final boolean[] allowed = new boolean[128];

    private PandecodeAlphabet() {
    }

    static PandecodeAlphabet of(PandecodeTemplate template) {
        PandecodeAlphabet a = new PandecodeAlphabet();
        for (int c = 0; c < 128; c++) {
            a.allowed[c] = Character.isWhitespace(c); // blanks around the text, between words and before commas
        }
        a.add(template.parts());
        return a;
    }

    /** Whether every ASCII character of {@code text} may be in a text of the template. */
    boolean mayHold(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 && !allowed[c]) {
                return false;
            }
        }
        return true;
    }

    private void add(List<PandecodeTemplate.Part> parts) {
        for (PandecodeTemplate.Part p : parts) {
            if (p instanceof PandecodeTemplate.Literal l) {
                addCaseBlind(l.text());
            } else if (p instanceof PandecodeTemplate.Names n) {
                n.names().forEach(this::addCaseBlind);
            } else if (p instanceof PandecodeTemplate.Conditional c) {
                add(c.body());
            } else {
                // a number (sign, 0x, digits in any radix) or registers (r/d, ':', '_', an indirect's brackets)
                addLettersAndDigits();
                addCaseBlind(p instanceof PandecodeTemplate.Indirect ? "+-[]" : "+-:_");
            }
        }
    }

    private void addLettersAndDigits() {
        for (int c = 0; c < 128; c++) {
            allowed[c] |= Character.isLetterOrDigit(c);
        }
    }

    private void addCaseBlind(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            for (char v : new char[] {c, Character.toLowerCase(c), Character.toUpperCase(c)}) {
                if (v < 128) {
                    allowed[v] = true;
                }
            }
        }
    }
}
