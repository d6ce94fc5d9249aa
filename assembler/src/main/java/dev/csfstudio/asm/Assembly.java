package dev.csfstudio.asm;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.directives.ArchDirective;
import dev.csfstudio.asm.directives.ArgumentScope;
import dev.csfstudio.asm.directives.DataDirectives;
import dev.csfstudio.asm.directives.DescriptorDirectives;
import dev.csfstudio.asm.directives.DirectiveHandler;
import dev.csfstudio.asm.directives.ConstantDirectives;
import dev.csfstudio.asm.directives.DirectiveHandlers;
import dev.csfstudio.asm.directives.InstDirective;
import dev.csfstudio.asm.directives.SectionDirectives;
import dev.csfstudio.asm.directives.SyntaxDirective;
import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.asm.directives.ExpectationReader;
import dev.csfstudio.asm.directives.Jobs;
import dev.csfstudio.asm.emit.ConstantAssignment;
import dev.csfstudio.asm.emit.DescriptorArguments;
import dev.csfstudio.asm.emit.FixupApplication;
import dev.csfstudio.asm.emit.LabelBranches;
import dev.csfstudio.asm.emit.SymbolicOperands;
import dev.csfstudio.asm.emit.ControlFlow;
import dev.csfstudio.asm.emit.Fixup;
import dev.csfstudio.asm.emit.Fixups;
import dev.csfstudio.asm.emit.InstructionEncoder;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.AssembledLines;
import dev.csfstudio.asm.layout.Layout;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.lint.StatementLint;
import dev.csfstudio.asm.lint.UnusedLabels;
import dev.csfstudio.asm.scan.DeclaredArch;
import dev.csfstudio.asm.scan.LineParser;
import dev.csfstudio.asm.scan.LineScanner;
import dev.csfstudio.asm.scan.UnknownDirective;
import dev.csfstudio.asm.scan.PandecodeReader;
import dev.csfstudio.asm.scan.PlainInstructionScanner;
import dev.csfstudio.asm.scan.ScannedStatement;
import dev.csfstudio.asm.source.FileOrder;
import dev.csfstudio.asm.source.Includes;
import dev.csfstudio.asm.source.OrderedChunks;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.asm.source.SourceText;
import dev.csfstudio.asm.symbols.LabelDef;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.References;
import dev.csfstudio.asm.symbols.SymbolIndex;
import dev.csfstudio.asm.symbols.SymbolTable;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.LazyList;
import dev.csfstudio.program.LazyMap;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.InstructionSet;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One run of the assembler over a main file and its includes, phase after phase.
 * <ol>
 * <li>Pass 1: worker threads scan chunks of lines ahead ({@link LineScanner}); this thread takes their
 * {@link ScannedStatement}s in line order (so the outcome does not depend on the threads), places every
 * statement in its section, defines labels and constants, splices includes in, writes what is known and
 * records a {@link Fixup} for what needs addresses.</li>
 * <li>Freeze and layout: the symbol table takes no more definitions; every section gets a GPU virtual
 * address per VM.</li>
 * <li>Fixups: applied once each, in statement order (forward references now resolve).</li>
 * <li>Lint and finish: reachability, unused labels, queues and jobs, the result.</li>
 * </ol>
 */
final class Assembly implements ArgumentScope {

    static final List<String> DIRECTIVES = Directives.names();

    /** The architecture every line is encoded for: the main file's {@code .arch}, else the options'. */
    private Arch arch;
    private InstructionSet isa;
    private ArchDirective archDirective;
    private PandecodeReader pandecodeReader;
    private final AssemblerOptions options;
    private final Includes includes;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final ArrayList<Statement> stmts = new ArrayList<>();
    private final Fixups fixups = new Fixups();
    private final Placement placement = new Placement(
            () -> this.stmt == null ? null : SourceRange.at(this.stmt.src.path(), this.stmt.lineNo, 1, 1),
            (name, range) -> this.symbols.declareImplicitSection(name, range));
    private final DataDirectives dataDirectives = new DataDirectives(placement, this);
    private final InstDirective inst = new InstDirective(placement, this);
    private SectionDirectives sectionDirectives;
    private ConstantDirectives constants;
    private final DirectiveHandlers directives = directiveHandlers();
    /** The file pass 1 reads now (its includer's again when an include ends). */
    private FileLoader loading;

