package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;

import java.util.List;
import java.util.Map;
import dev.csfstudio.runtime.report.ProgramFingerprint;

/**
 * What a run did. Faults, timeouts and deadlocks are data here, never exceptions.
 *
 * @param instructions  user instructions executed by every queue (the kernel ring buffer's are not counted)
 * @param registers     the entry queue's 96 registers, unsigned
 * @param fault         why the run stopped, or null when {@code status} is OK
 * @param renderTargets every render target a fragment job wrote, one per writeback buffer
 * @param recorded      instructions the model does not execute (shaders, tiler, caches), with their inputs
 * @param notes         what the model assumed or ignored (clear packing, unsupported layouts, ...)
 * @param coreDump      the failing queue's state, or null when {@code status} is OK
 * @param queues        every queue's final state, in declaration order
 * @param dumpedBuffers final bytes of each buffer asked for in {@link RunOptions#dumpBuffers()}
 * @param memory        host access to the final memory (for viewers and debuggers); null if setup failed
 * @param hazards       every hazard the run met, in the order met (one when it stopped the run)
 * @param timeline      what ran when, when {@link RunOptions#timeline()} asked for it; else null
 * @param jobs          every RUN_* job run, with its inputs decoded as pandecode decodes them
 * @param waits         what WAITs waited for: the first {@code RunRecorder.WAITS_PER_LINE} of each WAIT instruction
 */
