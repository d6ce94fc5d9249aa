package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;

import java.util.List;
import java.util.Map;

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
 * @param jobs          every RUN_* job run, with its inputs decoded as pandecode decodes them
 */
public record RunReport(RunStatus status, long instructions, long[] registers, Fault fault,
                        List<RenderTarget> renderTargets, List<RecordedInstruction> recorded, List<String> notes,
                        CoreDump coreDump, List<QueueState> queues, Map<String, byte[]> dumpedBuffers,
                        HostAccess memory, List<JobInputs.Job> jobs) {

    /** A report of a run that ran no job (setup failed before the first instruction). */
    public RunReport(RunStatus status, long instructions, long[] registers, Fault fault,
                     List<RenderTarget> renderTargets, List<RecordedInstruction> recorded, List<String> notes,
                     CoreDump coreDump, List<QueueState> queues, Map<String, byte[]> dumpedBuffers, HostAccess memory) {
        this(status, instructions, registers, fault, renderTargets, recorded, notes, coreDump, queues, dumpedBuffers,
                memory, List.of());
    }

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
     */
    public record Fault(FaultKind kind, long va, String addressSpace, int slot, SourceRange line, String message,
                        List<SourceRange> callChain, String queue, long instruction) {
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
     * is {@code program} with step budget {@code stepBudget}; run it to its end, or, when the
     * {@code ending} was the wall clock or a cancellation, until {@code position} instructions (the
     * kernel ring buffers' included) have executed.
     */
    public record Replay(String program, long position, long stepBudget, long timeoutMillis, Ending ending) {

        /** How the run ended; the first three come again by themselves when the program runs again. */
        public enum Ending {
            FAULT, DEADLOCK, STEP_BUDGET, WALL_CLOCK, CANCELLED;

            public String jsonName() {
                return name().toLowerCase(java.util.Locale.ROOT);
            }
        }
    }

    public record ExecutedInstruction(long va, String text, SourceRange line) {
    }

    public record QueueState(String name, String vm, int slot, long[] registers, long jobsSubmitted,
                             long jobsCompleted, long instructions) {
    }
}