    private SymbolTable symbols;
    private SymbolicOperands symbolicOperands;
    private NameScope names;
    private final UnusedLabels unusedLabels = new UnusedLabels();
    private final References references = new References();
    private SymbolIndex tables;

    private final Jobs jobs = new Jobs();

    private DescriptorDirectives descriptors;
    /** The VM in force at each {@code .expect} (pass 1), and what they expect in source order (pass 2). */
    private final Map<Statement, String> expectationVms = new IdentityHashMap<>();
    private final List<Expectation> expectations = new ArrayList<>();
    private ExpectationReader.Names expectationNames;
    /** Threads that parse ahead of the in-order passes; 0 = one per core, 1 = all on this thread. */
    private final int threads;
    /** Lines per chunk of that work. */
    private final int chunkLines;
    private Statement stmt;
    /** The position of {@link #stmt} in {@link #stmts}: orders local labels against their uses. */
    private int stmtIndex;
    private LineParser fallbackParser;
    /** Whether simple instruction lines skip the parser ({@link PlainInstructionScanner}); false for tests. */
    boolean plainScanner = true;

    Assembly(AssemblerOptions options, SourceReader reader) {
        this(options, reader, 0, OrderedChunks.CHUNK);
    }

    Assembly(AssemblerOptions options, SourceReader reader, int threads, int chunkLines) {
        this.options = options;
        this.threads = threads;
        this.chunkLines = chunkLines;
        this.includes = new Includes(reader, options.includeRoots(), options.maxIncludeDepth(), options.maxIncludes(),
                options.maxSourceBytes(), threads);
    }

    AssemblyResult run(Path file, SourceText text) {
        Path main = file == null ? null : file.toAbsolutePath().normalize();
        java.util.Optional<Arch> declared = DeclaredArch.in(text.bytes());
        arch = declared.orElse(options.arch());
        archDirective = new ArchDirective(arch, declared.isPresent() ? "its .arch" : "the default");
        isa = arch.instructionSet();
        pandecodeReader = new PandecodeReader(arch);
        descriptors = new DescriptorDirectives(arch.descriptors(), this, dataDirectives, placement);
        // sized for a label every few lines (the main thread defines them, in order)
        symbols = new SymbolTable(Math.max(16, text.bytes().length / 128), this::report);
        names = new NameScope(symbols, placement.sections(), references, unusedLabels::used, (section, offset) -> {
            DescriptorDirectives.FbdInfo info = descriptors.fbdAt(section, offset);
            return info == null ? null
                    : DescriptorSet.framebufferPointer(section.address + offset, info.renderTargets(), info.zsCrc());
        });
        symbolicOperands = new SymbolicOperands(symbols, placement.sections(), references, unusedLabels::used);
        sectionDirectives = new SectionDirectives(placement, symbols, this);
        constants = new ConstantDirectives(symbols, names, this);
        load(includes.main(main, text), new ArrayDeque<>());
        placement.ensureStream(SourceRange.at(main, 1, 1, 1));
        symbols.freeze();
        diagnostics.addAll(Layout.place(placement.sections().values(), placement.vms(), options.base()));
        applyFixups();
        List<Statement> emitted = StatementLint.run(stmts, this::report);
        placement.giveLines(emitted);
        tables = new SymbolIndex(List.copyOf(placement.sections().values()), symbols.labelsInOrder(), List.copyOf(symbols.constants()),
                references);
        Program program = finish();
        return result(program, emitted);
    }

    /** After layout: every fixup once, in statement order, with constants evaluated again in that order. */
    private void applyFixups() {
        symbols.constants().forEach(c -> c.current = null);
        fixups.apply(this::current, new FixupApplication(
                new LabelBranches(symbols, references, unusedLabels::used), symbolicOperands, new FixupApplication.Finisher() {
                    @Override
                    public void parsed(Statement s, CsfParser.StatementContext tree) {
                        applyParsed(s, tree);
                    }

                    @Override
                    public void reparsed(Statement s) {
                        applyParsed(s, parsedStatement(s));
                    }

                    @Override
                    public void constant(Statement s, ConstantAssignment assignment) {
                        finishing(() -> constants.evaluate(s, assignment));
                    }

                    @Override
                    public void descriptor(Statement s, DescriptorArguments arguments) {
                        finishing(() -> descriptors.write(s, arguments));
                    }
                }));
        current(null, Integer.MAX_VALUE);
    }

