package dev.csfstudio.runtime.report;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DecodedInstruction;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.csfstudio.runtime.HostAccess;
import dev.csfstudio.runtime.JobInputs;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.device.Queue;

/** Collects what a run reports besides registers: recorded instructions, render targets, notes, lines. */
public final class RunRecorder {

    /** Recorded instructions kept in full; beyond this only counts (a loop of RUN_COMPUTE stays small). */
    public static final int RECORD_LIMIT = 1000;

    private final Program program;
    private final Disassembler disassembler;
    private List<RunReport.RecordedInstruction> recorded = new ArrayList<>();
    private Map<String, Long> recordedCounts = new LinkedHashMap<>();
    private Map<String, RenderTarget> renderTargets = new LinkedHashMap<>();
    private Set<String> notes = new LinkedHashSet<>();
    private List<RunReport.Hazard> hazards = new ArrayList<>();
    private Set<String> hazardKeys = new LinkedHashSet<>();
    private List<RunReport.Span> spans = new ArrayList<>();
    private List<RunReport.Counter> counters = new ArrayList<>();
    private List<JobInputs.Job> jobs = new ArrayList<>();
    /** RUN_* jobs past {@link #RECORD_LIMIT}, not decoded. */
    private long jobsNotDecoded;
    private JobInputs jobInputs;
    private List<RunReport.Wait> waits = new ArrayList<>();
    /** How many times each WAIT instruction (VM and address) has been recorded, up to {@link #WAITS_PER_LINE}. */
    private Map<String, Map<Long, Integer>> waitCounts = new java.util.HashMap<>();
    /** WAITs kept per instruction: a WAIT in a loop shows its first rounds only. */
    public static final int WAITS_PER_LINE = 4;

    public RunRecorder(Program program) {
        this.program = program;
        this.disassembler = new Disassembler(program.arch().instructionSet());
    }

    /** The architecture the program runs on. */
    Arch arch() {
        return program.arch();
    }

    /** Lets the recorder decode what RUN_* jobs read from the device's memory. */
    public void readsThrough(HostAccess host) {
        jobInputs = new JobInputs(program, host);
    }

    /** The registers of a queue of this program's architecture. */
    int registerCount() {
        return program.arch().registerCount();
    }

    /** What has been recorded, to be put back by {@link #restore}. */
    public record Saved(List<RunReport.RecordedInstruction> recorded, Map<String, Long> recordedCounts,
                 Map<String, RenderTarget> renderTargets, Set<String> notes, List<RunReport.Hazard> hazards,
                 Set<String> hazardKeys, List<RunReport.Span> spans, List<RunReport.Counter> counters,
                 List<JobInputs.Job> jobs, long jobsNotDecoded, List<RunReport.Wait> waits,
                 Map<String, Map<Long, Integer>> waitCounts) {
    }

    public Saved save() {
        return new Saved(List.copyOf(recorded), new LinkedHashMap<>(recordedCounts), new LinkedHashMap<>(renderTargets),
                new LinkedHashSet<>(notes), List.copyOf(hazards), new LinkedHashSet<>(hazardKeys), List.copyOf(spans),
                List.copyOf(counters), List.copyOf(jobs), jobsNotDecoded, List.copyOf(waits),
                copy(waitCounts));
    }

    public void restore(Saved saved) {
        recorded = new ArrayList<>(saved.recorded);
        recordedCounts = new LinkedHashMap<>(saved.recordedCounts);
        renderTargets = new LinkedHashMap<>(saved.renderTargets);
        notes = new LinkedHashSet<>(saved.notes);
        hazards = new ArrayList<>(saved.hazards);
        hazardKeys = new LinkedHashSet<>(saved.hazardKeys);
        spans = new ArrayList<>(saved.spans);
        counters = new ArrayList<>(saved.counters);
        jobs = new ArrayList<>(saved.jobs);
        jobsNotDecoded = saved.jobsNotDecoded;
        waits = new ArrayList<>(saved.waits);
        waitCounts = copy(saved.waitCounts);
    }

    private static Map<String, Map<Long, Integer>> copy(Map<String, Map<Long, Integer>> counts) {
        Map<String, Map<Long, Integer>> out = new java.util.HashMap<>();
        counts.forEach((vm, byVa) -> out.put(vm, new java.util.HashMap<>(byVa)));
        return out;
    }

    /**
     * A WAIT (at {@code va} of {@code q}, mask {@code mask}) reached with {@code waitedFor} in flight on its entries;
     * the first {@link #WAITS_PER_LINE} of each WAIT instruction, at most {@link #RECORD_LIMIT} in all.
     */
    public void waited(Queue q, long va, int mask, List<RunReport.InFlight> waitedFor) {
        if (!keepsWait(q, va)) {
            return;
        }
        Map<Long, Integer> counts = waitCounts.computeIfAbsent(q.vm, vm -> new java.util.HashMap<>());
        counts.merge(va, 1, Integer::sum);
        waits.add(new RunReport.Wait(q.name, va, lineAt(q.vm, va), mask, waitedFor));
    }

    /**
     * Whether {@link #waited} would keep the WAIT at {@code va} of {@code q} now (not past {@link #RECORD_LIMIT}, nor
     * past {@link #WAITS_PER_LINE} of that instruction): a WAIT in a loop describes what it waited for only then.
     */
    public boolean keepsWait(Queue q, long va) {
        if (waits.size() >= RECORD_LIMIT) {
            return false;
        }
        Map<Long, Integer> counts = waitCounts.get(q.vm);
        return counts == null || counts.getOrDefault(va, 0) < WAITS_PER_LINE;
    }

    /** The WAITs recorded, in the order the run reached them. */
    List<RunReport.Wait> waits() {
        return List.copyOf(waits);
    }

