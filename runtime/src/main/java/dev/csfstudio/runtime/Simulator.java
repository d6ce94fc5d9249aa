package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.isa.Encoder;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A simulated Mali-G610 command stream frontend. {@link #run} places the program's sections in scattered
 * physical frames mapped by per-VM page tables, writes each job into its queue's kernel ring buffer, rings
 * a doorbell, and runs every queue whose insert pointer is ahead of its extract pointer, the groups taking
 * turns in the CSG slots ({@link GroupScheduler}), until all are idle, one faults, every queue with work
 * waits (deadlock), the step budget or the wall-clock limit runs out ({@link StepMeter}) or the caller
 * cancels.
 */
public final class Simulator {

    /** Kernel ring buffers live in the top 4 GiB of each VM, one after another, each in whole pages. */
    static final long RING_REGION = 0xffff_0000_0000L;
    /** Instructions a queue runs per time slice (between looks at the limits and the caller). */
    static final long SLICE = 1 << 16;
    static final long PHYSICAL_SEED = 0x5eed;

    private static final InstructionSet ISA = InstructionSet.v10();
    private static final byte[] ZERO_PAGE = new byte[PhysicalMemory.PAGE_SIZE];

    private final RunOptions options;

    public Simulator(RunOptions options) {
        this.options = options;
    }

    public Simulator() {
        this(RunOptions.defaults());
    }

    public RunReport run(Program program) {
        return run(program, () -> false);
    }

    /** Runs {@code program}; never throws: every problem is a status and a fault in the report. */
    public RunReport run(Program program, BooleanSupplier cancelled) {
        Run run = new Run(program, new StepMeter(options, cancelled));
        try {
            return run.execute();
        } catch (ConfigurationError e) {
            return run.failedSetup(e.getMessage(), e.line);
        } catch (OutOfMemoryError e) {
            return run.failedSetup("the program needs more memory than the simulator has: " + e.getMessage(), null);
        } catch (RuntimeException e) {
            return run.failedSetup("internal simulator error (please report): " + e, null);
        }
    }

    /** The program cannot be placed on the device. */
    private static final class ConfigurationError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient SourceRange line;

        ConfigurationError(String message, SourceRange line) {
            super(message, null, false, false);
            this.line = line;
        }
    }

    private final class Run {
        private final Program program;
        private final StepMeter meter;
        private final RunRecorder recorder;
        private PhysicalMemory memory;
        private Mmu mmu;
        private final Map<String, AddressSpace> vms = new LinkedHashMap<>();
        private final List<Queue> queues = new ArrayList<>();
        private final Map<String, Queue> queuesByName = new HashMap<>();
        private HostAccess host;
        private Interpreter interpreter;
        private GroupScheduler scheduler;
        /** Instructions executed by every queue, the ring buffers' included: the simulated clock. */
        private long executed;

        Run(Program program, StepMeter meter) {
            this.program = program;
            this.meter = meter;
            this.recorder = new RunRecorder(program);
        }

        RunReport execute() {
            setUp();
            while (true) {
                List<Queue> round = scheduler.nextRound();
                if (round.isEmpty()) {
                    return report(RunStatus.OK, null, null);
                }
                boolean progressed = false;
                for (Queue q : round) {
                    StepMeter.Limit reached = meter.reached();
                    if (reached != StepMeter.Limit.NONE) {
                        return limitReached(reached, q);
                    }
                    try {
                        progressed |= slice(q, Math.min(SLICE, meter.remaining())) > 0;
                        if (meter.remaining() == 0 && q.hasWork()) {
                            slice(q, 0); // what needs no instruction (returns, the job's end) still happens
                            if (q.hasWork()) {
                                return limitReached(StepMeter.Limit.STEPS, q);
                            }
                        }
                    } catch (GpuFault f) {
                        if (f.kind == FaultKind.TIMEOUT || f.kind == FaultKind.CANCELLED) {
                            return limitReached(meter.reached() == StepMeter.Limit.NONE ? StepMeter.Limit.STEPS
                                    : meter.reached(), q, interpreter.faultPc);
                        }
                        return stopped(RunStatus.FAULT, q, fault(f.kind, q, f.va, interpreter.faultPc, f.getMessage()));
                    }
                }
                if (scheduler.stalled(progressed)) {
                    return deadlock();
                }
            }
        }

        /**
         * One time slice of {@code q}, returning the instructions it executed; they count as steps, the
         * ring buffer's do not.
         */
        private long slice(Queue q, long steps) {
            interpreter.clock = executed;
            try {
                interpreter.run(q, steps);
            } finally {
                executed += interpreter.lastSteps;
                meter.addInstructions(interpreter.lastSteps - interpreter.lastKernelSteps);
            }
            return interpreter.lastSteps;
        }

        private RunReport limitReached(StepMeter.Limit limit, Queue q) {
            return limitReached(limit, q, q.pc);
        }

        private RunReport limitReached(StepMeter.Limit limit, Queue q, long pc) {
            RunStatus status = limit == StepMeter.Limit.CANCELLED ? RunStatus.CANCELLED : RunStatus.TIMEOUT;
            FaultKind kind = limit == StepMeter.Limit.CANCELLED ? FaultKind.CANCELLED : FaultKind.TIMEOUT;
            return stopped(status, q, fault(kind, q, pc, pc, meter.describe(limit, userInstructions())));
        }

        private void setUp() {
            int pages = 0;
            for (Section s : program.sections()) {
                pages += (int) Math.min(Integer.MAX_VALUE / 8, pagesOf(s.address(), s.size()));
            }
            Map<String, Integer> jobCounts = new HashMap<>();
            for (Program.Job job : program.jobs()) {
                jobCounts.merge(job.queue(), 1, Integer::sum);
            }
            long ringPages = 0;
            for (Program.QueueDecl q : program.queues()) {
                ringPages += pagesOf(0, ringBytes(jobCounts, q.name()));
            }
            // Data pages, up to three table pages for each, and four per VM and ring.
            memory = new PhysicalMemory((int) Math.min(Integer.MAX_VALUE / 8, 4 * (pages + ringPages)
                    + 4L * program.vms().size() + 64), PHYSICAL_SEED);
            mmu = new Mmu();
            for (String vm : program.vms()) {
                vms.put(vm, new AddressSpace(vm, memory));
            }
            Map<String, Map<Long, Long>> mapped = new HashMap<>();
            Map<String, Section> byName = new LinkedHashMap<>();
            for (Section s : program.sections()) {
                byName.put(s.name(), s);
                place(s, mapped.computeIfAbsent(s.vm(), k -> new HashMap<>()));
            }
            host = new HostAccess(memory, vms, byName);
            FragmentClear fragment = new FragmentClear(memory, mmu, recorder, meter);
            fragment.attach(host);
            interpreter = new Interpreter(memory, mmu, fragment, recorder);
            Map<String, Long> nextRing = new HashMap<>();
            for (Program.QueueDecl decl : program.queues()) {
                AddressSpace as = vms.get(decl.vm());
                if (as == null) {
                    throw new ConfigurationError("queue " + decl.name() + " is bound to unknown VM " + decl.vm(),
                            decl.declaration());
                }
                long ringBytes = ringBytes(jobCounts, decl.name());
                long ring = nextRing.getOrDefault(decl.vm(), RING_REGION);
                long ringEnd = ring + pagesOf(0, ringBytes) * PhysicalMemory.PAGE_SIZE;
                if (ringEnd > 1L << AddressSpace.VA_BITS) {
                    throw new ConfigurationError("the kernel ring buffers of VM " + decl.vm() + " need more than the "
                            + "4 GiB above " + GpuFault.hex(RING_REGION) + " (too many jobs)", decl.declaration());
                }
                nextRing.put(decl.vm(), ringEnd);
                for (Section s : program.sections()) {
                    if (s.vm().equals(decl.vm()) && s.address() < ring + ringBytes && s.end() > ring) {
                        throw new ConfigurationError("section " + s.name() + " overlaps the kernel ring buffer of queue "
                                + decl.name() + " at " + GpuFault.hex(ring), s.declaration());
                    }
                }
                for (long va = ring; va < ring + ringBytes; va += PhysicalMemory.PAGE_SIZE) {
                    as.map(va, memory.allocateFrame());
                }
                Queue q = new Queue(decl.name(), decl.vm(), ISA.registerCount(), ring);
                queues.add(q);
                queuesByName.putIfAbsent(q.name, q);
            }
            for (Program.Job job : program.jobs()) {
                submit(job);
            }
            // Every queue with insert ahead of extract runs, whichever doorbell rang (note 88).
            scheduler = new GroupScheduler(queues, vms, mmu, memory);
        }

        /** Bytes of a queue's ring buffer: one entry per job, at least one byte so every queue has a page. */
        private long ringBytes(Map<String, Integer> jobCounts, String queue) {
            return Math.max(1, (long) jobCounts.getOrDefault(queue, 0) * Queue.RING_ENTRY);
        }

        private long pagesOf(long address, long size) {
            if (size <= 0) {
                return 0;
            }
            return ((address + size - 1) >>> PhysicalMemory.PAGE_SHIFT) - (address >>> PhysicalMemory.PAGE_SHIFT) + 1;
        }

        /** Maps the section's pages (a page shared with an earlier section is reused) and copies its bytes. */
        private void place(Section s, Map<Long, Long> mappedPages) {
            AddressSpace as = vms.get(s.vm());
            if (as == null) {
                throw new ConfigurationError("section " + s.name() + " is in unknown VM " + s.vm(), s.declaration());
            }
            if (s.size() == 0) {
                return;
            }
            if (!AddressSpace.validVa(s.address()) || !AddressSpace.validVa(s.end() - 1)) {
                throw new ConfigurationError("section " + s.name() + " at " + GpuFault.hex(s.address())
                        + " does not fit the 48-bit GPU address space", s.declaration());
            }
            byte[] bytes = s.bytes();
            long done = 0;
            while (done < bytes.length) {
                long va = s.address() + done;
                long vpn = va >>> PhysicalMemory.PAGE_SHIFT;
                Long pa = mappedPages.get(vpn);
                if (pa == null) {
                    pa = memory.allocateFrame();
                    as.map(va, pa);
                    mappedPages.put(vpn, pa);
                }
                int n = (int) Math.min(bytes.length - done, PhysicalMemory.PAGE_SIZE - (va & PhysicalMemory.PAGE_MASK));
                if (!allZero(bytes, (int) done, n)) {
                    memory.write(pa | (va & PhysicalMemory.PAGE_MASK), bytes, (int) done, n);
                }
                done += n;
            }
        }

        private boolean allZero(byte[] b, int from, int n) {
            return java.util.Arrays.mismatch(b, from, from + n, ZERO_PAGE, 0, n) < 0;
        }

        /** Appends the job's CALL to its queue's ring buffer and advances the insert pointer. */
        private void submit(Program.Job job) {
            Queue q = queuesByName.get(job.queue());
            if (q == null) {
                throw new ConfigurationError("job submitted to unknown queue " + job.queue(), job.declaration());
            }
            Section stream = program.section(job.stream()).orElseThrow(
                    () -> new ConfigurationError("job runs unknown stream " + job.stream(), job.declaration()));
            if (!stream.vm().equals(q.vm)) {
                throw new ConfigurationError("stream " + stream.name() + " is in VM " + stream.vm() + " but queue "
                        + q.name + " runs in VM " + q.vm, job.declaration());
            }
            if (stream.size() > 0xffff_ffffL) {
                throw new ConfigurationError("stream " + stream.name() + " is longer than a CALL can cover", job.declaration());
            }
            long[] entry = {
                    encode("MOVE48", Map.of("dst", (long) Queue.RING_ADDRESS_REGISTER, "imm", stream.address())),
                    encode("MOVE32", Map.of("dst", (long) Queue.RING_LENGTH_REGISTER, "imm", stream.size())),
                    encode("CALL", Map.of("addr", (long) Queue.RING_ADDRESS_REGISTER,
                            "length", (long) Queue.RING_LENGTH_REGISTER))};
            byte[] bytes = new byte[Queue.RING_ENTRY];
            for (int i = 0; i < entry.length; i++) {
                for (int b = 0; b < 8; b++) {
                    bytes[i * 8 + b] = (byte) (entry[i] >>> (8 * b));
                }
            }
            try {
                host.write(q.vm, q.ringBase + q.insert * Queue.RING_ENTRY, bytes);
            } catch (HostAccessException e) {
                throw new IllegalStateException("ring buffer not mapped: " + e.getMessage(), e);
            }
            q.jobs.add(job);
            q.insert++;
        }

        private long encode(String mnemonic, Map<String, Long> fields) {
            InstructionDef def = ISA.byMnemonic(mnemonic).orElseThrow();
            return Encoder.encode(def, fields);
        }

        private long userInstructions() {
            long n = 0;
            for (Queue q : queues) {
                n += q.executed - q.kernelExecuted;
            }
            return n;
        }

        /** The line of {@code pc} in the queue's VM; for the kernel ring buffer, the job's {@code .submit}. */
        private SourceRange lineOf(Queue q, long pc) {
            SourceRange line = recorder.lineAt(q.vm, pc);
            if (line == null && pc >= q.ringBase && pc < q.ringBase + q.insert * Queue.RING_ENTRY) {
                int job = (int) ((pc - q.ringBase) / Queue.RING_ENTRY);
                return q.jobs.get(job).declaration();
            }
            return line;
        }

        private RunReport.Fault fault(FaultKind kind, Queue q, long va, long pc, String message) {
            List<SourceRange> chain = new ArrayList<>();
            for (int d = q.depth - 1; d >= 0; d--) {
                SourceRange site = lineOf(q, q.frameReturn[d] - 8);
                if (site != null) {
                    chain.add(site);
                }
            }
            return new RunReport.Fault(kind, va, q.vm, q.slot, lineOf(q, pc), message, chain, q.name, pc);
        }

        private RunReport deadlock() {
            StringBuilder message = new StringBuilder("every queue with work left waits on a sync object");
            Queue first = null;
            for (Queue q : queues) {
                if (q.state != Queue.State.WAITING) {
                    continue;
                }
                if (first == null) {
                    first = q;
                }
                SourceRange line = lineOf(q, q.pc);
                message.append("; queue ").append(q.name).append(" waits at ").append(GpuFault.hex(q.pc))
                        .append(" (").append(RunRecorder.text(q.waitWord))
                        .append(line == null ? "" : ", " + line.position()).append(") until the value at ")
                        .append(GpuFault.hex(q.waitAddress)).append(' ').append(condition(q.waitWord)).append(' ')
                        .append(GpuFault.hex(q.waitExpected)).append(" (it is ").append(GpuFault.hex(q.waitCurrent))
                        .append(')');
            }
            return stopped(RunStatus.DEADLOCK, first, fault(FaultKind.DEADLOCK, first, first.waitAddress, first.pc,
                    message.toString()));
        }

        private String condition(long waitWord) {
            InstructionDef def = ISA.byOpcode((int) (waitWord >>> 56)).orElseThrow();
            long cond = def.field("cond").orElseThrow().extract(waitWord);
            return switch ((int) cond) {
                case 0 -> "<=";
                case 1 -> ">";
                case 2 -> "==";
                case 3 -> "!=";
                case 4 -> "<";
                case 5 -> ">=";
                default -> "(always)";
            };
        }

        private RunReport stopped(RunStatus status, Queue q, RunReport.Fault fault) {
            return report(status, fault, coreDump(q));
        }

        private RunReport.CoreDump coreDump(Queue q) {
            List<RunReport.StackFrame> stack = new ArrayList<>();
            for (int d = q.depth; d >= 0; d--) {
                long position = d == q.depth ? q.pc : q.frameReturn[d] - 8;
                stack.add(new RunReport.StackFrame(d, q.frameStart[d], q.frameEnd[d], position, lineOf(q, position)));
            }
            List<RunReport.ExecutedInstruction> last = new ArrayList<>();
            for (long va : q.recentInstructions()) {
                long word;
                try {
                    byte[] b = host.read(q.vm, va, 8);
                    word = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
                } catch (HostAccessException e) {
                    continue;
                }
                last.add(new RunReport.ExecutedInstruction(va, RunRecorder.text(word), lineOf(q, va)));
            }
            Map<String, byte[]> dumpable = new LinkedHashMap<>();
            for (Section s : program.sections()) {
                if (s.dumpable()) {
                    try {
                        dumpable.put(s.name(), host.readBuffer(s.name()));
                    } catch (HostAccessException e) {
                        recorder.note("dumpable buffer " + s.name() + " could not be read: " + e.getMessage());
                    }
                }
            }
            return new RunReport.CoreDump(q.name, q.unsignedRegisters(), stack, last, dumpable);
        }

        private RunReport report(RunStatus status, RunReport.Fault fault, RunReport.CoreDump core) {
            Map<String, byte[]> dumps = new LinkedHashMap<>();
            for (String name : options.dumpBuffers()) {
                try {
                    dumps.put(name, host.readBuffer(name));
                } catch (HostAccessException e) {
                    recorder.note("--dump-buffer " + name + ": " + e.getMessage());
                }
            }
            List<RunReport.QueueState> states = new ArrayList<>();
            for (Queue q : queues) {
                states.add(new RunReport.QueueState(q.name, q.vm, q.slot, q.unsignedRegisters(), q.insert, q.extract,
                        q.executed - q.kernelExecuted));
            }
            Queue entry = entryQueue();
            long[] registers = entry == null ? new long[ISA.registerCount()] : entry.unsignedRegisters();
            return new RunReport(status, userInstructions(), registers, fault, recorder.renderTargets(),
                    recorder.recorded(), recorder.notes(), core, states, dumps, host);
        }

        /** The queue that runs the entry stream (else the first queue). */
        private Queue entryQueue() {
            for (Program.Job job : program.jobs()) {
                if (job.stream().equals(program.entry())) {
                    for (Queue q : queues) {
                        if (q.name.equals(job.queue())) {
                            return q;
                        }
                    }
                }
            }
            return queues.isEmpty() ? null : queues.get(0);
        }

        RunReport failedSetup(String message, SourceRange line) {
            RunReport.Fault fault = new RunReport.Fault(FaultKind.CONFIGURATION, 0, "", -1, line, message, List.of(),
                    "", 0);
            return new RunReport(RunStatus.FAULT, 0, new long[ISA.registerCount()], fault, List.of(), List.of(),
                    recorder.notes(), null, List.of(), Map.of(), host);
        }
    }
}