    // ---------------------------------------------------------------- load + pass 1

    /** Parses a file line by line, running pass 1 on each line as it comes; includes splice in place. */
    private void load(SourceFile src, Deque<Path> chain) {
        chain.push(src.path());
        int lineCount = src.lineStarts().length;
        if (stmts.isEmpty()) {
            stmts.ensureCapacity(lineCount); // about one statement a line: no copying a million-entry list as it grows
        }
        OrderedChunks<ScannedStatement> scanned = new OrderedChunks<>(lineCount, chunkLines, threads,
                (from, to) -> LineScanner.scan(arch, src, from + 1, to + 1, plainScanner, DIRECTIVES));
        FileLoader includer = loading;
        loading = new FileLoader(src, chain);
        for (int n = 1; n <= lineCount; n++) {
            ScannedStatement next = scanned.next();
            if (next != null) {
                loading.line(n, next);
            }
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

        void line(int lineNo, ScannedStatement next) {
            n = lineNo;
            (pandecode ? pandecodeReader.read(src, n, next) : next).handTo(this);
        }

        @Override
        public void instruction(LineScanner.EncodedLine line, List<Diagnostic> findings) {
            pass1Encoded(nextStatement(src, n), line, findings);
        }

        @Override
        public void labelBranch(LineScanner.LabelBranch branch) {
            pass1LabelBranch(nextStatement(src, n), branch);
        }

        @Override
        public void symbolic(LineScanner.SymbolicInstruction instruction) {
            pass1Symbolic(nextStatement(src, n), instruction);
        }

        @Override
        public void constant(LineScanner.ConstantLine line) {
            Statement s = nextStatement(src, n);
            defineLabels(s, line.labelNames(), line.labelColumns());
            s.columns(line.column(), line.endColumn());
            int index = stmtIndex;
            placing(s, () -> constants.define(s, line.assignment()));
            if (!s.skip() && !s.done()) {
                fixups.record(s, index, line.assignment());
            }
        }

        @Override
        public void labelsOnly(LineScanner.EncodedLine line) {
            Statement s = nextStatement(src, n);
            defineLabels(s, line.labelNames(), line.labelColumns());
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
        public void descriptor(LineScanner.Descriptor descriptor) {
            pass1Descriptor(nextStatement(src, n), descriptor);
        }

        @Override
        public void rejected(ScannedStatement.Rejected rejected) {
            Statement s = nextStatement(src, n);
            defineLabels(s, rejected.labelNames(), rejected.labelColumns());
            s.columns(rejected.column(), rejected.endColumn());
            s.skip(true);
            report(rejected.error());
        }

        @Override
        public void syntaxError(ScannedStatement.SyntaxError error) {
            diagnostics.addAll(error.diagnostics());
            if (error.labelNames().length == 0 && !error.statement()) {
                return;
            }
            Statement s = nextStatement(src, n);
            defineLabels(s, error.labelNames(), error.labelColumns());
            s.skip(true); // the syntax error is reported: analysing the damaged statement only adds noise
        }

        @Override
        public void parsed(ScannedStatement.Parsed parsed) {
            CsfParser.LineContext line = parsed.tree();
            diagnostics.addAll(pandecodeReader.hint(src, n, List.of()));
            if (line.label().isEmpty() && line.statement() == null) {
                return;
            }
            Statement s = nextStatement(src, n);
            for (CsfParser.LabelContext l : line.label()) {
                defineLabel(s, l.name.getText(), Parsing.range(s.src.path(), l.name));
            }
            if (line.statement() == null) {
                s.skip(true); // labels only
                return;
            }
            s.parsedRange = range(line.statement());
            int index = stmtIndex; // an .include adds statements
            pass1(s, line.statement());
            if (!s.skip() && !s.done()) {
                fixups.record(s, index, new Fixup.Parsed(line.statement()));
            }
        }
    }

    /**
     * Pass 1 of an instruction whose symbolic operands a worker read as expressions of names and literals:
     * what {@link #pass1} and its fixup do with the parsed line, without the parse. Encoded now when every name
     * is a constant with a value; a fixup when one names a label, a section or something not defined yet;
     * anything else (a constant still to evaluate, a value the encoder reports) takes the parser's path.
     */
    private void pass1Symbolic(Statement s, LineScanner.SymbolicInstruction in) {
        defineLabels(s, in.labelNames(), in.labelColumns());
        symbolicOperands.resolve(s, in.line()).handTo(new SymbolicOperands.Handler() {
            @Override
            public void resolved(SymbolicOperands.Resolved resolved) {
                if (placedSymbolic(s, in)) {
                    s.done(true);
                    symbolicOperands.encode(s, in.line(), resolved);
                }
            }

            @Override
            public void afterLayout() {
                if (placedSymbolic(s, in)) {
                    fixups.record(s, stmtIndex, in.line());
                }
            }

            @Override
            public void parserPath() {
                CsfParser.StatementContext st = parsedStatement(s);
                s.parsedRange = range(st);
                pass1(s, st);
                if (!s.skip() && !s.done()) {
                    fixups.record(s, stmtIndex, new Fixup.Parsed(st));
                }
            }
        });
    }

    /** A symbolic instruction placed at its columns; false (reported, skipped) where its section refuses it. */
    private boolean placedSymbolic(Statement s, LineScanner.SymbolicInstruction in) {
        s.columns(in.column(), in.endColumn());
        try {
            placement.placeInstruction(s, null);
            return true;
        } catch (DiagnosticException ex) {
            s.skip(true);
            report(ex.diagnostic());
            return false;
        }
    }

    /** The statement's line parsed here: the fast paths' way to the parser's for what they do not handle. */
    private CsfParser.StatementContext parsedStatement(Statement s) {
        if (fallbackParser == null) {
            fallbackParser = new LineParser();
        }
        return fallbackParser.parse(s.src.path(), s.text(), s.lineNo).line().statement();
    }

    /** A new statement for line {@code n} of {@code src}, the one the in-order pass works on now. */
    private Statement nextStatement(SourceFile src, int n) {
        Statement s = new Statement(src, n);
        stmts.add(s);
        current(s, stmts.size() - 1);
        return s;
    }

    private void include(SourceFile from, CsfParser.DirectiveContext d, Deque<Path> chain) {
        SourceFile src = includes.resolve(from, d, chain, this::report);
        if (src != null) {
            load(src, chain);
        }
    }

    // ---------------------------------------------------------------- pass 1

    /** Pass 1 of an instruction a worker has encoded (or found errors in): the same steps as {@link #pass1}. */
    private void pass1Encoded(Statement s, LineScanner.EncodedLine e, List<Diagnostic> found) {
        defineLabels(s, e.labelNames(), e.labelColumns());
        s.columns(e.column(), e.endColumn());
        try {
            placement.placeInstruction(s, null);
            diagnostics.addAll(found);
            s.done(true);
            if (e.emitted()) {
                s.emitted(true);
                s.def = e.def();
                s.word = e.word();
                s.unconditional(e.unconditional());
                ControlFlow.markTarget(s, e.target());
                s.writeWord();
            }
        } catch (DiagnosticException ex) {
            s.skip(true);
            report(ex.diagnostic());
        }
    }

    /** Labels a worker read on the statement's line: names and their start and end columns, two a label. */
    private void defineLabels(Statement s, String[] names, int[] columns) {
        for (int i = 0; i < names.length; i++) {
            defineLabel(s, names[i], new SourceRange(s.src.path(), s.lineNo, columns[2 * i], s.lineNo, columns[2 * i + 1]));
        }
    }

    /** Pass 1 of a branch to a label: placed now, its target filled in by its fixup after layout. */
    private void pass1LabelBranch(Statement s, LineScanner.LabelBranch b) {
        defineLabels(s, b.labelNames(), b.labelColumns());
        s.columns(b.column(), b.endColumn());
        try {
            placement.placeInstruction(s, null);
            fixups.record(s, stmtIndex, b.branch());
        } catch (DiagnosticException ex) {
            s.skip(true);
            report(ex.diagnostic());
        }
    }

    /** Pass 1 of a {@code .inst} line a worker has read: what {@code .inst}'s handler does with it. */
    private void pass1RawWord(Statement s, LineScanner.RawWord w) {
        defineLabels(s, w.labelNames(), w.labelColumns());
        s.columns(w.column(), w.endColumn());
        try {
            inst.placeSlot(s, placement.section(), null);
            s.done(true);
            s.emitted(true);
            s.word = w.word();
            s.writeWord();
        } catch (DiagnosticException e) {
            s.skip(true);
            report(e.diagnostic());
        }
    }

    /** Pass 1 of a data line of literals a worker has read: what {@link #placeDirective} does with it. */
    private void pass1Data(Statement s, LineScanner.DataLine data) {
        defineLabels(s, data.labelNames(), data.labelColumns());
        s.columns(data.column(), data.endColumn());
        try {
            SectionBuilder sec = placement.section();
            if (sec.kind == SectionKind.STREAM) {
                throw DataDirectives.misplaced(s.range(), data.directive(), sec);
            }
            placement.place(s, sec, data.bytes().length);
            writeData(s, data);
            s.done(true);
        } catch (DiagnosticException e) {
            s.skip(true);
            report(e.diagnostic());
        }
    }

    /** The values of a data line of literals, in range since the scanner checked them. */
    private void writeData(Statement s, LineScanner.DataLine data) {
        s.section.write(s.offset, data.bytes());
        s.emitted(true);
    }

    /**
     * Pass 1 of a {@code .fbd}/{@code .rt} line a worker has read: what {@link #pass1} does with the parsed line,
     * with no tree kept; its fixup writes the fields.
     */
    private void pass1Descriptor(Statement s, LineScanner.Descriptor d) {
        defineLabels(s, d.labelNames(), d.labelColumns());
        s.columns(d.column(), d.endColumn());
        placing(s, () -> descriptors.place(s, d.arguments()));
        if (!s.skip()) {
            fixups.record(s, stmtIndex, d.arguments());
        }
    }

    private void pass1(Statement s, CsfParser.StatementContext st) {
        placing(s, () -> {
            if (st.instruction() != null) {
                placement.placeInstruction(s, range(st));
                encodeEarly(s, st.instruction());
            } else {
                placeDirective(s, st.directive());
            }
        });
    }

    /** A pass-1 step of {@code s}: an error in it is reported and leaves the statement skipped. */
    private void placing(Statement s, Runnable step) {
        try {
            step.run();
        } catch (DiagnosticException e) {
            s.skip(true);
            report(e.diagnostic());
        } catch (UnresolvedException e) {
            s.skip(true);
            report(Diagnostic.error(e.range(), DiagnosticCode.NOT_CONSTANT, "the value of '" + e.getMessage()
                    + "' is not known here: sizes, alignments and addresses must be constants defined above"));
        }
    }

    /** Most instructions name no label: encode them now; the others become fixups. */
    private void encodeEarly(Statement s, CsfParser.InstructionContext ctx) {
        List<Diagnostic> found = new ArrayList<>();
        try {
            InstructionEncoder.Encoded enc = new InstructionEncoder(arch, s.src.path(), found).encode(ctx, operands(s));
            diagnostics.addAll(pandecodeReader.hint(s.src, s.lineNo, found));
            s.done(true);
            encoded(s, enc);
        } catch (UnresolvedException e) {
            // names a label: its fixup encodes it once addresses are known
        }
    }

    private void encoded(Statement s, InstructionEncoder.Encoded enc) {
        if (enc != null) {
            s.emitted(true);
            s.def = enc.def();
            s.word = enc.word();
            s.writeWord();
            s.unconditional(enc.def() != null && ControlFlow.isUnconditional(enc));
            if (enc.def() != null) {
                ControlFlow.markTarget(s, ControlFlow.targetField(enc.def()));
            }
        }
    }

    private InstructionEncoder.Operands operands(Statement s) {
        ExpressionEvaluator ev = evaluator(s.src);
        return new InstructionEncoder.Operands() {
            @Override
            public long evaluate(CsfParser.ExprContext e) {
                return ev.eval(e);
            }

            @Override
            public OptionalLong branchOffset(CsfParser.ExprContext e) {
                return names.branchDistance(s, e);
            }
        };
    }

    private void defineLabel(Statement s, String name, SourceRange r) {
        SectionBuilder sec;
        try {
            sec = placement.section();
        } catch (DiagnosticException e) {
            report(e.diagnostic());
            return;
        }
        sec.addJumpTarget(sec.cursor);
        LabelDef def = symbols.defineLabel(name, sec, sec.cursor, r, stmtIndex);
        if (def != null) {
            unusedLabels.defined(def);
        }
    }

    /**
     * One handler per directive of {@link Directives}: how pass 1 places it and how it is finished after layout
     * (a statement pass 1 left neither skipped nor done); {@link DirectiveHandlers} refuses a directive
     * without one.
     */
    DirectiveHandlers directiveHandlers() {
        return new DirectiveHandlers(Map.ofEntries(
                Map.entry(".stream", DirectiveHandler.placing((s, d) -> sectionDirectives.open(s, d, SectionKind.STREAM))),
                Map.entry(".buffer", DirectiveHandler.placing((s, d) -> sectionDirectives.open(s, d, SectionKind.BUFFER))),
                Map.entry(".entry", DirectiveHandler.placing((s, d) -> jobs.declareEntry(s, d, this))),
                Map.entry(".include", DirectiveHandler.placing((s, d) -> {
                    s.skip(true);
                    include(loading.src, d, loading.chain);
                })),
                Map.entry(".equ", new DirectiveHandler((s, d) -> constants.define(s, d, false), (s, d) -> constants.evaluate(s, d))),
                Map.entry(".set", new DirectiveHandler((s, d) -> constants.define(s, d, true), (s, d) -> constants.evaluate(s, d))),
                Map.entry(".byte", new DirectiveHandler(dataDirectives::placeValues, dataDirectives::writeValues)),
                Map.entry(".hword", new DirectiveHandler(dataDirectives::placeValues, dataDirectives::writeValues)),
                Map.entry(".word", new DirectiveHandler(dataDirectives::placeValues, dataDirectives::writeValues)),
                Map.entry(".dword", new DirectiveHandler(dataDirectives::placeValues, dataDirectives::writeValues)),
                Map.entry(".zero", DirectiveHandler.placing(dataDirectives::placeZeros)),
                Map.entry(".fill", new DirectiveHandler(dataDirectives::placeFill, dataDirectives::writeFill)),
                Map.entry(".align", DirectiveHandler.placing(dataDirectives::align)),
                Map.entry(".inst", new DirectiveHandler(inst::place, inst::write)),
                Map.entry(".syntax", DirectiveHandler.placing((s, d) -> {
                    s.skip(true);
                    loading.pandecode = SyntaxDirective.pandecode(d, loading.pandecode, this);
                })),
                Map.entry(".arch", DirectiveHandler.placing((s, d) -> {
                    s.skip(true);
                    archDirective.check(d, loading.chain.size() == 1, placement.firstContent(), this);
                })),
                Map.entry(".vm", DirectiveHandler.placing((s, d) -> sectionDirectives.declareVm(s, d))),
                Map.entry(".queue", DirectiveHandler.placing((s, d) -> jobs.declareQueue(s, d, this))),
                Map.entry(".submit", DirectiveHandler.placing((s, d) -> jobs.submit(s, d, this))),
                Map.entry(".expect", new DirectiveHandler((s, d) -> expectationVms.put(s, placement.currentVm()), (s, d) ->
                        expectations.add(new ExpectationReader(evaluator(s.src), expectationNames())
                                .read(d, expectationVms.get(s))))),
                Map.entry(".fbd", new DirectiveHandler((s, d) -> descriptors.place(s, d), (s, d) -> descriptors.write(s, d))),
                Map.entry(".rt", new DirectiveHandler((s, d) -> descriptors.place(s, d), (s, d) -> descriptors.write(s, d)))));
    }

    private void placeDirective(Statement s, CsfParser.DirectiveContext d) {
        String name = Directives.nameOf(d);
        DirectiveHandler handler = directives.handler(name);
        if (handler == null) {
            throw new DiagnosticException(UnknownDirective.error(Parsing.range(s.src.path(), d.name), name, DIRECTIVES));
        }
        handler.place().run(s, d);
    }

    // ---------------------------------------------------------------- after layout (fixups)

    private void applyParsed(Statement s, CsfParser.StatementContext st) {
        finishing(() -> {
            if (st.instruction() != null) {
                List<Diagnostic> found = new ArrayList<>();
                InstructionEncoder encoder = new InstructionEncoder(arch, s.src.path(), found);
                try {
                    encoded(s, encoder.encode(st.instruction(), operands(s)));
                } catch (UnresolvedException e) {
                    found.add(Diagnostic.error(e.range(), DiagnosticCode.UNDEFINED_SYMBOL, "'" + e.getMessage() + "' is not defined"));
                }
                diagnostics.addAll(pandecodeReader.hint(s.src, s.lineNo, found));
            } else {
                finishDirective(s, st.directive());
            }
        });
    }

    /** A step after layout: an error in it is reported (a name still unresolved now is undefined). */
    private void finishing(Runnable step) {
        try {
            step.run();
        } catch (DiagnosticException e) {
            report(e.diagnostic());
        } catch (UnresolvedException e) {
            report(Diagnostic.error(e.range(), DiagnosticCode.UNDEFINED_SYMBOL, "'" + e.getMessage() + "' is not defined"));
        }
    }

    private void finishDirective(Statement s, CsfParser.DirectiveContext d) {
        directives.handler(Directives.nameOf(d)).finish().run(s, d);
    }



    // ---------------------------------------------------------------- finish

    private Program finish() {
        Jobs.Resolved run = jobs.resolve(placement.vms(), placement.sections(), names, this::report);
        if (diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR)) {
            // A line with an error may use labels it never got to record: no unused-label guesses then.
            return null;
        }
        unusedLabels.warnings(symbols.labelsInOrder()).forEach(this::report);
        List<Section> built = placement.sections().values().stream().map(SectionBuilder::build).toList();
        return new Program(built, run.entry(), placement.vms(), run.queues(), run.jobs(), new LazyMap<>(tables::globals), includes.files(), arch,
                expectations);
    }

    private ExpectationReader.Names expectationNames() {
        if (expectationNames == null) {
            expectationNames = ExpectationReader.Names.of(placement.sections().values(), placement.vms(), jobs.queueNames(),
                    isa.registerCount(), options.goldensRequired());
        }
        return expectationNames;
    }



    private AssemblyResult result(Program program, List<Statement> emitted) {
        List<Path> files = includes.files();
        FileOrder fileOrder = new FileOrder(files);
        List<Diagnostic> sorted = fileOrder.sorted(diagnostics);
        return new AssemblyResult(program, sorted, new AssembledLines(emitted), new LazyList<>(tables::symbols),
                new LazyList<>(() -> tables.references(fileOrder)), files, new AssembledSources(includes.loaded()));
    }


    // ---------------------------------------------------------------- helpers

    /** Evaluates expressions of {@code src} against this assembly's symbols. */
    private ExpressionEvaluator evaluator(SourceFile src) {
        return names.evaluator(src.path());
    }

    /** Makes {@code s} (at {@code index} in assembly order; null: none) the statement being assembled. */
    private void current(Statement s, int index) {
        stmt = s;
        stmtIndex = index;
        names.at(s == null ? null : s.src.path(), index);
    }

    @Override
    public void report(Diagnostic d) {
        diagnostics.add(d);
    }

    @Override
    public SourceRange range(org.antlr.v4.runtime.ParserRuleContext ctx) {
        return Parsing.range(stmt == null ? null : stmt.src.path(), ctx);
    }

    @Override
    public ExpressionEvaluator evaluator() {
        return evaluator(stmt.src);
    }

    @Override
    public long constant(CsfParser.ExprContext e) {
        return evaluator(stmt.src).eval(e);
    }
}
