package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.directives.SectionArguments;
import dev.csfstudio.asm.emit.ScannedExpectation;
import dev.csfstudio.asm.emit.ConstantAssignment;
import dev.csfstudio.asm.emit.ControlFlow;
import dev.csfstudio.asm.emit.DescriptorArguments;
import dev.csfstudio.asm.emit.InstructionFixup;
import dev.csfstudio.asm.emit.InstructionEncoder;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.isa.Arch;
import java.nio.file.Path;
import org.antlr.v4.runtime.CharStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The part of pass 1 that depends on nothing but a line's own text, so it can run on worker threads ahead
 * of the assembler: parse the line and, when it is an instruction whose operands name no symbol, encode it.
 * Everything else (directives, labels as operands, constants) keeps its syntax tree for the in-order pass.
 *
 * <p>Most instruction lines are simple enough for {@link PlainInstructionScanner}, which encodes them without
 * ANTLR; it declines everything else, which the parser handles.
 */
public final class LineScanner {

    /**
     * A line's labels and its fully encoded instruction: everything pass 1 needs, with no syntax tree.
     * {@code emitted} false: an instruction the encoder reported errors for, placed without a word.
     * Columns are 1-based and the end is exclusive, as in {@link SourceRange}; the line number comes from
     * where the text appears.
     */
    public record EncodedLine(String[] labelNames, int[] labelColumns, int column, int endColumn,
                       InstructionDef def, long word, boolean unconditional, BitField target, boolean emitted,
                       boolean labelsOnly) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            if (labelsOnly) {
                handler.labelsOnly(this);
            } else {
                handler.instruction(this, List.of());
            }
        }
    }

    /**
     * A {@code .byte}/{@code .hword}/{@code .word}/{@code .dword} line of literal values (and maybe labels):
     * pass 1 places it and copies its {@code bytes} (the values as the section holds them, {@code width} bytes
     * each, little-endian: no object per value).
     */
    public record DataLine(String[] labelNames, int[] labelColumns, int column, int endColumn, int width, byte[] bytes)
            implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.data(this);
        }

        /** The directive's name as the parser's path spells it in messages. */
        public String directive() {
            return directive(width);
        }

        /** The data directive of values {@code width} bytes wide, as the parser's path spells it in messages. */
        public static String directive(int width) {
            return switch (width) {
                case 1 -> ".byte";
                case 2 -> ".hword";
                case 4 -> ".word";
                default -> ".dword";
            };
        }
    }

    /**
     * A {@code .fbd}/{@code .rt} line of {@code field=value} arguments with literal or named values (and maybe
     * labels): pass 1 places it and its fixup writes the fields, with no syntax tree kept.
     */
    public record Descriptor(String[] labelNames, int[] labelColumns, int column, int endColumn,
                             DescriptorArguments arguments) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.descriptor(this);
        }
    }

    /**
     * A {@code .stream}/{@code .buffer} line of a name and options whose values are whole expressions (and maybe
     * labels): pass 1 opens the section as the parsed directive does, with no syntax tree.
     */
    public record SectionLine(String[] labelNames, int[] labelColumns, int column, int endColumn,
                              SectionArguments arguments) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.section(this);
        }
    }

    /**
     * An {@code .expect} line of whole expressions, tuples and strings (and maybe labels): pass 1 notes the VM in force
     * and its fixup reads the expectation after layout, with no syntax tree.
     */
    public record ExpectLine(String[] labelNames, int[] labelColumns, int column, int endColumn,
                             ScannedExpectation expectation) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.expectation(this);
        }
    }

    /**
     * An {@code .align} line of a literal boundary (and maybe labels), {@code valueColumn}..{@code valueEndColumn}
     * where the boundary is written: pass 1 pads the section, nothing is left for after layout.
     */
    public record AlignLine(String[] labelNames, int[] labelColumns, int column, int endColumn, long boundary,
                            int valueColumn, int valueEndColumn) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.align(this);
        }
    }

    /** A {@code .inst} line with a literal word (and maybe labels): nothing is left for after layout. */
    public record RawWord(String[] labelNames, int[] labelColumns, int column, int endColumn, long word)
            implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.rawWord(this);
        }
    }

    /**
     * An instruction line with operands that name something (a branch to a label, {@code table + 8}), as the plain
     * scanner read them: encoded but for those, which the in-order pass evaluates from the symbols (now, or in a fixup).
     */
    public record SymbolicInstruction(String[] labelNames, int[] labelColumns, int column, int endColumn,
                                      InstructionFixup fixup) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.symbolic(this);
        }
    }

    /**
     * An {@code .equ} or {@code .set} line whose value is a whole expression the plain scanner read: defined and
     * evaluated from the symbols, with no parse.
     */
    public record ConstantLine(String[] labelNames, int[] labelColumns, int column, int endColumn,
                               ConstantAssignment assignment) implements ScannedStatement, ScannedStatement.Positioned {
        @Override
        public void handTo(Handler handler) {
            handler.constant(this);
        }
    }

    /** One scanner per thread and architecture (scanners keep per-line state and their instruction set's forms). */
    private static final Map<Arch, ThreadLocal<LineScanner>> PER_THREAD = perThread();

    private static Map<Arch, ThreadLocal<LineScanner>> perThread() {
        Map<Arch, ThreadLocal<LineScanner>> out = new EnumMap<>(Arch.class);
        for (Arch arch : Arch.values()) {
            out.put(arch, ThreadLocal.withInitial(() -> new LineScanner(arch)));
        }
        return out;
    }

    /** Operands that need the assembler's symbols: the in-order pass handles their lines. */
    private static final ExpressionEvaluator.Scope NO_SYMBOLS = new ExpressionEvaluator.Scope() {
        @Override
        public long symbol(String name, SourceRange range) {
            throw new UnresolvedException(name, range);
        }

        @Override
        public long localLabel(String ref, SourceRange range) {
            throw new UnresolvedException(ref, range);
        }

        @Override
        public long call(String function, ExpressionEvaluator.Arguments args, SourceRange range) {
            throw new UnresolvedException(function, range);
        }
    };

    private final Arch arch;
    /** Made on the first line the scanner declines: a source it reads whole never loads ANTLR's lexer and parser. */
    private LineParser parser;

    private LineParser parser() {
        if (parser == null) {
            parser = new LineParser();
        }
        return parser;
    }
    private final PlainInstructionScanner plain;
    /** Only for pandecode's hint on a line with syntax errors, which depends on nothing but the line. */
    private final PandecodeReader pandecode;
    /** The lines of the chunk being scanned as one character stream (made when first needed), or null. */
    private CharStream block;
    private int blockStart;
    /** The text offset of the stream's position 0. */
    private int blockBase;
    private int blockEnd;
    private boolean blockUsable;

    private LineScanner(Arch arch) {
        this.arch = arch;
        this.plain = new PlainInstructionScanner(arch);
        this.pandecode = new PandecodeReader(arch);
    }

    static LineScanner forThisThread(Arch arch) {
        return PER_THREAD.get(arch).get();
    }

    /**
     * Lines {@code from..to-1} (1-based) of {@code src} into {@code lines} (reset for them): each line's
     * {@link ScannedStatement} (an {@link EncodedLine}, a {@link RawWord}, ...), none for a line with nothing but blanks
     * or a comment. {@code plainScanner} false sends every line through the
     * parser (tests compare both ways). {@code directives} are the known directive names in lower case (a line of
     * another is {@link UnknownDirective}'s).
     */
    public static void scan(Arch arch, SourceFile src, int from, int to, boolean plainScanner, List<String> directives,
                            ScannedLines lines) {
        LineScanner scanner = forThisThread(arch);
        lines.reset(from, to - from);
        scanner.block = null;
        scanner.blockStart = src.lineStarts()[from - 1];
        scanner.blockEnd = to - 1 < src.lineStarts().length ? src.lineStarts()[to - 1] : src.source().length();
        for (int n = from; n < to; n++) {
            lines.statement(n - from, scanner.scanLine(src, n, plainScanner, directives));
        }
        scanner.block = null;
        scanner.plain.forgetNames(); // the names of a chunk share their strings; the pool thread keeps none
    }

    private ScannedStatement scanLine(SourceFile src, int n, boolean plainScanner, List<String> directives) {
        Path file = src.path();
        SourceText text = src.source();
        byte[] bytes = src.bytes();
        int start = src.lineStarts()[n - 1];
        int end = src.lineEnd(n);
        int first = start;
        while (first < end && Lexicon.isSpace(bytes[first])) {
            first++;
        }
        if (first == end || Lexicon.isCommentStart(bytes, first, end)) {
            return null; // the grammar's WS, maybe a COMMENT to the end of the line: no tokens for the parser
        }
        Diagnostic tooLong = LineBounds.length(file, n, start, end);
        if (tooLong != null) {
            return new ScannedStatement.SyntaxError(new String[0], new int[0], false, List.of(tooLong));
        }
        if (plainScanner && PandecodeReader.mayCarryPayload(bytes, first, end)) {
            Diagnostic dropped = pandecode.droppedComment(src, n);
            if (dropped != null) { // the parser's path, which keeps a statement to attach the warning to
                ScannedStatement read = scanLine(src, n, false, directives);
                if (read instanceof EncodedLine e) {
                    return new ScannedStatement.FlaggedInstruction(e, List.of(dropped));
                }
                if (read instanceof ScannedStatement.FlaggedInstruction f) {
                    List<Diagnostic> findings = new ArrayList<>(f.findings());
                    findings.add(dropped);
                    return new ScannedStatement.FlaggedInstruction(f.line(), findings);
                }
                return read;
            }
        }
        PlainInstructionScanner.Result.Declined declined = null;
        if (plainScanner) {
            PlainInstructionScanner.Result quick = plain.scan(file, bytes, start, end, n);
            if (quick instanceof PlainInstructionScanner.Result.Read read) {
                return read.statement();
            }
            declined = (PlainInstructionScanner.Result.Declined) quick;
            PlainInstructionScanner.HandOff read = declined.handOff();
            ScannedStatement.Rejected unknown = read != null && read.directive()
                    ? UnknownDirective.scan(read, file, bytes, start, end, n, directives) : null;
            if (unknown != null) {
                return unknown;
            }
        }
        Diagnostic tooDeep = LineBounds.nesting(file, n, bytes, start, end);
        if (tooDeep != null) {
            return new ScannedStatement.SyntaxError(new String[0], new int[0], false, List.of(tooDeep));
        }
        String lineText = text.substring(start, end);
        if (declined != null && declined.stray() >= 0) {
            Diagnostic stray = StrayToken.error(file, lineText, n, declined.stray() - start);
            if (stray != null) {
                // no labels and a statement the error makes pass 1 skip: an empty tree says the same
                return syntaxError(src, n, new String[0], new int[0], false, List.of(stray));
            }
        }
        CsfParser.LineContext line = null;
        // brackets that do not balance fail the quick parse: only the one that reports runs, as for a declined line
        boolean failing = plainScanner && BracketBalance.unbalanced(bytes, first, end);
        PlainInstructionScanner.HandOff read = failing ? declined.handOff() : null;
        if (read != null && !read.directive()) {
            Diagnostic unclosed = UnclosedBracket.error(file, lineText, n, read.at() - start);
            if (unclosed != null) { // the parser's one error for a bracket left open at the line's end, without it
                return syntaxError(src, n, read.labelNames(), read.labelColumns(), true, List.of(unclosed));
            }
        }
        if (!failing && block == null) {
            block = text.asciiStream(); // a view of the whole file's bytes: no copy of the chunk
            blockBase = 0;
            blockUsable = block != null;
            if (block == null) {
                block = text.stream(blockStart, blockEnd);
                blockBase = blockStart;
                // stream positions count code points: only without surrogate pairs are they string offsets
                blockUsable = block.size() == blockEnd - blockStart;
            }
        }
        if (!failing && blockUsable) {
            line = parser().parseValid(block, start - blockBase, n);
        }
        if (line == null) {
            LineParser.ParsedLine parsed = failing || blockUsable ? parser().parseDeclined(file, lineText, n)
                    : parser().parse(file, lineText, n);
            line = parsed.line();
            if (!parsed.errors().isEmpty()) {
                return syntaxError(src, n, labelNames(line), labelColumns(file, line), line.statement() != null,
                        parsed.errors());
            }
        }
        if (line.statement() == null || line.statement().instruction() == null) {
            return new ScannedStatement.Parsed(line);
        }
        SourceRange r = Parsing.range(file, line.statement());
        if (r.line() != n || r.endLine() != n) {
            return new ScannedStatement.Parsed(line);
        }
        List<Diagnostic> found = new ArrayList<>(0);
        InstructionEncoder.Encoded enc = null;
        InstructionEncoder encoder = new InstructionEncoder(arch, file, found);
        if (encoder.namesSymbols(line.statement().instruction())) {
            return new ScannedStatement.Parsed(line); // the in-order pass encodes it, or records a fixup
        }
        try {
            enc = encoder.encode(line.statement().instruction(), contextFree(file));
        } catch (UnresolvedException e) {
            return new ScannedStatement.Parsed(line);
        }
        String[] names = labelNames(line);
        int[] columns = labelColumns(file, line);
        EncodedLine e = enc == null
                ? new EncodedLine(names, columns, r.column(), r.endColumn(), null, 0, false, null, false, false)
                : new EncodedLine(names, columns, r.column(), r.endColumn(), enc.def(), enc.word(),
                        enc.def() != null && ControlFlow.isUnconditional(enc),
                        enc.def() == null ? null : ControlFlow.targetField(enc.def()), true, false);
        if (found.isEmpty()) {
            return e;
        }
        return new ScannedStatement.FlaggedInstruction(e, found);
    }

    /**
     * Line {@code n}'s syntax errors with pandecode's hint made here, off the in-order pass: a line that is pandecode's
     * text of an instruction gets the error that says so instead.
     */
    private ScannedStatement.SyntaxError syntaxError(SourceFile src, int n, String[] labelNames, int[] labelColumns,
                                                     boolean statement, List<Diagnostic> errors) {
        return new ScannedStatement.SyntaxError(labelNames, labelColumns, statement, pandecode.hint(src, n, errors));
    }

    private static String[] labelNames(CsfParser.LineContext line) {
        List<CsfParser.LabelContext> labels = line.label();
        String[] names = new String[labels.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = labels.get(i).name.getText();
        }
        return names;
    }

    /** The 1-based start and exclusive end column of each label's name. */
    private static int[] labelColumns(Path file, CsfParser.LineContext line) {
        List<CsfParser.LabelContext> labels = line.label();
        int[] columns = new int[2 * labels.size()];
        for (int i = 0; i < labels.size(); i++) {
            SourceRange lr = Parsing.range(file, labels.get(i).name);
            columns[2 * i] = lr.column();
            columns[2 * i + 1] = lr.endColumn();
        }
        return columns;
    }

    /** Operand values from literals alone; any name means the line needs the in-order pass. */
    private static InstructionEncoder.Operands contextFree(Path file) {
        ExpressionEvaluator ev = new ExpressionEvaluator(file, NO_SYMBOLS);
        return new InstructionEncoder.Operands() {
            @Override
            public long evaluate(CsfParser.ExprContext e) {
                return ev.eval(e);
            }

            @Override
            public OptionalLong branchOffset(CsfParser.ExprContext e) {
                if (ExpressionEvaluator.namesSomething(e)) {
                    throw new UnresolvedException(e.getText(), null);
                }
                return OptionalLong.empty();
            }
        };
    }
}
