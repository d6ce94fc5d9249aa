package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.expr.ExpressionText;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;

/**
 * What one line may hold before anything reads its tokens: at most {@link #MAX_LINE_BYTES} bytes, and expressions
 * nested at most {@link #MAX_NESTING} deep. Both are byte counts in one pass, so a hostile line is refused in time
 * linear in its length, with the column where it passes the bound, instead of costing the parser its stack.
 *
 * <p>Nesting is what makes the parser and the evaluators recurse: an open round or square bracket, and a unary
 * operator (every operator byte in a row after the first: {@code a - -b} nests {@code -b} once). A flat chain of
 * binary operators, {@code 1 + 1 + ... + 1}, is not nesting, however long.
 */
public final class LineBounds {

    /** 1 MiB: a thousand times the longest line the examples and the disassembler write. */
    public static final int MAX_LINE_BYTES = 1 << 20;
    /** Far beyond any expression a person or a generator writes, well within every thread's stack. */
    public static final int MAX_NESTING = ExpressionText.MAX_NESTING;

    private LineBounds() {
    }

    /** The error that the line {@code [start, end)} (line {@code n} of {@code file}) is too long, or null. */
    static Diagnostic length(Path file, int n, int start, int end) {
        if (end - start <= MAX_LINE_BYTES) {
            return null;
        }
        return Diagnostic.error(SourceRange.at(file, n, MAX_LINE_BYTES + 1, 1), DiagnosticCode.SYNTAX,
                "line is " + (end - start) + " bytes long; a line holds at most " + MAX_LINE_BYTES + " bytes (1 MiB): split it");
    }

    /**
     * The error that the line {@code [start, end)} of {@code text} nests too deeply, at the byte that passes the
     * bound, or null. The plain scanner reads no expression nested past its own smaller bound, so only the lines
     * it hands to the parser need this.
     */
    static Diagnostic nesting(Path file, int n, byte[] text, int start, int end) {
        int deep = tooDeep(text, start, end);
        if (deep < 0) {
            return null;
        }
        return Diagnostic.error(SourceRange.at(file, n, deep - start + 1, 1), DiagnosticCode.SYNTAX,
                Parsing.SyntaxErrors.nestedTooDeep(MAX_NESTING));
    }

    /** The offset of the byte at which the nesting of {@code [start, end)} passes {@link #MAX_NESTING}, or -1. */
    static int tooDeep(byte[] t, int start, int end) {
        int brackets = 0;
        int operators = 0;
        for (int p = start; p < end; p++) {
            byte c = t[p];
            if (Lexicon.isCommentStart(t, p, end)) {
                return -1; // COMMENT runs to the end of the line
            }
            switch (c) {
                case '"' -> {
                    p = Lexicon.stringEnd(t, p, end) - 1;
                    operators = 0;
                }
                case '(', '[' -> {
                    brackets++;
                    operators = 0;
                }
                case ')', ']' -> {
                    brackets = Math.max(0, brackets - 1);
                    operators = 0;
                }
                case '+', '-', '~', '*', '/', '%', '&', '|', '^', '<', '>', '!', '=' -> operators++;
                default -> {
                    if (!Lexicon.isSpace(c)) {
                        operators = 0;
                    }
                }
            }
            if (brackets + Math.max(0, operators - 1) > MAX_NESTING) {
                return p;
            }
        }
        return -1;
    }
}
