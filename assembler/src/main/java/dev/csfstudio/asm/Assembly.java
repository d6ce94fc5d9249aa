package dev.csfstudio.asm;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.directives.ArchDirective;
import dev.csfstudio.asm.directives.ArgumentScope;
import dev.csfstudio.asm.directives.StatementArguments;
import dev.csfstudio.asm.directives.DataDirectives;
import dev.csfstudio.asm.directives.DescriptorDirectives;
import dev.csfstudio.asm.directives.DirectiveHandler;
import dev.csfstudio.asm.directives.ConstantDirectives;
import dev.csfstudio.asm.directives.DirectiveHandlers;
import dev.csfstudio.asm.directives.InstDirective;
import dev.csfstudio.asm.directives.SectionDirectives;
import dev.csfstudio.asm.directives.Expectations;
import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.asm.directives.ExpectationReader;
import dev.csfstudio.asm.directives.Jobs;
import dev.csfstudio.asm.emit.ConstantAssignment;
import dev.csfstudio.asm.emit.ScannedExpectation;
import dev.csfstudio.asm.emit.DescriptorArguments;
import dev.csfstudio.asm.emit.FixupApplication;
import dev.csfstudio.asm.emit.InstructionFixups;
import dev.csfstudio.asm.emit.ControlFlow;
import dev.csfstudio.asm.emit.Fixups;
import dev.csfstudio.asm.emit.InstructionEncoder;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.AssembledLines;
import dev.csfstudio.asm.layout.Layout;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;
import dev.csfstudio.asm.lint.ScoreboardCheck;
import dev.csfstudio.asm.lint.StatementLint;
import dev.csfstudio.asm.lint.UnusedLabels;
import dev.csfstudio.asm.pass.InOrderPass;
import dev.csfstudio.asm.scan.DeclaredArch;
import dev.csfstudio.asm.scan.UnknownDirective;
import dev.csfstudio.asm.scan.PandecodeReader;
import dev.csfstudio.asm.scan.PlainInstructionScanner;
import dev.csfstudio.asm.scan.TableExpressions;
import dev.csfstudio.asm.source.FileOrder;
import dev.csfstudio.asm.source.Includes;
import dev.csfstudio.asm.source.OrderedChunks;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.asm.source.SourceText;
import dev.csfstudio.asm.symbols.ConstantDef;
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
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.LazyList;
import dev.csfstudio.program.LazyMap;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.InstructionSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.function.Consumer;
import java.util.List;
import java.util.OptionalLong;

/**
 * One run of the assembler over a main file and its includes, phase after phase.
 * <ol>
 * <li>Pass 1 ({@link InOrderPass}): worker threads scan chunks of lines ahead; this thread takes their
 * statements in line order (so the outcome does not depend on the threads), places every statement in its
 * section, defines labels and constants, splices includes in, writes what is known and records a fixup for
 * what needs addresses. A statement kept as its syntax tree takes this class's parser's path.</li>
 * <li>Freeze and layout: the symbol table takes no more definitions; every section gets a GPU virtual
 * address per VM.</li>
 * <li>Fixups: applied once each, in statement order (forward references now resolve).</li>
 * <li>Lint and finish: reachability, unused labels, queues and jobs, the result.</li>
 * </ol>
 */
final class Assembly {

    static final List<String> DIRECTIVES = Directives.names();

    /** The architecture every line is encoded for: the main file's {@code .arch}, else the options'. */
    private Arch arch;
    private InstructionSet isa;
    private PandecodeReader pandecodeReader;
    private final AssemblerOptions options;
    private final Includes includes;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Fixups fixups = new Fixups();
    private final Placement placement = new Placement((name, range) -> this.symbols.declareImplicitSection(name, range));
    private final DataDirectives dataDirectives = new DataDirectives(placement);
    private final InstDirective inst = new InstDirective(placement);
    private SectionDirectives sectionDirectives;
    private ConstantDirectives constants;
    private final DirectiveHandlers directives = new DirectiveHandlers(this::directiveHandler);
    /** Pass 1, made once the architecture is known; {@code .include}, {@code .syntax} and {@code .arch} are its own. */
    private InOrderPass pass;

