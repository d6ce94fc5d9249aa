package dev.csfstudio.eclipse;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.Region;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/** LSP positions (line, UTF-16 character) to and from offsets of an Eclipse document, clamped as LSP asks. */
public final class DocumentPositions {

    private DocumentPositions() {
    }

    static int offset(IDocument d, Position p) {
        try {
            if (p.getLine() >= d.getNumberOfLines()) {
                return d.getLength();
            }
            IRegion line = d.getLineInformation(Math.max(p.getLine(), 0));
            return line.getOffset() + Math.min(Math.max(p.getCharacter(), 0), line.getLength());
        } catch (BadLocationException e) {
            return d.getLength();
        }
    }

    public static Position position(IDocument d, int offset) {
        try {
            int o = Math.max(0, Math.min(offset, d.getLength()));
            int line = d.getLineOfOffset(o);
            return new Position(line, o - d.getLineOffset(line));
        } catch (BadLocationException e) {
            return new Position(0, 0);
        }
    }

    public static IRegion region(IDocument d, Range r) {
        int start = offset(d, r.getStart());
        return new Region(start, Math.max(0, offset(d, r.getEnd()) - start));
    }

    static Range range(IDocument d, int offset, int length) {
        return new Range(position(d, offset), position(d, offset + length));
    }

    /** The word (letters, digits, {@code _}, {@code $}: a CSF name or mnemonic) around an offset; empty between words. */
    public static IRegion word(String text, int offset) {
        int start = Math.min(Math.max(offset, 0), text.length());
        int end = start;
        while (start > 0 && isWord(text.charAt(start - 1))) {
            start--;
        }
        while (end < text.length() && isWord(text.charAt(end))) {
            end++;
        }
        return new Region(start, end - start);
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
