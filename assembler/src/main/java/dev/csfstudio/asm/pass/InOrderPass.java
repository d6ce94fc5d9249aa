package dev.csfstudio.asm.pass;

import java.util.function.Function;

import java.util.function.Consumer;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.directives.ArchDirective;
import dev.csfstudio.asm.directives.ArgumentScope;
import dev.csfstudio.asm.directives.ConstantDirectives;
import dev.csfstudio.asm.directives.DataDirectives;
import dev.csfstudio.asm.directives.DescriptorDirectives;
import dev.csfstudio.asm.directives.Expectations;
import dev.csfstudio.asm.directives.InstDirective;
import dev.csfstudio.asm.directives.SectionDirectives;
import dev.csfstudio.asm.directives.SyntaxDirective;
import dev.csfstudio.asm.emit.ControlFlow;
import dev.csfstudio.asm.emit.Fixup;
import dev.csfstudio.asm.emit.Fixups;
import dev.csfstudio.asm.emit.InstructionFixup;
import dev.csfstudio.asm.emit.InstructionFixups;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;
import dev.csfstudio.asm.lint.UnusedLabels;
import dev.csfstudio.asm.scan.LineScanner;
import dev.csfstudio.asm.scan.PandecodeReader;
import dev.csfstudio.asm.scan.ScannedLines;
import dev.csfstudio.asm.scan.ScannedStatement;
import dev.csfstudio.asm.source.Includes;
import dev.csfstudio.asm.source.OrderedChunks;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.symbols.SymbolTable;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Pass 1: the main file's lines and its includes' taken in line order as the workers scanned them, each
 * {@link ScannedStatement} shape to its handler, which places the statement, defines its labels and constants,
 * writes what is known and records a {@link Fixup} for what needs addresses; {@link #run} gives the statements
 * in assembly order to the phases after layout.
 */
public final class InOrderPass {

    /** How lines are read: for which architecture, by how many workers, in chunks of how many lines. */
    public record Reading(Arch arch, PandecodeReader pandecode, List<String> directiveNames, int threads,
                          int chunkLines, boolean plainScanner) {
    }

    /** The directives whose scanned lines this pass places itself, without a syntax tree. */
    public record ScannedDirectives(ConstantDirectives constants, DescriptorDirectives descriptors,
                                    SectionDirectives sections, Expectations expectations, InstDirective inst,
                                    ArchDirective arch, DataDirectives data) {
    }

    /** The parser's path, which the assembly shares between this pass and the phases after layout. */
    public interface TreePath {
        /** Places a statement kept as its syntax tree: an instruction encoded when it can be, a directive's handler run. */
        void place(Statement s, CsfParser.StatementContext st);
    }

    private final Reading reading;
    private final Includes includes;
    private final Placement placement;
    private final SymbolTable symbols;
    private final UnusedLabels unusedLabels;
    private final InstructionFixups instructionFixups;
    private final Fixups fixups;
    private final ScannedDirectives scanned;
    private final TreePath trees;
    /** Where pass 1's problems go. */
    private final Consumer<Diagnostic> report;
    /** What a directive's arguments mean in a statement: handed to the handlers of the lines the plain scanner read. */
    private final Function<Statement, ArgumentScope> arguments;
    /** Hears of each new statement and its position, the one the assembly works on now. */
    private final Fixups.Position current;
    /** The statements placed so far, in assembly order. */
    private final StatementTable stmts;
    /** The position of the statement being placed in {@link #stmts}: orders local labels against their uses. */
    private int stmtIndex;
    /** The file pass 1 reads now (its includer's again when an include ends). */
    private FileLoader loading;

    public InOrderPass(Reading reading, Includes includes, StatementTable statements, Placement placement, SymbolTable symbols,
                       UnusedLabels unusedLabels, InstructionFixups instructionFixups, Fixups fixups,
                       ScannedDirectives scanned, TreePath trees, Consumer<Diagnostic> report,
                       Function<Statement, ArgumentScope> arguments, Fixups.Position current) {
        this.reading = reading;
        this.includes = includes;
        this.stmts = statements;
        this.placement = placement;
        this.symbols = symbols;
        this.unusedLabels = unusedLabels;
        this.instructionFixups = instructionFixups;
        this.fixups = fixups;
        this.scanned = scanned;
        this.trees = trees;
        this.report = report;
        this.arguments = arguments;
        this.current = current;
    }

    /** Pass 1 over {@code main} and what it includes: every statement, in assembly order, in the table it was given. */
    public StatementTable run(SourceFile main) {
        load(main, new ArrayDeque<>());
        return stmts;
    }

    /** {@code .include}: the included file's lines are read here, in place. */
    public void include(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        s.skip(true);
        SourceFile src = includes.resolve(loading.src, d, loading.chain, args::report);
        if (src != null) {
            load(src, loading.chain);
        }
    }

    /** {@code .syntax}: how the rest of the file being read is read. */
    public void syntax(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        s.skip(true);
        loading.pandecode = SyntaxDirective.pandecode(d, loading.pandecode, args);
    }

    /** {@code .arch}: checked against the architecture chosen before scanning, and where it stands. */
    public void arch(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        s.skip(true);
        scanned.arch().check(d, loading.chain.size() == 1, placement.firstContent(), args);
    }

    /** Parses a file line by line, running pass 1 on each line as it comes; includes splice in place. */
    private void load(SourceFile src, Deque<Path> chain) {
        chain.push(src.path());
        int lineCount = src.lineStarts().length;
        int chunkLines = Math.max(1, reading.chunkLines());
        int chunks = (int) ((lineCount + (long) chunkLines - 1) / chunkLines);
        // a chunk the pass has read is filled again by a worker: the window of chunks in flight is all there is
        Queue<ScannedLines> free = new ConcurrentLinkedQueue<>();
        OrderedChunks<ScannedLines> scanned = new OrderedChunks<>(chunks, 1, reading.threads(), (from, to) -> {
            Object[] out = new Object[to - from];
            for (int c = from; c < to; c++) {
                ScannedLines lines = free.poll();
                lines = lines != null ? lines : new ScannedLines();
                int first = c * chunkLines + 1;
                LineScanner.scan(reading.arch(), src, first, Math.min(lineCount, first - 1 + chunkLines) + 1,
                        reading.plainScanner(), reading.directiveNames(), lines);
                out[c - from] = lines;
            }
            return out;
        });
        if (stmts.size() == 0) {
            // about one statement a line: no copying million-row columns as they grow (made while the workers scan)
            stmts.ensureCapacity(lineCount);
        }
        FileLoader includer = loading;
        loading = new FileLoader(src, chain);
        for (int c = 0; c < chunks; c++) {
            ScannedLines lines = scanned.next();
            loading.chunk(lines);
            free.add(lines);
        }
        loading = includer;
        chain.pop();
    }

    /** Pass 1 of one file's scanned lines, in order; {@code .syntax} changes how the rest of the file is read. */
    private final class FileLoader implements ScannedStatement.Handler {
        private final SourceFile src;
        private final Deque<Path> chain;
        /** {@code .syntax pandecode} holds to the end of this file (not into its includes). */
        private boolean pandecode;
        private int n;

        FileLoader(SourceFile src, Deque<Path> chain) {
            this.src = src;
            this.chain = chain;
        }

        /** Pass 1 of a chunk the workers scanned, statement by statement (a pandecode reading reads each again). */
        void chunk(ScannedLines lines) {
            for (int i = 0; i < lines.count(); i++) {
                ScannedStatement next = lines.statement(i);
                if (next == null) {
                    continue;
                }
                n = lines.firstLine() + i;
                (pandecode ? reading.pandecode().read(src, n, next) : next).handTo(this);
            }
        }

        @Override
        public void instruction(LineScanner.EncodedLine line, List<Diagnostic> findings) {
            pass1Encoded(nextStatement(src, n), line, findings);
        }

        @Override
        public void symbolic(LineScanner.SymbolicInstruction instruction) {
            pass1Symbolic(nextStatement(src, n), instruction);
        }

        @Override
        public void constant(LineScanner.ConstantLine line) {
            Statement s = nextStatement(src, n);
            begin(s, line);
            placing(s, () -> scanned.constants().define(s, line.assignment()));
            if (!s.skip() && !s.done()) {
                fixups.record(s, line.assignment());
            }
        }

        @Override
        public void labelsOnly(LineScanner.EncodedLine line) {
            Statement s = nextStatement(src, n);
            defineLabels(s, line);
            s.skip(true); // as a parsed line with labels and no statement
        }

        @Override
        public void rawWord(LineScanner.RawWord word) {
            pass1RawWord(nextStatement(src, n), word);
        }

        @Override
        public void data(LineScanner.DataLine data) {
            pass1Data(nextStatement(src, n), data);
        }

        @Override
        public void align(LineScanner.AlignLine line) {
            Statement s = nextStatement(src, n);
            begin(s, line);
            placing(s, () -> scanned.data().alignTo(s, placement.section(s), line.boundary(),
                    new SourceRange(s.src().path(), s.lineNo(), line.valueColumn(), s.lineNo(), line.valueEndColumn())));
        }

        @Override
        public void descriptor(LineScanner.Descriptor descriptor) {
            pass1Descriptor(nextStatement(src, n), descriptor);
        }

        @Override
        public void section(LineScanner.SectionLine line) {
            Statement s = nextStatement(src, n);
            begin(s, line);
            placing(s, () -> scanned.sections().open(s, line.arguments(), arguments.apply(s)));
        }

        @Override
        public void expectation(LineScanner.ExpectLine line) {
            Statement s = nextStatement(src, n);
            begin(s, line);
            scanned.expectations().place(s);
            fixups.record(s, line.expectation());
        }

        @Override
        public void rejected(ScannedStatement.Rejected rejected) {
            Statement s = nextStatement(src, n);
            begin(s, rejected);
            s.skip(true);
            report.accept(rejected.error());
        }

        @Override
        public void syntaxError(ScannedStatement.SyntaxError error) {
            reportAll(error.diagnostics());
            if (error.labelNames().length == 0 && !error.statement()) {
                return;
            }
            Statement s = nextStatement(src, n);
            defineLabels(s, error);
            s.skip(true); // the syntax error is reported: analysing the damaged statement only adds noise
        }

        @Override
        public void parsed(ScannedStatement.Parsed parsed) {
            CsfParser.LineContext line = parsed.tree();
            reportAll(reading.pandecode().hint(src, n, List.of()));
            if (line.label().isEmpty() && line.statement() == null) {
                return;
            }
            Statement s = nextStatement(src, n);
            for (CsfParser.LabelContext l : line.label()) {
                defineLabel(s, l.name.getText(), Parsing.range(s.src().path(), l.name));
            }
            if (line.statement() == null) {
                s.skip(true); // labels only
                return;
            }
            s.parsedRange(Parsing.range(s.src().path(), line.statement()));
            pass1(s, line.statement());
            if (!s.skip() && !s.done()) {
                fixups.record(s, new Fixup.Parsed(line.statement()));
            }
        }
    }

    /**
     * Pass 1 of an instruction whose operands a worker read but that name something: placed, then finished now when
     * every name has its value (reported when a value is wrong), else its fixup recorded for after layout.
     */
    private void pass1Symbolic(Statement s, LineScanner.SymbolicInstruction in) {
        defineLabels(s, in);
        s.columns(in.column(), in.endColumn());
        if (!placedInstruction(s)) {
            return;
        }
        InstructionFixup later = instructionFixups.finish(s, in.fixup());
        if (later == null) {
            s.done(true);
        } else {
            fixups.record(s, later);
        }
    }

    /** The statement placed as an instruction of the section in force; false (reported, skipped) where it refuses. */
    private boolean placedInstruction(Statement s) {
        try {
            placement.placeInstruction(s, null);
            return true;
        } catch (DiagnosticException ex) {
            s.skip(true);
            report.accept(ex.diagnostic());
            return false;
        }
    }

    /** A new statement for line {@code n} of {@code src}, the one the in-order pass works on now. */
    private Statement nextStatement(SourceFile src, int n) {
        stmtIndex = stmts.add(src, n);
        current.at(stmtIndex, src.path());
        return stmts.get(stmtIndex);
    }

    /** Pass 1 of an instruction a worker has encoded (or found errors in): the same steps as {@link #pass1}. */
    private void pass1Encoded(Statement s, LineScanner.EncodedLine e, List<Diagnostic> found) {
        begin(s, e);
        if (!placedInstruction(s)) {
            return;
        }
        reportAll(found);
        s.done(true);
        if (e.emitted()) {
            s.emitted(true);
            s.def(e.def());
            s.word(e.word());
            s.unconditional(e.unconditional());
            ControlFlow.markTarget(s, e.target());
            s.writeWord();
        }
    }

    /** The labels a worker read on the statement's line, defined; then the statement's columns. */
    private void begin(Statement s, ScannedStatement.Positioned line) {
        defineLabels(s, line);
        s.columns(line.column(), line.endColumn());
    }

    /** Labels a worker read on the statement's line: names and their start and end columns, two a label. */
    private void defineLabels(Statement s, ScannedStatement.Labelled line) {
        String[] names = line.labelNames();
        int[] columns = line.labelColumns();
        if (names.length == 0) {
            return;
        }
        SectionBuilder sec = sectionForLabels(s);
        if (sec == null) {
            return;
        }
        for (int i = 0; i < names.length; i++) {
            defineLabel(sec, s, names[i], columns[2 * i], columns[2 * i + 1]);
        }
    }

    /** A label at the cursor of {@code sec}, before statement {@code s}, written at the columns given. */
    private void defineLabel(SectionBuilder sec, Statement s, String name, int column, int endColumn) {
        sec.addJumpTarget(sec.cursor);
        if (symbols.defineLabel(name, sec, sec.cursor, s.src().path(), s.lineNo(), column, endColumn, stmtIndex) >= 0) {
            unusedLabels.defined(sec);
        }
    }

    /** Pass 1 of a {@code .inst} line a worker has read: what {@code .inst}'s handler does with it. */
    private void pass1RawWord(Statement s, LineScanner.RawWord w) {
        begin(s, w);
        try {
            scanned.inst().placeSlot(s, placement.section(s), null);
            s.done(true);
            s.emitted(true);
            s.word(w.word());
            s.writeWord();
        } catch (DiagnosticException e) {
            s.skip(true);
            report.accept(e.diagnostic());
        }
    }

    /** Pass 1 of a data line of literals a worker has read: what the data directives' handler does with it. */
    private void pass1Data(Statement s, LineScanner.DataLine data) {
        begin(s, data);
        placeData(s, data.width(), data.bytes(), 0, data.bytes().length);
    }

    /**
     * A data line of literals of {@code width}-byte values, {@code bytes[from, from + length)} as the section holds
     * them, placed as statement {@code s} in the section in force; reported and skipped where a stream refuses it.
     */
    private void placeData(Statement s, int width, byte[] bytes, int from, int length) {
        try {
            SectionBuilder sec = placement.section(s);
            if (sec.kind == SectionKind.STREAM) {
                throw DataDirectives.misplaced(s.range(), LineScanner.DataLine.directive(width), sec);
            }
            int at = (int) sec.cursor;
            placement.place(s, sec, length);
            // the values are in range: the scanner checked them
            sec.write(at, bytes, from, length);
            s.emitted(true);
            s.done(true);
        } catch (DiagnosticException e) {
            s.skip(true);
            report.accept(e.diagnostic());
        }
    }

    /**
     * Pass 1 of a {@code .fbd}/{@code .rt} line a worker has read: what {@link #pass1} does with the parsed line,
     * with no tree kept; its fixup writes the fields.
     */
    private void pass1Descriptor(Statement s, LineScanner.Descriptor d) {
        begin(s, d);
        placing(s, () -> scanned.descriptors().place(s, d.arguments(), arguments.apply(s)));
        if (!s.skip()) {
            fixups.record(s, d.arguments());
        }
    }

    /** Pass 1 of a statement kept as its syntax tree: the parser's path places it. */
    private void pass1(Statement s, CsfParser.StatementContext st) {
        placing(s, () -> trees.place(s, st));
    }

    /** A pass-1 step of {@code s}: an error in it is reported and leaves the statement skipped. */
    private void placing(Statement s, Runnable step) {
        try {
            step.run();
        } catch (DiagnosticException e) {
            s.skip(true);
            report.accept(e.diagnostic());
        } catch (UnresolvedException e) {
            s.skip(true);
            report.accept(Diagnostic.error(e.range(), DiagnosticCode.NOT_CONSTANT, "the value of '" + e.getMessage()
                    + "' is not known here: sizes, alignments and addresses must be constants defined above"));
        }
    }

    /** A label the parser read on the statement's line, at the columns of its name's range {@code r}. */
    private void defineLabel(Statement s, String name, SourceRange r) {
        SectionBuilder sec = sectionForLabels(s);
        if (sec != null) {
            defineLabel(sec, s, name, r.column(), r.endColumn());
        }
    }

    /** The section the labels of statement {@code s} are defined in, or null (reported) when there is none. */
    private SectionBuilder sectionForLabels(Statement s) {
        try {
            return placement.section(s);
        } catch (DiagnosticException e) {
            report.accept(e.diagnostic());
            return null;
        }
    }

    private void reportAll(List<Diagnostic> found) {
        for (int i = 0; i < found.size(); i++) { // indexed: most lists are empty, and an iterator is an object each
            report.accept(found.get(i));
        }
    }
}