    private SymbolTable symbols;
    private InstructionFixups instructionFixups;
    private NameScope names;
    private final UnusedLabels unusedLabels = new UnusedLabels();
    /**
     * This assembly's diagnostics as the phases take them: one method reference, however many phases report (each
     * site's link is start-up work).
     */
    private final Consumer<Diagnostic> reporter = this::report;
    /** Makes a statement the one being assembled, for pass 1 and for the fixups. */
    private final Fixups.Position position = this::current;
    private final References references = new References();
    private SymbolIndex tables;

    private final Jobs jobs = new Jobs();

    private DescriptorDirectives descriptors;
    private final Expectations expectations = new Expectations(placement);
    private ExpectationReader.Names expectationNames;
    /** Threads that parse ahead of the in-order passes; 0 = one per core, 1 = all on this thread. */
    private final int threads;
    /** Lines per chunk of that work. */
    private final int chunkLines;
    /** Every statement, filled by pass 1 and read by the phases after it. */
    private final StatementTable statements = new StatementTable();
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
        ArchDirective archDirective = new ArchDirective(arch, declared.isPresent() ? "its .arch" : "the default");
        isa = arch.instructionSet();
        pandecodeReader = new PandecodeReader(arch);
        descriptors = new DescriptorDirectives(arch.descriptors(), dataDirectives, placement, new TableExpressions());
        symbols = new SymbolTable(reporter);
        names = new NameScope(symbols, placement.sections(), references, unusedLabels, (section, offset) -> {
            DescriptorDirectives.FbdInfo info = descriptors.fbdAt(section, offset);
            return info == null ? null
                    : DescriptorSet.framebufferPointer(section.address + offset, info.renderTargets(), info.zsCrc());
        });
        instructionFixups = new InstructionFixups(symbols, placement.sections(), names, arch.instructionSet().registerCount(),
                (s, found) -> diagnostics.addAll(pandecodeReader.hint(s.src(), s.lineNo(), found)));
        sectionDirectives = new SectionDirectives(placement, symbols, names);
        constants = new ConstantDirectives(symbols, names);
        pass = new InOrderPass(new InOrderPass.Reading(arch, pandecodeReader, DIRECTIVES, threads, chunkLines, plainScanner),
                includes, statements, placement, symbols, unusedLabels, instructionFixups, fixups,
                new InOrderPass.ScannedDirectives(constants, descriptors, sectionDirectives, expectations, inst, archDirective,
                        dataDirectives),
                treePath(), reporter, this::argumentsOf, position);
        StatementTable stmts = pass.run(includes.main(main, text));
        placement.ensureStream(SourceRange.at(main, 1, 1, 1));
        symbols.freeze();
        Diagnostic overReserved = Layout.overReserved(placement.sections().values(), options.maxReservedBytes());
        if (overReserved != null) { // no section's array is made: no program
            diagnostics.add(overReserved);
            tables = new SymbolIndex(List.copyOf(placement.sections().values()), symbols.labelsInOrder(),
                    List.copyOf(symbols.constants()), references);
            return result(null, new AssembledLines(stmts, new int[0], 0, 0));
        }
        diagnostics.addAll(Layout.place(placement.sections().values(), placement.vms(), options.base()));
        applyFixups(stmts);
        int[] emitted = StatementLint.run(stmts, reporter);
        placement.giveLines(stmts, emitted);
        tables = new SymbolIndex(List.copyOf(placement.sections().values()), symbols.labelsInOrder(), List.copyOf(symbols.constants()),
                references);
        Program program = finish(stmts);
        return result(program, new AssembledLines(stmts, emitted, 0, emitted.length));
    }

    /** After layout: every fixup once, in statement order, with constants evaluated again in that order. */
    private void applyFixups(StatementTable stmts) {
        for (ConstantDef c : symbols.constants()) {
            c.current = null;
        }
        fixups.apply(stmts, position, new FixupApplication(instructionFixups, new FixupApplication.Finisher() {
                    @Override
                    public void parsed(Statement s, CsfParser.StatementContext tree) {
                        applyParsed(s, tree);
                    }

                    @Override
                    public void constant(Statement s, ConstantAssignment assignment) {
                        finishing(() -> constants.evaluate(s, assignment));
                    }

                    @Override
                    public void descriptor(Statement s, DescriptorArguments arguments) {
                        finishing(() -> descriptors.write(s, arguments, argumentsOf(s)));
                    }

                    @Override
                    public void expectation(Statement s, ScannedExpectation expectation) {
                        finishing(() -> expectations.read(s, expectation, expectationReader(s), names));
                    }
                }));
        current(-1, null);
    }

    // ---------------------------------------------------------------- pass 1: the parser's path

    /** The parser's path as pass 1 takes it. */
    private InOrderPass.TreePath treePath() {
        return this::placeTree;
    }

    /** Pass 1 of a statement kept as its tree ({@link InOrderPass.TreePath#place}); errors go up to the pass. */
    private void placeTree(Statement s, CsfParser.StatementContext st) {
        if (st.instruction() != null) {
            placement.placeInstruction(s, Parsing.range(s.src().path(), st));
            encodeEarly(s, st.instruction());
        } else {
            placeDirective(s, st.directive());
        }
    }

    /** Most instructions name no label: encode them now; the others become fixups. */
    private void encodeEarly(Statement s, CsfParser.InstructionContext ctx) {
        List<Diagnostic> found = new ArrayList<>();
        try {
            InstructionEncoder.Encoded enc = new InstructionEncoder(arch, s.src().path(), found).encode(ctx, operands(s));
            diagnostics.addAll(pandecodeReader.hint(s.src(), s.lineNo(), found));
            s.done(true);
            encoded(s, enc);
        } catch (UnresolvedException e) {
            // names a label: its fixup encodes it once addresses are known
        }
    }

    private void encoded(Statement s, InstructionEncoder.Encoded enc) {
        if (enc != null) {
            s.emitted(true);
            s.def(enc.def());
            s.word(enc.word());
            s.writeWord();
            s.unconditional(enc.def() != null && ControlFlow.isUnconditional(enc));
            if (enc.def() != null) {
                ControlFlow.markTarget(s, ControlFlow.targetField(enc.def()));
            }
        }
    }

    private InstructionEncoder.Operands operands(Statement s) {
        ExpressionEvaluator ev = evaluator(s.src());
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

    /**
     * The handler of one directive of {@link Directives}: how pass 1 places it and how it is finished after layout
     * (a statement pass 1 left neither skipped nor done); null for a name the table lacks. {@link DirectiveHandlers}
     * asks for each the first time a source uses it.
     */
    DirectiveHandler directiveHandler(String name) {
        return switch (name) {
            case ".stream" -> DirectiveHandler.placing((s, d, a) -> sectionDirectives.open(s, d, SectionKind.STREAM, a));
            case ".buffer" -> DirectiveHandler.placing((s, d, a) -> sectionDirectives.open(s, d, SectionKind.BUFFER, a));
            case ".entry" -> DirectiveHandler.placing(jobs::declareEntry);
            case ".include" -> DirectiveHandler.placing((s, d, a) -> pass.include(s, d, a));
            case ".equ" -> new DirectiveHandler((s, d, a) -> constants.define(s, d, false, a),
                    (s, d, a) -> constants.evaluate(s, d, a));
            case ".set" -> new DirectiveHandler((s, d, a) -> constants.define(s, d, true, a),
                    (s, d, a) -> constants.evaluate(s, d, a));
            case ".byte", ".hword", ".word", ".dword" -> new DirectiveHandler(dataDirectives::placeValues, dataDirectives::writeValues);
            case ".zero" -> DirectiveHandler.placing(dataDirectives::placeZeros);
            case ".fill" -> new DirectiveHandler(dataDirectives::placeFill, dataDirectives::writeFill);
            case ".align" -> DirectiveHandler.placing(dataDirectives::align);
            case ".inst" -> new DirectiveHandler(inst::place, inst::write);
            case ".syntax" -> DirectiveHandler.placing((s, d, a) -> pass.syntax(s, d, a));
            case ".arch" -> DirectiveHandler.placing((s, d, a) -> pass.arch(s, d, a));
            case ".vm" -> DirectiveHandler.placing((s, d, a) -> sectionDirectives.declareVm(s, d, a));
            case ".queue" -> DirectiveHandler.placing(jobs::declareQueue);
            case ".submit" -> DirectiveHandler.placing(jobs::submit);
            case ".inject" -> DirectiveHandler.placing(jobs::inject);
            case ".expect" -> new DirectiveHandler((s, d, a) -> expectations.place(s), (s, d, a) ->
                    expectations.read(s, d, expectationReader(s)));
            case ".fbd", ".rt", ".desc" -> new DirectiveHandler((s, d, a) -> descriptors.place(s, d, a),
                    (s, d, a) -> descriptors.write(s, d, a));
            default -> null;
        };
    }

    /** What a directive's arguments mean in statement {@code s}: handed to its handler with the statement. */
    private ArgumentScope argumentsOf(Statement s) {
        return new StatementArguments(s.src().path(), names, reporter);
    }

    private void placeDirective(Statement s, CsfParser.DirectiveContext d) {
        String name = Directives.nameOf(d);
        DirectiveHandler handler = directives.handler(name);
        if (handler == null) {
            throw new DiagnosticException(UnknownDirective.error(Parsing.range(s.src().path(), d.name), name, DIRECTIVES));
        }
        handler.place().run(s, d, argumentsOf(s));
    }

    // ---------------------------------------------------------------- after layout (fixups)

    private void applyParsed(Statement s, CsfParser.StatementContext st) {
        finishing(() -> {
            if (st.instruction() != null) {
                List<Diagnostic> found = new ArrayList<>();
                InstructionEncoder encoder = new InstructionEncoder(arch, s.src().path(), found);
                try {
                    encoded(s, encoder.encode(st.instruction(), operands(s)));
                } catch (UnresolvedException e) {
                    found.add(Diagnostic.error(e.range(), DiagnosticCode.UNDEFINED_SYMBOL, "'" + e.getMessage() + "' is not defined"));
                }
                diagnostics.addAll(pandecodeReader.hint(s.src(), s.lineNo(), found));
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
        directives.handler(Directives.nameOf(d)).finish().run(s, d, argumentsOf(s));
    }



    // ---------------------------------------------------------------- finish

    private Program finish(StatementTable stmts) {
        Jobs.Resolved run = jobs.resolve(placement.vms(), placement.sections(), names, reporter);
        if (!hasErrors() && options.scoreboardSteps() != 0) {
            // Lint's second phase, over the streams as the jobs run them: the words are right only without errors.
            ScoreboardCheck.run(stmts, run.jobs(), arch, options.scoreboardSteps(), reporter);
        }
        if (hasErrors()) {
            // A line with an error may use labels it never got to record: no unused-label guesses then.
            return null;
        }
        diagnostics.addAll(unusedLabels.warnings(symbols.labelsInOrder()));
        List<Section> built = new ArrayList<>(placement.sections().size());
        for (SectionBuilder section : placement.sections().values()) {
            built.add(section.build());
        }
        return new Program(built, run.entry(), placement.vms(), run.queues(), run.jobs(), new LazyMap<>(tables::globals), includes.files(), arch,
                expectations.all());
    }

    private boolean hasErrors() {
        for (Diagnostic d : diagnostics) {
            if (d.severity() == Severity.ERROR) {
                return true;
            }
        }
        return false;
    }

    private ExpectationReader expectationReader(Statement s) {
        return new ExpectationReader(evaluator(s.src()), expectationNames());
    }

    private ExpectationReader.Names expectationNames() {
        if (expectationNames == null) {
            expectationNames = ExpectationReader.Names.of(placement.sections().values(), placement.vms(), jobs.queueNames(),
                    isa.registerCount(), arch.exceptions(), options.goldensRequired());
        }
        return expectationNames;
    }



    private AssemblyResult result(Program program, AssembledLines lines) {
        List<Path> files = includes.files();
        FileOrder fileOrder = new FileOrder(files);
        List<Diagnostic> sorted = fileOrder.sorted(diagnostics);
        return new AssemblyResult(program, sorted, lines, new LazyList<>(tables::symbols),
                new LazyList<>(() -> tables.references(fileOrder)), files, new AssembledSources(includes.loaded()));
    }


    // ---------------------------------------------------------------- helpers

    /** Evaluates expressions of {@code src} against this assembly's symbols. */
    private ExpressionEvaluator evaluator(SourceFile src) {
        return names.evaluator(src.path());
    }

    /** Makes the statement of row {@code row} (-1: none, after all) the one names are resolved for (local labels). */
    private void current(int row, Path file) {
        names.at(file, row < 0 ? Integer.MAX_VALUE : row);
    }

    private void report(Diagnostic d) {
        diagnostics.add(d);
    }
}