    /**
     * Lists a hazard the run goes on past; the same racing instruction, operation and kind once (a loop repeats
     * them), at most {@link #RECORD_LIMIT} in all.
     */
    public void hazard(RunReport.Hazard h) {
        String key = h.queue() + "@" + h.va() + "/" + h.operation().va() + "/" + h.kind();
        if (hazards.size() < RECORD_LIMIT && hazardKeys.add(key)) {
            hazards.add(h);
        }
    }

    List<RunReport.Hazard> hazards() {
        return List.copyOf(hazards);
    }

    public void span(RunReport.Span span) {
        spans.add(span);
    }

    public void counter(RunReport.Counter counter) {
        counters.add(counter);
    }

    RunReport.Timeline timeline() {
        return new RunReport.Timeline(spans, counters);
    }

    public void note(String text) {
        notes.add(text);
    }

    List<String> notes() {
        List<String> out = new ArrayList<>(notes);
        if (jobsNotDecoded > 0) {
            out.add(jobsNotDecoded + " RUN_* job(s) after the first " + RECORD_LIMIT + " ran without their inputs decoded");
        }
        for (Map.Entry<String, Long> count : recordedCounts.entrySet()) {
            if (count.getValue() > RECORD_LIMIT) {
                out.add(count.getKey() + " executed " + count.getValue() + " times; the report lists the first ones only");
            }
        }
        return out;
    }

    List<RunReport.RecordedInstruction> recorded() {
        return List.copyOf(recorded);
    }

    /** The RUN_* jobs run so far, their inputs decoded, in the order they ran. */
    List<JobInputs.Job> jobs() {
        return List.copyOf(jobs);
    }

    /** Decodes the inputs of the RUN_* job {@code word} (at {@code va} of {@code q}) starts, if it is one. */
    public void job(Queue q, long va, long word) {
        DecodedInstruction insn = disassembler.decoder().decode(word).orElseThrow();
        if (jobInputs == null) {
            return;
        }
        if (jobs.size() >= RECORD_LIMIT) {
            jobsNotDecoded += jobInputs.isJob(insn) ? 1 : 0;
            return;
        }
        Optional<JobInputs.Job> job = jobInputs.decode(jobs.size() + 1, q, va, lineAt(q.vm, va), insn);
        if (job.isPresent()) {
            jobs.add(job.get());
            notes.addAll(job.get().notes());
        }
    }

    List<RenderTarget> renderTargets() {
        return List.copyOf(renderTargets.values());
    }

    public void renderTarget(RenderTarget rt) {
        String key = rt.vm() + "@" + rt.address();
        RenderTarget old = renderTargets.get(key);
        renderTargets.put(key, old == null ? rt : rt.withRegion(old.region()));
    }

    /** The section of VM {@code vm} containing {@code va}, or null. */
    public Section sectionAt(String vm, long va) {
        return program.sectionAt(vm, va).orElse(null);
    }

    /**
     * The source line of the byte at {@code va} in VM {@code vm}, or null. Every asynchronous operation, WAIT and job
     * asks this as it issues: its range only, not the line's text.
     */
    public SourceRange lineAt(String vm, long va) {
        Section s = sectionAt(vm, va);
        return s == null ? null : s.rangeAt(va);
    }

    String text(long word) {
        return disassembler.decoder().decode(word).isPresent() ? disassembler.disassemble(word)
                : Disassembler.unknownText(word);
    }

    public void record(Queue q, long va, long word) {
        DecodedInstruction insn = disassembler.decoder().decode(word).orElseThrow();
        String mnemonic = insn.def().mnemonic();
        Long before = recordedCounts.get(mnemonic);
        long n = before == null ? 1 : before + 1;
        recordedCounts.put(mnemonic, n);
        job(q, va, word);
        if (n > RECORD_LIMIT) {
            return;
        }
        Map<String, Long> fields = new LinkedHashMap<>();
        for (DecodedInstruction.FieldValue f : insn.fieldValues()) {
            fields.put(f.field().name(), f.value());
        }
        Map<String, Long> inputs = new LinkedHashMap<>();
        for (OperandSpec o : insn.def().operands()) {
            if (jobInputs != null && !jobInputs.readsOperand(insn, o.field().name())) {
                continue;
            }
            int r = (int) insn.value(o.field());
            OperandKind kind = o.kind();
            if (kind.acceptsPairs()) {
                inputs.put("d" + r, q.register64(r));
            } else if (kind.acceptsRegisters()) {
                int count = o.fields().size() > 1 ? kind.registersSpanned(o.second(word)) : 1;
                for (int k = 0; k < count && r + k < q.regs.length; k++) {
                    inputs.put("r" + (r + k), q.regs[r + k] & 0xffff_ffffL);
                }
            }
        }
        recorded.add(new RunReport.RecordedInstruction(q.name, va, lineAt(q.vm, va), text(word), fields, inputs,
                reason(mnemonic)));
    }

    private static String reason(String mnemonic) {
        return switch (mnemonic) {
            case "RUN_COMPUTE", "RUN_COMPUTE_INDIRECT", "RUN_IDVS", "RUN_IDVS2", "RUN_FULLSCREEN", "RUN_TILING" ->
                    "needs shaders or the tiler, which the simulator does not model";
            case "FINISH_TILING", "FINISH_FRAGMENT", "HEAP_SET", "HEAP_OPERATION" -> "the tiler heap is not modelled";
            case "FLUSH_CACHE2" -> "caches are not modelled: simulated memory is always coherent";
            case "PROGRESS_WAIT", "PROGRESS_STORE", "PROGRESS_LOAD" -> "progress counters are not modelled";
            default -> "no effect in the simulator";
        };
    }
}
