package dev.csfstudio.runtime.device;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.isa.Encoder;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.Arch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import dev.csfstudio.runtime.HostAccess;
import dev.csfstudio.runtime.HostAccessException;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.report.RunRecorder;

/**
 * The simulated hardware with one program placed on it: the program's sections in scattered physical
 * frames mapped by per-VM page tables, each queue with its kernel ring buffer holding one CALL per
 * submitted job (insert pointer advanced: every doorbell rung), the group scheduler, the interpreter and
 * the fragment executor, all under one {@link StepMeter}. Built once per run; the machine drives it.
 */
public final class Device {

    /** Kernel ring buffers live in the top 4 GiB of each VM, one after another, each in whole pages. */
    public static final long RING_REGION = 0xffff_0000_0000L;
    static final long PHYSICAL_SEED = 0x5eed;

    private static final byte[] ZERO_PAGE = new byte[PhysicalMemory.PAGE_SIZE];

    /** The program cannot be placed on the device. */
    public static final class ConfigurationError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public final transient SourceRange line;

        ConfigurationError(String message, SourceRange line) {
            super(message, null, false, false);
            this.line = line;
        }
    }

    public final Program program;
    /** The architecture the program was assembled for, the one it runs on. */
    public final Arch arch;
    public final RunOptions options;
    public final StepMeter meter;
    public final RunRecorder recorder;
    public final PhysicalMemory memory;
    public final Mmu mmu = new Mmu();
    public final Map<String, AddressSpace> vms = new LinkedHashMap<>();
    public final List<Queue> queues = new ArrayList<>();
    public final Map<String, Queue> queuesByName = new HashMap<>();
    public final HostAccess host;
    public final Breakpoints breakpoints = new Breakpoints();
    public final WriteWatch watch;
    public final SyncObjects syncs = new SyncObjects();
    public final Interpreter interpreter;
    public final GroupScheduler scheduler;

    /**
     * Places {@code program}; the meter's clock is already running.
     *
     * @throws ConfigurationError when it cannot be placed (unknown VM, stream or queue, overlaps, too big)
     */
    public Device(Program program, RunOptions options, StepMeter meter, RunRecorder recorder) {
        this.program = program;
        this.options = options;
        this.meter = meter;
        this.recorder = recorder;
        this.arch = program.arch();
        int pages = 0;
        for (Section s : program.sections()) {
            pages += (int) Math.min(Integer.MAX_VALUE / 8, pagesOf(s.address(), s.size()));
        }
        Map<String, Integer> jobCounts = new HashMap<>();
        for (Program.Job job : program.jobs()) {
            Integer before = jobCounts.get(job.queue());
            jobCounts.put(job.queue(), before == null ? 1 : before + 1);
        }
        long ringPages = 0;
        for (Program.QueueDecl q : program.queues()) {
            ringPages += pagesOf(0, ringBytes(jobCounts, q.name())) + 1; // and at most one sync object page per group
        }
        // Data pages, up to three table pages for each, and four per VM and ring.
        memory = new PhysicalMemory((int) Math.min(Integer.MAX_VALUE / 8, 4 * (pages + ringPages)
                + 4L * program.vms().size() + 64), PHYSICAL_SEED);
        for (String vm : program.vms()) {
            vms.put(vm, new AddressSpace(vm, memory));
        }
        Map<String, Map<Long, Long>> mapped = new HashMap<>();
        Map<String, Section> byName = new LinkedHashMap<>();
        for (Section s : program.sections()) {
            byName.put(s.name(), s);
            Map<Long, Long> vmPages = mapped.get(s.vm());
            if (vmPages == null) {
                vmPages = new HashMap<>();
                mapped.put(s.vm(), vmPages);
            }
            place(s, vmPages);
        }
        host = new HostAccess(memory, vms, byName);
        recorder.readsThrough(host);
        watch = new WriteWatch(host, memory.frameCount());
        FragmentClear fragment = new FragmentClear(memory, mmu, recorder, meter, host, watch,
                FramebufferDescriptor.Layout.of(arch));
        interpreter = new Interpreter(ActionTable.of(arch), memory, mmu, fragment, recorder, breakpoints, watch, syncs,
                options);
        interpreter.queues = queues;
        Map<String, Long> nextRing = new HashMap<>();
        Map<String, Long> groupSyncs = new HashMap<>();
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
            overlaps(decl, ring, ringBytes, "the kernel ring buffer of queue " + decl.name());
            for (long va = ring; va < ring + ringBytes; va += PhysicalMemory.PAGE_SIZE) {
                as.map(va, memory.allocateFrame());
            }
            Queue q = new Queue(decl.name(), decl.vm(), arch, ring);
            q.group = decl.group();
            if (!decl.injections().isEmpty()) {
                Map<Long, Program.Injection> injected = new HashMap<>();
                for (Program.Injection inj : decl.injections()) {
                    injected.putIfAbsent(inj.tilerJob(), inj);
                }
                q.injected = Map.copyOf(injected);
            }
            q.csSlot = (int) queues.stream().filter(other -> other.group.equals(decl.group())).count();
            q.scoreboard.random = AsyncUnit.seed(options.completion(), queues.size());
            queues.add(q);
            queuesByName.putIfAbsent(q.name, q);
        }
        // panthor's group sync object buffer: one 16-byte panthor_syncobj_64b per queue, by CS slot, in the group's
        // VM; the model gives each group a page after the rings of its VM.
        for (int i = 0; i < queues.size(); i++) {
            Queue q = queues.get(i);
            Program.QueueDecl decl = program.queues().get(i);
            Long syncs = groupSyncs.get(q.group);
            if (syncs == null) {
                syncs = nextRing.getOrDefault(q.vm, RING_REGION);
                overlaps(decl, syncs, PhysicalMemory.PAGE_SIZE, "the kernel sync objects of group " + q.group);
                nextRing.put(q.vm, syncs + PhysicalMemory.PAGE_SIZE);
                groupSyncs.put(q.group, syncs);
                vms.get(q.vm).map(syncs, memory.allocateFrame());
            }
            q.completionSync = syncs + 16L * q.csSlot;
        }
        for (Program.Job job : program.jobs()) {
            submit(job);
        }
        // Every queue with insert ahead of extract runs, whichever doorbell rang: a doorbell
        // only wakes the firmware, it does not choose the queue.
        scheduler = new GroupScheduler(queues, vms, mmu, memory);
    }

    /** The first section of the queue's VM that overlaps {@code [va, va + bytes)} is an error at its declaration. */
    private void overlaps(Program.QueueDecl decl, long va, long bytes, String what) {
        if (va + bytes > 1L << AddressSpace.VA_BITS) {
            throw new ConfigurationError("the kernel ring buffers of VM " + decl.vm() + " need more than the "
                    + "4 GiB above " + GpuFault.hex(RING_REGION) + " (too many jobs)", decl.declaration());
        }
        for (Section s : program.sections()) {
            if (s.vm().equals(decl.vm()) && s.address() < va + bytes && s.end() > va) {
                throw new ConfigurationError("section " + s.name() + " overlaps " + what + " at " + GpuFault.hex(va),
                        s.declaration());
            }
        }
    }

    /** Bytes of a queue's ring buffer: one entry per job, at least one byte so every queue has a page. */
    private static long ringBytes(Map<String, Integer> jobCounts, String queue) {
        return Math.max(1, (long) jobCounts.getOrDefault(queue, 0) * Queue.RING_ENTRY);
    }

    private static long pagesOf(long address, long size) {
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
            if (Arrays.mismatch(bytes, (int) done, (int) done + n, ZERO_PAGE, 0, n) >= 0) {
                memory.write(pa | (va & PhysicalMemory.PAGE_MASK), bytes, (int) done, n);
            }
            done += n;
        }
    }

    /** Appends the job's CALL to its queue's ring buffer and advances the insert pointer. */
    private void submit(Program.Job job) {
        Queue q = queuesByName.get(job.queue());
        if (q == null) {
            throw new ConfigurationError("job submitted to unknown queue " + job.queue(), job.declaration());
        }
        Optional<Section> named = program.section(job.stream());
        if (named.isEmpty()) {
            throw new ConfigurationError("job runs unknown stream " + job.stream(), job.declaration());
        }
        Section stream = named.get();
        if (!stream.vm().equals(q.vm)) {
            throw new ConfigurationError("stream " + stream.name() + " is in VM " + stream.vm() + " but queue "
                    + q.name + " runs in VM " + q.vm, job.declaration());
        }
        if (stream.size() > 0xffff_ffffL) {
            throw new ConfigurationError("stream " + stream.name() + " is longer than a CALL can cover", job.declaration());
        }
        long addr = arch.ringAddressRegister();
        long val = arch.ringLengthRegister();
        // panthor's prepare_job_instrs without profiling, and without its cache flush before the CALL (MOV32
        // latest_flush, FLUSH_CACHE2, WAIT: the model has no caches): the CALL, then the job's end.
        long[] entry = {
                encode("MOVE48", Map.of("dst", addr, "imm", stream.address())),
                encode("MOVE32", Map.of("dst", val, "imm", stream.size())),
                encode("CALL", Map.of("addr", addr, "length", val)),
                encode("MOVE48", Map.of("dst", addr, "imm", q.completionSync)),
                encode("MOVE48", Map.of("dst", val, "imm", 1L)),
                encode("WAIT", Map.of("wait_mask", (1L << arch.scoreboardEntries()) - 1)),
                encode("SYNC_ADD64", Map.of("addr", addr, "data", val, "error_propagate", 1L)),
                encode("ERROR_BARRIER", Map.of())};
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

    /**
     * A terminated group's queue: its completion sync object takes what panthor's {@code group_term_post_processing}
     * writes, status ~0 and the sequence number of the last job submitted to it, so whatever waits on it is released
     * with an error.
     */
    public void terminated(Queue q) {
        byte[] bytes = new byte[12];
        for (int b = 0; b < 8; b++) {
            bytes[b] = (byte) (q.insert >>> (8 * b));
        }
        Arrays.fill(bytes, 8, 12, (byte) 0xff);
        try {
            host.write(q.vm, q.completionSync, bytes);
        } catch (HostAccessException e) {
            throw new IllegalStateException("kernel sync object not mapped: " + e.getMessage(), e);
        }
    }

    /** The queue's completion sync object as the run left it: its sequence number and status word. */
    public long[] completion(Queue q) {
        try {
            byte[] b = host.read(q.vm, q.completionSync, 12);
            long seqno = 0;
            for (int i = 7; i >= 0; i--) {
                seqno = seqno << 8 | (b[i] & 0xff);
            }
            long status = (b[8] & 0xff) | (b[9] & 0xff) << 8 | (b[10] & 0xff) << 16 | (long) (b[11] & 0xff) << 24;
            return new long[] {seqno, status};
        } catch (HostAccessException e) {
            throw new IllegalStateException("kernel sync object not mapped: " + e.getMessage(), e);
        }
    }

    private long encode(String mnemonic, Map<String, Long> fields) {
        InstructionDef def = arch.instructionSet().byMnemonic(mnemonic).orElseThrow();
        return Encoder.encode(def, fields);
    }

    /** The line of {@code pc} in the queue's VM; for the kernel ring buffer, the job's {@code .submit}. */
    public SourceRange lineOf(Queue q, long pc) {
        SourceRange line = recorder.lineAt(q.vm, pc);
        if (line == null && inRing(q, pc)) {
            int job = (int) ((pc - q.ringBase) / Queue.RING_ENTRY);
            return q.jobs.get(job).declaration();
        }
        return line;
    }

    /** Whether {@code va} is in the part of the queue's kernel ring buffer that holds jobs. */
    static boolean inRing(Queue q, long va) {
        return va >= q.ringBase && va < q.ringBase + q.insert * Queue.RING_ENTRY;
    }

    /** User instructions executed by every queue (the ring buffers' not counted). */
    public long userInstructions() {
        long n = 0;
        for (Queue q : queues) {
            n += q.executed - q.kernelExecuted;
        }
        return n;
    }
}
