package dev.csfstudio.asm.scan;

import java.util.Arrays;

/**
 * One chunk of a file's lines as a worker scanned them, handed to the in-order pass whole: each line's
 * {@link ScannedStatement}, or none for a blank or comment-only line. A chunk is {@link #reset} and filled again for
 * a later chunk once the pass has taken it.
 */
public final class ScannedLines {

    private int firstLine;
    private int count;
    private ScannedStatement[] statements = new ScannedStatement[0];

    /** Empties the chunk for lines {@code firstLine..firstLine + lines - 1}, each blank until written. */
    public void reset(int firstLine, int lines) {
        this.firstLine = firstLine;
        if (statements.length < lines) {
            statements = new ScannedStatement[lines];
        } else {
            Arrays.fill(statements, 0, count, null); // what the last chunk held may go
        }
        count = lines;
    }

    public int firstLine() {
        return firstLine;
    }

    public int count() {
        return count;
    }

    /** Row {@code i}'s statement: line {@link #firstLine} + {@code i}; null for a blank or comment-only line. */
    public ScannedStatement statement(int i) {
        return statements[i];
    }

    void statement(int i, ScannedStatement s) {
        statements[i] = s;
    }
}
