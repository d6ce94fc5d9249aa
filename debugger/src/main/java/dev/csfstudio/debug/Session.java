package dev.csfstudio.debug;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.json.CoreJson;
import dev.csfstudio.runtime.PostMortem;
import dev.csfstudio.runtime.Result;

import dev.csfstudio.runtime.RunReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What one {@code launch} made: the assembled program, the machine it runs on and its source map; for a
 * post-mortem session the machine stands where the dumped run ended.
 *
 * @param postMortem  the core dump this session opened, if it is one
 * @param localLabels the program's local numeric labels ({@link Program} keeps only global symbols), for
 *                    expressions such as {@code 1b}
 */
record Session(LaunchArguments arguments, Program program, Machine machine, SourceMap sources,
               Optional<PostMortem> postMortem, List<Symbol> localLabels) {

    /** Assembles and loads what {@code args} names; refused with the assembler's errors or the loader's reason. */
    static Result<Session> open(LaunchArguments args) {
        if (args.coreDump().isPresent()) {
            return openCore(args, args.coreDump().get());
        }
        return assemble(args, args.program().orElseThrow()).flatMap(result -> args.entry()
                .map(entry -> withEntry(result.program(), entry)).orElse(Result.ok(result.program()))
                .flatMap(program -> load(args, program, localLabels(result))));
    }

    private static List<Symbol> localLabels(AssemblyResult result) {
        return result.symbols().stream().filter(s -> s.kind() == SymbolKind.LOCAL_LABEL).toList();
    }

    private static Result<Session> load(LaunchArguments args, Program program, List<Symbol> localLabels) {
        Machine.LoadResult loaded = Machine.load(program, args.runOptions());
        if (loaded instanceof Machine.Rejected rejected) {
            return Result.refused("the program cannot be placed on the device: " + rejected.report().fault().message());
        }
        Machine machine = ((Machine.Loaded) loaded).machine();
        if (args.recordHistory()) {
            machine.recordHistory(args.historyBytes());
        }
        return Result.ok(new Session(args, program, machine, new SourceMap(program), Optional.empty(), localLabels));
    }

    /** The largest core dump a session reads: the largest section the assembler makes. */
    static final long MAX_CORE_DUMP_BYTES = 256L << 20;

    private static Result<Session> openCore(LaunchArguments args, Path core) {
        Optional<String> unreadable = unreadable(core, "a core dump (core.json)", MAX_CORE_DUMP_BYTES);
        if (unreadable.isPresent()) {
            return Result.refused(unreadable.get());
        }
        return CoreJson.read(core).flatMap(dump -> {
            Optional<Path> source = args.program().or(dump::source);
            if (source.isEmpty()) {
                return Result.refused(core + " does not name the source that ran; give it as 'program'");
            }
            RunReport.Replay replay = dump.core().replay();
            if (replay != null && (replay.position() < 0 || replay.position() > replay.stepBudget())) {
                return Result.refused(core + ": the dump says its run executed " + replay.position()
                        + " instructions, outside its step budget of " + replay.stepBudget()
                        + "; csf run wrote no such dump");
            }
            return assemble(args, source.get()).flatMap(result -> dump.rebuild(result.program(),
                            args.recordHistory() ? args.historyBytes() : 0)
                    .map(machine -> new Session(args, result.program(), machine, new SourceMap(result.program()),
                            Optional.of(dump), localLabels(result))));
        });
    }

    private static Result<AssemblyResult> assemble(LaunchArguments args, Path file) {
        Optional<String> unreadable = unreadable(file, "a .csf source", Long.MAX_VALUE);
        if (unreadable.isPresent()) {
            return Result.refused(unreadable.get());
        }
        // A golden image the stream compares with is the test runner's business: a missing one stops no debugging.
        AssemblerOptions options = args.arch().map(AssemblerOptions.defaults()::withArch)
                .orElse(AssemblerOptions.defaults()).withGoldensRequired(false);
        AssemblyResult result = new Assembler(options).assemble(file);
        if (result.hasErrors() || result.program() == null) {
            return Result.refused(result.errors().stream().map(Diagnostic::headline)
                    .collect(Collectors.joining("\n")));
        }
        return Result.ok(result);
    }

    /**
     * Why {@code file} cannot be read as {@code what}, if it cannot: it must be a regular file of at most
     * {@code limit} bytes. Asked of its attributes before anything opens it, so that a FIFO, a terminal or a
     * device is never read.
     */
    static Optional<String> unreadable(Path file, String what, long limit) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.of(file + ": no such file");
        } catch (IOException e) {
            return Optional.of(file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (attributes.isDirectory()) {
            return Optional.of(file + " is a directory, not " + what);
        }
        if (!attributes.isRegularFile()) {
            return Optional.of(file + " is not a regular file (a device, FIFO or socket), so it is not " + what);
        }
        if (attributes.size() > limit) {
            return Optional.of(file + " is " + attributes.size() + " bytes, more than the " + limit
                    + " bytes " + what + " may be");
        }
        return Optional.empty();
    }

    /** {@code program} starting with stream {@code entry}: the jobs that ran the old entry run it. */
    private static Result<Program> withEntry(Program program, String entry) {
        Optional<Section> stream = program.section(entry).filter(s -> program.streams().contains(s));
        if (stream.isEmpty()) {
            return Result.refused("'entry' is '" + entry + "': the program has no stream of that name (its streams: "
                    + program.streams().stream().map(Section::name).collect(Collectors.joining(", ")) + ")");
        }
        List<Program.Job> jobs = program.jobs().stream()
                .map(j -> j.stream().equals(program.entry()) ? new Program.Job(j.queue(), entry, j.declaration()) : j)
                .toList();
        return Result.ok(new Program(program.sections(), entry, program.vms(), program.queues(), jobs,
                program.symbols(), program.files(), program.arch()));
    }
}
