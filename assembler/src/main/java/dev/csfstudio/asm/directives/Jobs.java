package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.SectionReferent;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The queues ({@code .queue}), jobs ({@code .submit}) and entry stream ({@code .entry}) a program declares,
 * checked once every VM and stream is known.
 */
public final class Jobs {

    /** A name and where it is written. */
    private record NamedUse(String name, SourceRange range) {
    }

    /** The program's queues and jobs and the stream a run starts with. */
    public record Resolved(List<Program.QueueDecl> queues, List<Program.Job> jobs, String entry) {
    }

    private final List<Program.QueueDecl> queues = new ArrayList<>();
    private final Map<String, Program.QueueDecl> queuesByName = new HashMap<>();
    private final List<NamedUse> queueVms = new ArrayList<>();
    private final List<NamedUse[]> submits = new ArrayList<>();
    private NamedUse entry;

    /** The queue names an {@code .expect} may name: the declared ones, else main. */
    public List<String> queueNames() {
        if (queues.isEmpty()) {
            return List.of(Placement.DEFAULT_NAME);
        }
        List<String> names = new ArrayList<>(queues.size());
        for (Program.QueueDecl q : queues) {
            names.add(q.name());
        }
        return names;
    }

    /**
     * {@code .queue NAME [, vm=VM] [, group=GROUP]}: queues naming one group share it (panthor creates a group with
     * its queues and one VM), so they must be in the same VM; without {@code group=} the queue is its own group.
     */
    public void declareQueue(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        SourceRange r = args.range(d);
        String q = args.plainName(d, 0, "a queue name");
        Map<String, CsfParser.ValueContext> options = args.options(d, 1, List.of("vm", "group"));
        CsfParser.ValueContext vmValue = options.get("vm");
        CsfParser.ValueContext groupValue = options.get("group");
        String vm = vmValue == null ? Placement.DEFAULT_NAME : args.nameOf(vmValue, "a VM name");
        SourceRange vmRange = vmValue == null ? r : args.range(vmValue);
        String group = groupValue == null ? q : args.nameOf(groupValue, "a group name");
        SourceRange groupRange = groupValue == null ? null : args.range(groupValue);
        SourceRange qr = args.range(d.argument(0));
        for (Program.QueueDecl other : queues) {
            if (other.group().equals(group) && !other.vm().equals(vm)) {
                throw DiagnosticException.error(groupRange != null ? groupRange : qr, DiagnosticCode.VM_MISMATCH,
                        "queue '" + q + "' runs in VM '" + vm + "' but group '" + group + "' runs in VM '" + other.vm()
                                + "' (queue '" + other.name() + "'): a group's queues share its VM");
            }
        }
        Program.QueueDecl declared = new Program.QueueDecl(q, vm, qr, group);
        if (queuesByName.putIfAbsent(q, declared) != null) {
            throw DiagnosticException.error(qr, DiagnosticCode.DUPLICATE_SYMBOL, "queue '" + q + "' is already declared");
        }
        queues.add(declared);
        queueVms.add(new NamedUse(vm, vmRange));
        s.skip(true);
    }

    /** {@code .submit QUEUE, STREAM}: a job, checked when every name is known. */
    public void submit(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        args.expectArgs(d, 2);
        String q = args.plainName(d, 0, "a queue name");
        String st = args.plainName(d, 1, "a stream name");
        submits.add(new NamedUse[] {new NamedUse(q, args.range(d.argument(0))), new NamedUse(st, args.range(d.argument(1)))});
        s.skip(true);
    }

    /** An {@code .inject} line: its queue (null: the first queue) and where that name is written. */
    private record PendingInjection(String queue, SourceRange queueRange, Program.Injection injection) {
    }

    private final List<PendingInjection> injections = new ArrayList<>();

    /** The exceptions {@code .inject} can raise: genxml's "CS Exception type" names the model has a place for. */
    public static final List<String> INJECTABLE = List.of("tiler_oom");

    /**
     * {@code .inject tiler_oom, job=N [, queue=QUEUE]}: the queue's N-th tiler job runs out of heap memory, as if the
     * kernel had no chunk to grow the heap with (checked when every queue is known).
     */
    public void inject(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        String exception = args.plainName(d, 0, "an exception type (" + String.join(", ", INJECTABLE) + ")");
        if (!INJECTABLE.contains(exception)) {
            throw args.unknownOption(exception, args.range(d.argument(0)), INJECTABLE);
        }
        Map<String, CsfParser.ValueContext> options = args.options(d, 1, List.of("job", "queue"));
        CsfParser.ValueContext jobValue = options.get("job");
        if (jobValue == null) {
            throw DiagnosticException.error(args.range(d), DiagnosticCode.SYNTAX, ".inject " + exception + " needs job=N:"
                    + " which of the queue's tiler jobs runs out of heap memory");
        }
        long job = args.constant(args.exprOf(jobValue));
        if (job < 1) {
            throw DiagnosticException.error(args.range(jobValue), DiagnosticCode.OUT_OF_RANGE, "job=" + job
                    + ": tiler jobs are counted from 1 (the queue's first RUN_TILING, RUN_IDVS or RUN_IDVS2)");
        }
        CsfParser.ValueContext queueValue = options.get("queue");
        String queue = queueValue == null ? null : args.nameOf(queueValue, "a queue name");
        SourceRange queueRange = queueValue == null ? null : args.range(queueValue);
        injections.add(new PendingInjection(queue, queueRange, new Program.Injection(exception, job, args.range(d))));
        s.skip(true);
    }