public record RunReport(RunStatus status, long instructions, long[] registers, Fault fault,
                        List<RenderTarget> renderTargets, List<RecordedInstruction> recorded, List<String> notes,
                        CoreDump coreDump, List<QueueState> queues, Map<String, byte[]> dumpedBuffers,
                        HostAccess memory, List<Hazard> hazards, Timeline timeline, List<JobInputs.Job> jobs,
                        List<Wait> waits) {

    public boolean ok() {
        return status == RunStatus.OK;
    }

    /**
     * Why a run stopped.
     *
     * @param va           the faulting GPU address (for a deadlock: the awaited sync object)
     * @param addressSpace the VM name, with its slot in {@code slot}
     * @param line         the source line of the instruction, or null when it has none
     * @param callChain    the CALL sites leading to it, innermost first
     * @param instruction  address of the instruction that faulted (or waits, or was next)
     * @param hardware     the exception the GPU raises for it, as panthor reports it, or why it raises none
     *                     ({@code message} ends with its {@link HardwareReport#summary})
     */
    public record Fault(FaultKind kind, long va, String addressSpace, int slot, SourceRange line, String message,
                        List<SourceRange> callChain, String queue, long instruction, HardwareReport hardware) {
    }

    /** Inclusive pixel rectangle; empty when max < min. */
    public record Region(int minX, int minY, int maxX, int maxY) {
        public boolean empty() {
            return maxX < minX || maxY < minY;
        }

        public int width() {
            return empty() ? 0 : maxX - minX + 1;
        }

        public int height() {
            return empty() ? 0 : maxY - minY + 1;
        }

        Region union(Region o) {
            if (empty()) {
                return o;
            }
            if (o.empty()) {
                return this;
            }
            return new Region(Math.min(minX, o.minX), Math.min(minY, o.minY), Math.max(maxX, o.maxX),
                    Math.max(maxY, o.maxY));
        }
    }

    /** An instruction the model records instead of executing, with the values it would have used. */
    public record RecordedInstruction(String queue, long va, SourceRange line, String text,
                                      Map<String, Long> fields, Map<String, Long> inputRegisters, String reason) {
    }

    /**
     * The state a failing queue leaves behind, and what rebuilds the whole device's state (see
     * {@link PostMortem}).
     *
     * @param callStack innermost frame first
     */
    public record CoreDump(String queue, long[] registers, List<CallFrame> callStack,
                           List<ExecutedInstruction> lastInstructions, Map<String, byte[]> dumpableBuffers,
                           Replay replay) {
    }

    /**
     * How to get the device back to the dumped state: load the program whose {@link ProgramFingerprint}
     * is {@code program} with step budget {@code stepBudget}, completion policy {@code completion} and hazard mode
     * {@code hazards}; run it to its end, or, when the {@code ending} was the wall clock or a cancellation, until
     * {@code position} instructions (the kernel ring buffers' included) have executed.
     */
    public record Replay(String program, long position, long stepBudget, long timeoutMillis, Ending ending,
                         Completion completion, RunOptions.HazardMode hazards) {

        /**
         * How the run ended; all but the wall clock and a cancellation come again by themselves when the program
         * runs again (a hazard with the same completion policy).
         */
        public enum Ending {
            FAULT, DEADLOCK, STEP_BUDGET, WALL_CLOCK, CANCELLED, HAZARD;

            public String jsonName() {
                return name().toLowerCase(java.util.Locale.ROOT);
            }
        }
    }

    public record ExecutedInstruction(long va, String text, SourceRange line) {
    }

    /**
     * @param scoreboard the queue's scoreboard as the run left it
     * @param status     how the queue ended: {@code ok} when it finished its jobs, {@code fault} or {@code hazard}
     *                   when that terminated its group, else how the run ended while it still had work
     * @param fault      what ended it, or null when it is {@code ok} (or another queue's stop ended the run)
     * @param handlers   the exception handlers SET_EXCEPTION_HANDLER installed, by type
     * @param group      the queue's group, {@code csSlot} its CS slot in it
     * @param completion the queue's completion sync object as the run left it
     * @param raised     the exceptions the program injected that the queue raised, in order
     */
    public record QueueState(String name, String vm, int slot, long[] registers, long jobsSubmitted,
                             long jobsCompleted, long instructions, ScoreboardState scoreboard, RunStatus status,
                             Fault fault, List<ExceptionHandler> handlers, String group, int csSlot,
                             CompletionSync completion, List<RaisedException> raised) {
    }

    /**
     * A queue's kernel sync object (panthor's {@code panthor_syncobj_64b}, one per queue of its group): the ring's
     * SYNC_ADD64.propagate_err raises {@code seqno} by one at each job's end and writes the CS's error state into
     * {@code status} (1: the job inherited an error); a terminated group's queues get status 0xffffffff and the
     * last submitted job's sequence number, as panthor's {@code group_term_post_processing} writes them.
     */
    public record CompletionSync(long address, long seqno, long status) {
    }

    /**
     * A group's state as panthor's {@code DRM_IOCTL_PANTHOR_GROUP_GET_STATE} reports it: {@code fatal_fault}
     * (DRM_PANTHOR_GROUP_STATE_FATAL_FAULT) with the bitmask of its queues that faulted, {@code timedout}
     * (DRM_PANTHOR_GROUP_STATE_TIMEDOUT: it still had jobs when the run stopped), {@code cancelled}, or {@code ok}.
     * {@code queues} are the group's, by CS slot; {@code fatalQueues} has bit N set when CS N faulted (its fault
     * or hazard stop terminated the group; the group's other queues are {@code cancelled}).
     */
    public record GroupState(String name, List<String> queues, String state, int fatalQueues) {

        /** "group qbad: fatal_fault (fatal_queues 0x1: qbad)", "group qgood: ok". */
        public String describe() {
            StringBuilder s = new StringBuilder("group ").append(name).append(": ").append(state);
            if (fatalQueues != 0) {
                s.append(" (fatal_queues 0x").append(Integer.toHexString(fatalQueues)).append(": ");
                for (int i = 0; i < queues.size(); i++) {
                    if ((fatalQueues & 1 << i) != 0) {
                        s.append(queues.get(i));
                    }
                }
                s.append(')');
            }
            return s.toString();
        }
    }

    /** The state of {@code queue}'s group, if the queue exists. */
    public java.util.Optional<GroupState> groupOf(String queue) {
        return groups().stream().filter(g -> g.queues().contains(queue)).findFirst();
    }

    /** Every group, in the order its first queue was declared. */
    public List<GroupState> groups() {
        Map<String, List<QueueState>> byGroup = new java.util.LinkedHashMap<>();
        for (QueueState q : queues) {
            byGroup.computeIfAbsent(q.group(), g -> new java.util.ArrayList<>()).add(q);
        }
        List<GroupState> out = new java.util.ArrayList<>();
        byGroup.forEach((name, members) -> {
            int fatal = 0;
            boolean timedOut = false;
            boolean cancelled = false;
            for (QueueState q : members) {
                switch (q.status()) {
                    case OK -> { }
                    case FAULT -> fatal |= 1 << q.csSlot();
                    case HAZARD -> fatal |= q.fault() == null ? 0 : 1 << q.csSlot(); // ignored hazards terminate nothing
                    case TIMEOUT, DEADLOCK -> timedOut = true;
                    case CANCELLED -> cancelled = true;
                }
            }
            String state = fatal != 0 ? "fatal_fault" : timedOut ? "timedout" : cancelled ? "cancelled" : "ok";
            out.add(new GroupState(name, members.stream().map(QueueState::name).toList(), state, fatal));
        });
        return out;
    }

    /**
     * A queue's scoreboard: its size, the entries SET_SB_ENTRY selected, and the operations still in flight (in
     * issue order).
     */
    public record ScoreboardState(int entries, int endpointEntry, int otherEntry, List<InFlight> inFlight) {
        public ScoreboardState {
            inFlight = List.copyOf(inFlight);
        }
    }

    /**
     * An asynchronous operation in flight: the instruction that issued it, the entry it signals and the entries
     * it waits for before it runs (0 for one that runs at once).
     */
    public record InFlight(String mnemonic, long va, SourceRange line, int entry, int waitMask) {
    }

    /**
     * A WAIT the run reached, with the asynchronous operations in flight on the entries of its mask then (the ones
     * it waited for; empty when nothing was in flight).
     */
    public record Wait(String queue, long va, SourceRange line, int mask, List<InFlight> waitedFor) {
        public Wait {
            waitedFor = List.copyOf(waitedFor);
        }
    }

    /**
     * An instruction that raced an asynchronous operation still in flight on its queue's scoreboard.
     *
     * @param kind      what raced: {@code read}, {@code write}, {@code memory}, {@code release} (a sync signalled
     *                  before the memory it publishes is written) or {@code self_wait}
     * @param va        the racing instruction (for {@code self_wait}: the deferred operation itself)
     * @param line      its source line, or null
     * @param operation the operation in flight it raced
     * @param message   what happened and the WAIT that prevents it, without the racing line's place
     */
    public record Hazard(String queue, String kind, long va, SourceRange line, InFlight operation, String message) {
    }

    /**
     * What ran when, for a trace viewer: times are positions (instructions every queue had executed).
     *
     * @param spans    asynchronous operations from issue to completion, and WAITs and SYNC_WAITs from the first
     *                 try to the moment they went on
     * @param counters sync object values as they changed
     */
    public record Timeline(List<Span> spans, List<Counter> counters) {
        public Timeline {
            spans = List.copyOf(spans);
            counters = List.copyOf(counters);
        }
    }

    /**
     * @param entry the scoreboard entry an asynchronous operation signals; -1 for a WAIT or SYNC_WAIT (on the
     *              queue's own track)
     * @param what  for a wait, what it waits for
     */
    public record Span(String queue, int entry, String name, SourceRange line, long start, long end, String what) {
    }

    /** A sync object's value from {@code time} on. */
    public record Counter(String vm, long address, long time, long value) {
    }
}
