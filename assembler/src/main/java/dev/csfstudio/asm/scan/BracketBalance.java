package dev.csfstudio.asm.scan;

import dev.csfstudio.grammar.Lexicon;

/**
 * Whether a line's round and square brackets outside strings and comments fail to balance: every grammar rule
 * that opens one closes it, so such a line cannot parse and goes straight to the parse that reports its errors.
 * A byte count, much cheaper than the quick parse it saves.
 */
public final class BracketBalance {

    private BracketBalance() {
    }

    /**
     * True when bytes {@code [start, end)} hold a closing bracket before its opener, or an opener never closed;
     * false when unsure (a line end inside the range).
     */
    public static boolean unbalanced(byte[] t, int start, int end) {
        int round = 0;
        int square = 0;
        int p = start;
        while (p < end) {
            byte c = t[p];
            if (Lexicon.isCommentStart(t, p, end)) {
                break; // COMMENT runs to the end of the line
            }
            if (c == '\r' || c == '\n') {
                return false; // a line end inside the line: the parser's own business
            }
            switch (c) {
                case '"' -> p = Lexicon.stringEnd(t, p, end) - 1;
                case '(' -> round++;
                case ')' -> round--;
                case '[' -> square++;
                case ']' -> square--;
                default -> {
                }
            }
            if (round < 0 || square < 0) {
                return true;
            }
            p++;
        }
        return round != 0 || square != 0;
    }
}
