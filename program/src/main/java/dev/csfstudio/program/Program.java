package dev.csfstudio.program;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.csfstudio.isa.Arch;

/**
 * The assembled form of a source file and its includes: every stream and buffer at its GPU virtual
 * address, the symbol table and the source map. CLI, Maven plugin, runtime and language server all
 * consume this; none of them re-parses text or re-derives addresses.
 *
 * @param entry   the stream a run starts with ({@code .entry}, default {@code main})
 * @param vms     GPU virtual address spaces in declaration order ({@code .vm}); the first is {@code main}
 * @param queues  command queues ({@code .queue}); when none is declared, one queue {@code main} on VM main
 * @param jobs    submissions in order ({@code .submit}); when none is given, one job running the entry
 *                stream on the first queue
 * @param symbols every global symbol by name (local numeric labels are not in it)
 * @param files   the main file first, then every included file
 * @param arch    the architecture it was assembled for; the runtime and editors read its tables
 * @param expectations its {@code .expect} lines in source order (includes spliced in): what a run must end with
 */
public record Program(List<Section> sections, String entry, List<String> vms, List<QueueDecl> queues,
                      List<Job> jobs, Map<String, Symbol> symbols, List<Path> files, Arch arch,
                      List<Expectation> expectations) {

    /**
     * A command queue (with its own register file) bound to a VM, in {@code group} (panthor's queue group: its
     * queues share a CSG slot and are terminated together); a queue declared without a group is its own group,
     * named after it.
     */
    public record QueueDecl(String name, String vm, SourceRange declaration, String group, List<Injection> injections) {

        public QueueDecl {
            injections = List.copyOf(injections);
        }

        /** A queue with nothing injected. */
        public QueueDecl(String name, String vm, SourceRange declaration, String group) {
            this(name, vm, declaration, group, List.of());
        }

        /** A queue that is its own group. */
        public QueueDecl(String name, String vm, SourceRange declaration) {
            this(name, vm, declaration, name);
        }

        /** The same queue with {@code more} injected too. */
        public QueueDecl with(List<Injection> more) {
            List<Injection> all = new ArrayList<>(injections);
            all.addAll(more);
            return new QueueDecl(name, vm, declaration, group, all);
        }
    }

    /**
     * An exception the run raises where the model has nothing that would ({@code .inject}): {@code exception} is
     * genxml's "CS Exception type" name ({@code tiler_oom}), raised by the queue's {@code tilerJob}-th tiler job
     * (RUN_TILING, RUN_IDVS or RUN_IDVS2, counted from 1 in the order the queue issues them).
     */
    public record Injection(String exception, long tilerJob, SourceRange declaration) {
    }

    /** One job: the queue's kernel ring buffer CALLs {@code stream}. */
    public record Job(String queue, String stream, SourceRange declaration) {
    }

    public Program {
        sections = List.copyOf(sections);
        vms = List.copyOf(vms);
        queues = List.copyOf(queues);
        jobs = List.copyOf(jobs);
        symbols = symbols instanceof LazyMap ? symbols : Map.copyOf(symbols); // immutable, built on first use
        files = List.copyOf(files);
        expectations = List.copyOf(expectations);
    }

    /** A program without expectations. */
    public Program(List<Section> sections, String entry, List<String> vms, List<QueueDecl> queues, List<Job> jobs,
                   Map<String, Symbol> symbols, List<Path> files, Arch arch) {
        this(sections, entry, vms, queues, jobs, symbols, files, arch, List.of());
    }

    /** Whether this is a test stream: it has {@code .expect} lines. */
    public boolean isTest() {
        return !expectations.isEmpty();
    }

    public Optional<Section> section(String name) {
        for (Section s : sections) {
            if (s.name().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    public Section entrySection() {
        Optional<Section> s = section(entry);
        if (s.isEmpty()) {
            throw new IllegalStateException("no entry stream " + entry);
        }
        return s.get();
    }

    /**
     * The section of VM {@code vm} holding {@code va}. The VM is part of the question: VAs alias between
     * VMs, and answering from "the first VM that maps it" once made a queue on one VM read
     * another VM's stream at the same address.
     */
    public Optional<Section> sectionAt(String vm, long va) {
        for (Section s : sections) {
            if (s.vm().equals(vm) && s.contains(va)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The source line that produced the byte at {@code va} in VM {@code vm}, if any. */
    public Optional<AssembledLine> lineAt(String vm, long va) {
        Optional<Section> s = sectionAt(vm, va);
        return s.isEmpty() ? Optional.empty() : Optional.ofNullable(s.get().lineAt(va));
    }

    public List<Section> streams() {
        return ofKind(SectionKind.STREAM);
    }

    public List<Section> buffers() {
        return ofKind(SectionKind.BUFFER);
    }

    /** The sections of one kind, in order (a loop: streams and lambdas here were links on every run's start). */
    private List<Section> ofKind(SectionKind kind) {
        List<Section> out = new ArrayList<>();
        for (Section s : sections) {
            if (s.kind() == kind) {
                out.add(s);
            }
        }
        return List.copyOf(out);
    }
}