    /** {@code .entry STREAM}. */
    public void declareEntry(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        SourceRange r = args.range(d);
        args.expectArgs(d, 1);
        String e = args.plainName(d, 0, "a stream name");
        if (entry != null) {
            throw DiagnosticException.error(r, DiagnosticCode.DUPLICATE_SYMBOL, ".entry is already given as '" + entry.name() + "'");
        }
        entry = new NamedUse(e, args.range(d.argument(0)));
        s.skip(true);
    }

    /**
     * Checks every queue's VM and every job's queue and stream, now that all are declared; the queues (queue
     * main in VM main when none is declared), the jobs (the entry stream on the first queue when none is
     * submitted) and the entry stream.
     */
    public Resolved resolve(List<String> vms, Map<String, SectionBuilder> sections, NameScope names,
                            Consumer<Diagnostic> report) {
        for (int i = 0; i < queues.size(); i++) {
            NamedUse vm = queueVms.get(i);
            if (!vms.contains(vm.name())) {
                List<String> near = names.closestName(vm.name(), vms);
                report.accept(Diagnostic.error(vm.range(), DiagnosticCode.UNDEFINED_SYMBOL, "undefined VM '" + vm.name() + "'"
                        + SpellingSuggestions.didYouMean(near)).withSuggestions(near));
            }
        }
        List<Program.QueueDecl> allQueues = queues.isEmpty()
                ? List.of(new Program.QueueDecl(Placement.DEFAULT_NAME, Placement.DEFAULT_NAME, null)) : queues;
        for (Program.QueueDecl q : allQueues) {
            queuesByName.putIfAbsent(q.name(), q);
        }
        if (!injections.isEmpty()) {
            allQueues = new ArrayList<>(allQueues);
            for (PendingInjection pending : injections) {
                String name = pending.queue() == null ? allQueues.get(0).name() : pending.queue();
                int at = -1;
                for (int i = 0; i < allQueues.size(); i++) {
                    if (allQueues.get(i).name().equals(name)) {
                        at = i;
                    }
                }
                if (at < 0) {
                    List<String> near = names.closestName(name, queuesByName.keySet());
                    report.accept(Diagnostic.error(pending.queueRange(), DiagnosticCode.UNDEFINED_SYMBOL, "undefined queue '"
                            + name + "'" + SpellingSuggestions.didYouMean(near)).withSuggestions(near));
                    continue;
                }
                allQueues.set(at, allQueues.get(at).with(List.of(pending.injection())));
            }
            allQueues = List.copyOf(allQueues);
        }
        String entryName = entry != null ? entry.name() : defaultEntry(sections);
        if (entry != null) {
            refSection(sections, names, report, entry, "entry stream");
        }
        List<Program.Job> jobs = new ArrayList<>();
        for (NamedUse[] sub : submits) {
            Program.QueueDecl q = queuesByName.get(sub[0].name());
            if (q == null) {
                List<String> near = names.closestName(sub[0].name(), queuesByName.keySet());
                report.accept(Diagnostic.error(sub[0].range(), DiagnosticCode.UNDEFINED_SYMBOL, "undefined queue '" + sub[0].name() + "'"
                        + SpellingSuggestions.didYouMean(near)).withSuggestions(near));
            }
            SectionBuilder st = refSection(sections, names, report, sub[1], "stream");
            if (q != null && st != null && !st.vm.equals(q.vm())) {
                report.accept(Diagnostic.error(sub[1].range(), DiagnosticCode.VM_MISMATCH, "stream '" + st.name + "' is in VM '" + st.vm
                        + "' but queue '" + q.name() + "' runs in VM '" + q.vm() + "'"));
            }
            jobs.add(new Program.Job(sub[0].name(), sub[1].name(), sub[0].range()));
        }
        if (jobs.isEmpty()) {
            jobs.add(new Program.Job(allQueues.get(0).name(), entryName, null));
        }
        return new Resolved(allQueues, jobs, entryName);
    }

    private static String defaultEntry(Map<String, SectionBuilder> sections) {
        if (sections.containsKey(Placement.DEFAULT_NAME) && sections.get(Placement.DEFAULT_NAME).kind == SectionKind.STREAM) {
            return Placement.DEFAULT_NAME;
        }
        return sections.values().stream().filter(s -> s.kind == SectionKind.STREAM).map(s -> s.name).findFirst()
                .orElse(Placement.DEFAULT_NAME);
    }

    private SectionBuilder refSection(Map<String, SectionBuilder> sections, NameScope names, Consumer<Diagnostic> report,
                                      NamedUse use, String what) {
        SectionBuilder s = sections.get(use.name());
        if (s == null || s.kind != SectionKind.STREAM) {
            if (streamNames == null) {
                streamNames = sections.values().stream().filter(x -> x.kind == SectionKind.STREAM).map(x -> x.name).toList();
            }
            List<String> near = names.closestName(use.name(), streamNames);
            report.accept(Diagnostic.error(use.range(), DiagnosticCode.UNDEFINED_SYMBOL, "undefined " + what + " '" + use.name() + "'"
                    + SpellingSuggestions.didYouMean(near)).withSuggestions(near));
            names.ref(use.name(), use.range(), null);
            return null;
        }
        names.ref(use.name(), use.range(), new SectionReferent(s));
        return s;
    }

    /** The names of all streams, for suggestions (made on the first misspelt stream name). */
    private List<String> streamNames;
}
