package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.CsfParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Parses one source line at a time with a reused lexer and parser. The assembler keeps no syntax tree
 * for the whole file, so memory stays proportional to the output, not to the token count. Tokens carry
 * the line's real line number, so ranges are the same as from a whole-file parse.
 */
public final class LineParser {

    /** A parsed line and its syntax errors. */
    public record ParsedLine(CsfParser.LineContext line, List<Diagnostic> errors) {
    }

    private final CsfLexer lexer = new CsfLexer(CharStreams.fromString(""));
    private final CommonTokenStream tokens = new CommonTokenStream(lexer);
    private final CsfParser parser = new CsfParser(tokens);
    private final BailErrorStrategy bail = new QuickBail();
    private final CachedRecovery recovery = new CachedRecovery();

    /**
     * Gives up at the first syntax error as {@link BailErrorStrategy} does, by throwing one shared exception
     * without a stack trace: the quick attempt's failures are thrown away, and two exceptions with the stack of
     * a parse each (a syntax tree's depth of frames) were most of what a file of broken lines allocated.
     */
    private static final class QuickBail extends BailErrorStrategy {
        private static final ParseCancellationException GAVE_UP = new ParseCancellationException() {
            @Override
            public synchronized Throwable fillInStackTrace() {
                return this;
            }
        };

        @Override
        public void reportError(Parser recognizer, RecognitionException e) {
            // nothing listens: the parse that reports runs next
        }

        @Override
        public void recover(Parser recognizer, RecognitionException e) {
            throw GAVE_UP;
        }

        @Override
        public Token recoverInline(Parser recognizer) {
            throw GAVE_UP;
        }
    }

    public LineParser() {
        lexer.removeErrorListeners();
        parser.removeErrorListeners();
    }

    /**
     * Parses the line starting at code point {@code offset} of {@code block}, a stream over many lines, with
     * the {@code line} rule; null when the line is not plainly valid (a syntax error, or tokens left before
     * its end), and then {@link #parse} must give the diagnostics. Saves copying every line into a stream
     * of its own.
     */
    CsfParser.LineContext parseValid(CharStream block, int offset, int lineNumber) {
        try {
            lexer.setInputStream(block);
            block.seek(offset);
            lexer.setLine(lineNumber);
            lexer.setCharPositionInLine(0);
            tokens.setTokenSource(lexer);
            parser.setTokenStream(tokens);
            parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
            parser.setErrorHandler(bail);
            CsfParser.LineContext line = parser.line();
            int next = tokens.LA(1);
            return next == CsfLexer.NEWLINE || next == Token.EOF ? line : null;
        } catch (ParseCancellationException | StackOverflowError e) {
            return null;
        }
    }

    public ParsedLine parse(Path file, String text, int lineNumber) {
        return parse(file, text, lineNumber, false);
    }

    /**
     * {@link #parse} of a line {@link #parseValid} has declined: the quick SLL attempt would fail again, so
     * only the full LL parse that reports the syntax errors runs (a file of broken lines pays for one parse
     * a line, not two).
     */
    ParsedLine parseDeclined(Path file, String text, int lineNumber) {
        return parse(file, text, lineNumber, true);
    }

    private ParsedLine parse(Path file, String text, int lineNumber, boolean declined) {
        try {
            return parseLine(file, text, lineNumber, declined);
        } catch (StackOverflowError e) {
            parser.removeErrorListeners();
            return new ParsedLine(new CsfParser.LineContext(null, 0), List.of(Diagnostic.error(
                    SourceRange.at(file, lineNumber, 1, Math.max(1, text.length())), DiagnosticCode.SYNTAX, "line nested too deeply")));
        }
    }

    private ParsedLine parseLine(Path file, String text, int lineNumber, boolean declined) {
        reset(text, lineNumber);
        if (!declined) {
            parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
            parser.setErrorHandler(bail);
            try {
                return new ParsedLine(parser.singleLine().line(), List.of());
            } catch (ParseCancellationException e) {
                reset(text, lineNumber);
            }
        }
        // LL decides: it also accepts the rare line SLL's prediction declines, and words the errors
        List<Diagnostic> errors = new ArrayList<>();
        parser.getInterpreter().setPredictionMode(PredictionMode.LL);
        parser.setErrorHandler(recovery);
        recovery.reset(parser); // a line's recovery starts afresh; only the follow sets are kept
        parser.addErrorListener(new Parsing.SyntaxErrors(file, errors));
        try {
            return new ParsedLine(parser.singleLine().line(), errors);
        } finally {
            parser.removeErrorListeners();
        }
    }

    private void reset(String text, int lineNumber) {
        // The newline lets the lexer end the last token through its cached DFA edges: a token ended by
        // EOF is never cached and costs a full ATN simulation on every line.
        lexer.setInputStream(CharStreams.fromString(text + "\n"));
        lexer.setLine(lineNumber);
        lexer.setCharPositionInLine(0);
        tokens.setTokenSource(lexer);
        parser.setTokenStream(tokens);
    }
}
