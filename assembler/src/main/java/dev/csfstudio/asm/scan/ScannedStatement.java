package dev.csfstudio.asm.scan;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import java.util.List;

/**
 * What the scanners make of one source line that holds something (a blank or comment-only line gives
 * none): one of a closed set of shapes, each handed to its own {@link Handler} method, so a new shape does
 * not compile until the in-order pass handles it.
 */
public sealed interface ScannedStatement permits LineScanner.EncodedLine, LineScanner.SymbolicInstruction, LineScanner.RawWord, LineScanner.DataLine,
        LineScanner.ConstantLine, LineScanner.AlignLine,
        LineScanner.Descriptor, LineScanner.SectionLine, LineScanner.ExpectLine,
        ScannedStatement.FlaggedInstruction, ScannedStatement.Rejected, ScannedStatement.SyntaxError, ScannedStatement.Parsed {

    /** What the in-order pass does with each shape. */
    interface Handler {
        /** An instruction: encoded, or placed without a word (the encoder reported errors). */
        void instruction(LineScanner.EncodedLine line, List<Diagnostic> findings);

        /** An instruction whose operands name something (a branch to a label too): all but those encoded. */
        void symbolic(LineScanner.SymbolicInstruction instruction);

        /** {@code .equ}/{@code .set} with a value the plain scanner read. */
        void constant(LineScanner.ConstantLine line);

        /** Labels and nothing else. */
        void labelsOnly(LineScanner.EncodedLine line);

        /** {@code .inst} with a literal word. */
        void rawWord(LineScanner.RawWord word);

        /** A data directive of literal values. */
        void data(LineScanner.DataLine data);

        /** An {@code .align} of a literal boundary. */
        void align(LineScanner.AlignLine line);

        /** A {@code .fbd} or {@code .rt} of literal or named field values. */
        void descriptor(LineScanner.Descriptor descriptor);

        /** A {@code .stream} or {@code .buffer} with its name and options. */
        void section(LineScanner.SectionLine line);

        /** An {@code .expect}, read after layout. */
        void expectation(LineScanner.ExpectLine line);

        /** Labels and a statement refused as it stands (placed nowhere), with why. */
        void rejected(Rejected rejected);

        /** A line with syntax errors; its tree holds what the parser recovered (labels may be defined). */
        void syntaxError(SyntaxError error);

        /** A parsed line for the in-order pass: a directive, or an instruction it must encode itself. */
        void parsed(Parsed parsed);
    }

    /** The labels a scanner read on a statement's line: names, and their start and end columns, two a label. */
    interface Labelled {
        String[] labelNames();

        int[] labelColumns();
    }

    /** Labels and the columns of the statement after them, as {@code layout.Statement.columns} takes them. */
    interface Positioned extends Labelled {
        int column();

        int endColumn();
    }

    void handTo(Handler handler);

    /** Whether the line is canonical syntax without findings (a pandecode reading of it yields to it then). */
    default boolean clean() {
        return true;
    }

    /** An instruction with the encoder's findings (warnings, or errors that left it without a word). */
    record FlaggedInstruction(LineScanner.EncodedLine line, List<Diagnostic> findings) implements ScannedStatement {
        @Override
        public void handTo(Handler handler) {
            handler.instruction(line, findings);
        }

        @Override
        public boolean clean() {
            return false;
        }
    }

    /**
     * Labels and a statement refused before it is placed (pandecode's text that does not read), with the error:
     * columns are 1-based, two a label.
     */
    record Rejected(String[] labelNames, int[] labelColumns, int column, int endColumn, Diagnostic error)
            implements ScannedStatement, Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.rejected(this);
        }

        @Override
        public boolean clean() {
            return false;
        }
    }

    /**
     * A line the parser reports syntax errors for: of the tree it recovered only what pass 1 reads (the labels,
     * columns 1-based and two a label, and whether a statement follows them), so no tree waits for the in-order pass;
     * the diagnostics are final (pandecode's hint for a line of its text is made).
     */
    record SyntaxError(String[] labelNames, int[] labelColumns, boolean statement, List<Diagnostic> diagnostics)
            implements ScannedStatement, Labelled {
        @Override
        public void handTo(Handler handler) {
            handler.syntaxError(this);
        }

        @Override
        public boolean clean() {
            return false;
        }
    }

    /** A line parsed without errors that the in-order pass reads from its tree. */
    record Parsed(CsfParser.LineContext tree) implements ScannedStatement {
        @Override
        public void handTo(Handler handler) {
            handler.parsed(this);
        }
    }
}
