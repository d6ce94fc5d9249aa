package dev.csfstudio.runtime.report;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.csfstudio.runtime.Access;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.HardwareReport;
import dev.csfstudio.runtime.HostAccess;
import dev.csfstudio.runtime.HostAccessException;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.runtime.SyncWait;
import dev.csfstudio.runtime.device.Device;
import dev.csfstudio.runtime.device.GpuFault;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.device.StepMeter;

/** Builds what a device reports: faults with their call chains, deadlocks, core dumps and the run report. */
public final class Reports {


    private final Device device;
    private final DeviceViews views;

    public Reports(Device device, DeviceViews views) {
        this.device = device;
        this.views = views;
    }

    /** A fault of {@code kind} at VA {@code va} by the instruction at {@code pc} of {@code q}, not a memory access. */
    public RunReport.Fault fault(FaultKind kind, Queue q, long va, long pc, String message) {
        return fault(kind, q, va, pc, message, 0, null);
    }

    /** The fault {@code f} raised by the instruction at {@code pc} of {@code q}. */
    public RunReport.Fault fault(GpuFault f, Queue q, long pc) {
        return fault(f.kind, q, f.va, pc, f.getMessage(), f.level, f.access);
    }

    /**
     * A fault of {@code kind} at VA {@code va} by the instruction at {@code pc} of {@code q}, with the exception
     * the GPU raises for it: a translation fault's page-table {@code level}, a memory access's {@code access}. The
     * queue is its group's only CS (CS slot 0), in the CSG slot it is resident in.
     */
    private RunReport.Fault fault(FaultKind kind, Queue q, long va, long pc, String message, int level, Access access) {
        List<SourceRange> chain = new ArrayList<>();
        for (int d = q.depth - 1; d >= 0; d--) {
            SourceRange site = device.lineOf(q, q.frameReturn[d] - ((q.handlerInterrupts & 1 << d + 1) != 0 ? 0 : 8));
            if (site != null) {
                chain.add(site);
            }
        }
        HardwareReport hardware = HardwareReport.of(device.arch.exceptions(), kind, level, access, va, q.slot,
                q.csgSlot, q.csSlot);
        return new RunReport.Fault(kind, va, q.vm, q.slot, device.lineOf(q, pc), message + "; " + hardware.summary(),
                chain, q.name, pc, hardware);
    }

    /** The stop for a limit reached while {@code q} was at {@code pc}. */
    public StopReason limit(StepMeter.Limit limit, Queue q, long pc) {
        if (limit == StepMeter.Limit.CANCELLED) {
            return new StopReason.Cancelled(fault(FaultKind.CANCELLED, q, pc, pc,
                    device.meter.describe(limit, device.userInstructions())));
        }
        return new StopReason.Timeout(limit == StepMeter.Limit.CLOCK ? StopReason.Timeout.Limit.CLOCK
                : StopReason.Timeout.Limit.STEPS,
                fault(FaultKind.TIMEOUT, q, pc, pc, device.meter.describe(limit, device.userInstructions())));
    }

    /** Every queue with work waits: says on what, the first waiting queue's wait being the fault. */
    public StopReason.Deadlock deadlock() {
        StringBuilder message = new StringBuilder("every queue with work left waits on a sync object");
        Queue first = null;
        List<SyncWait> waits = new ArrayList<>();
        for (Queue q : device.queues) {
            if (q.state != Queue.State.WAITING || q.ended != null) {
                continue;
            }
            if (first == null) {
                first = q;
            }
            SyncWait wait = views.syncWait(q);
            waits.add(wait);
            if (wait.held() != null) {
                message.append("; queue ").append(q.name).append(" waits at ").append(GpuFault.hex(q.pc)).append(" (")
                        .append(q.waitWord == 0 ? "its job's end" : device.recorder.text(q.waitWord))
                        .append(wait.line() == null ? "" : ", " + wait.line().position()).append(") for ")
                        .append(wait.held());
                continue;
            }
            message.append("; queue ").append(q.name).append(" waits at ").append(GpuFault.hex(q.pc))
                    .append(" (").append(device.recorder.text(q.waitWord))
                    .append(wait.line() == null ? "" : ", " + wait.line().position()).append(") until ")
                    .append(wait.describe());
        }
        return new StopReason.Deadlock(fault(FaultKind.DEADLOCK, first, first.waitAddress, first.pc,
                message.toString()), waits);
    }

    /** The report of a run that ended with {@code end}; {@code q} is the queue it ended in (null when done). */
    public RunReport report(StopReason end, Queue q, long position) {
        List<RunReport.Hazard> ignored = device.recorder.hazards();
        List<RunReport.QueueState> states = queueStates(end, ignored);
        // the run's status: the first group terminated (by a fault or hazard stop), else how the run ended
        List<Queue> terminated = terminated();
        List<RunReport.Hazard> listed = new ArrayList<>(ignored);
        for (Queue t : terminated) {
            if (t.ended instanceof StopReason.Hazard h) {
                listed.add(h.hazard());
            }
        }
        Queue firstQueue = terminated.isEmpty() ? q : terminated.get(0);
        StopReason first = terminated.isEmpty() ? end : firstQueue.ended;
        RunStatus status = first.outcome().orElseThrow();
        if (status == RunStatus.OK && !listed.isEmpty()) {
            // --hazards=ignore ran on past them: the run ends as the first one, every one listed
            RunReport.Hazard h = listed.get(0);
            return report(RunStatus.HAZARD, hazardFault(h, device.queuesByName.get(h.queue())), null, listed, states);
        }
        RunReport.Fault fault = fault(first);
        return report(status, fault, fault == null ? null : coreDump(firstQueue, position, ending(end)), listed,
                states);
    }

    /** The queues whose group was terminated, the first terminated first. */
    public List<Queue> terminated() {
        return device.queues.stream().filter(t -> t.ended != null)
                .sorted(java.util.Comparator.comparingLong(t -> t.endedAt)).toList();
    }

    /**
     * Every queue's state with its own status: how its group was terminated, else {@code ok} when it finished its
     * jobs ({@code hazard} when hazards were ignored in it), else how the run ended ({@code end}: a timeout,
     * deadlock or cancellation stops every queue that still has work).
     */
    private List<RunReport.QueueState> queueStates(StopReason end, List<RunReport.Hazard> ignored) {
        List<RunReport.QueueState> states = new ArrayList<>();
        RunReport.Fault endFault = fault(end);
        for (Queue q : device.queues) {
            RunStatus status;
            RunReport.Fault fault = null;
            if (q.ended != null && !fault(q.ended).queue().equals(q.name)) {
                status = RunStatus.CANCELLED; // another queue's fault terminated the group: panthor's -ECANCELED
            } else if (q.ended != null) {
                status = q.ended.outcome().orElseThrow();
                fault = fault(q.ended);
            } else if (!q.hasWork()) {
                status = ignored.stream().anyMatch(h -> h.queue().equals(q.name)) ? RunStatus.HAZARD : RunStatus.OK;
            } else {
                status = end.outcome().orElseThrow();
                fault = endFault != null && endFault.queue().equals(q.name) ? endFault : null;
            }
            states.add(new RunReport.QueueState(q.name, q.vm, q.slot, q.unsignedRegisters(), q.insert, q.extract,
                    q.executed - q.kernelExecuted, q.scoreboard.view(), status, fault, List.copyOf(q.handlers.values()),
                    q.group, q.csSlot, views.completion(q), q.raised));
        }
        return states;
    }

    /** The fault a hazard is reported as: the racing instruction's place, the hazard's message. */
    public RunReport.Fault hazardFault(RunReport.Hazard h, Queue q) {
        return fault(FaultKind.HAZARD, q, h.va(), h.va(), h.message());
    }

    private static RunReport.Replay.Ending ending(StopReason end) {
        if (end instanceof StopReason.Deadlock) {
            return RunReport.Replay.Ending.DEADLOCK;
        } else if (end instanceof StopReason.Timeout t) {
            return t.limit() == StopReason.Timeout.Limit.CLOCK ? RunReport.Replay.Ending.WALL_CLOCK
                    : RunReport.Replay.Ending.STEP_BUDGET;
        } else if (end instanceof StopReason.Cancelled) {
            return RunReport.Replay.Ending.CANCELLED;
        } else if (end instanceof StopReason.Hazard) {
            return RunReport.Replay.Ending.HAZARD;
        }
        return RunReport.Replay.Ending.FAULT;
    }

    private static RunReport.Fault fault(StopReason end) {
        if (end instanceof StopReason.Fault f) {
            return f.fault();
        } else if (end instanceof StopReason.Deadlock d) {
            return d.fault();
        } else if (end instanceof StopReason.Timeout t) {
            return t.fault();
        } else if (end instanceof StopReason.Cancelled c) {
            return c.fault();
        } else if (end instanceof StopReason.Hazard h) {
            return h.fault();
        }
        return null;
    }

    private RunReport.CoreDump coreDump(Queue q, long position, RunReport.Replay.Ending ending) {
        List<RunReport.ExecutedInstruction> last = new ArrayList<>();
        for (long va : q.recentInstructions()) {
            long word;
            try {
                word = ByteBuffer.wrap(device.host.read(q.vm, va, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
            } catch (HostAccessException e) {
                continue;
            }
            last.add(new RunReport.ExecutedInstruction(va, device.recorder.text(word), device.lineOf(q, va)));
        }
        Map<String, byte[]> dumpable = new LinkedHashMap<>();
        for (Section s : device.program.sections()) {
            if (s.dumpable()) {
                try {
                    dumpable.put(s.name(), device.host.readBuffer(s.name()));
                } catch (HostAccessException e) {
                    device.recorder.note("dumpable buffer " + s.name() + " could not be read: " + e.getMessage());
                }
            }
        }
        RunReport.Replay replay = new RunReport.Replay(ProgramFingerprint.of(device.program), position,
                device.meter.budget(), device.options.timeout().toMillis(), ending, device.options.completion(),
                device.options.hazards());
        return new RunReport.CoreDump(q.name, q.unsignedRegisters(), views.callStack(q), last, dumpable, replay);
    }

    private RunReport report(RunStatus status, RunReport.Fault fault, RunReport.CoreDump core,
                             List<RunReport.Hazard> hazards, List<RunReport.QueueState> states) {
        Map<String, byte[]> dumps = new LinkedHashMap<>();
        for (String name : device.options.dumpBuffers()) {
            try {
                dumps.put(name, device.host.readBuffer(name));
            } catch (HostAccessException e) {
                device.recorder.note("--dump-buffer " + name + ": " + e.getMessage());
            }
        }
        Queue entry = entryQueue();
        long[] registers = entry == null ? new long[device.arch.registerCount()] : entry.unsignedRegisters();
        return new RunReport(status, device.userInstructions(), registers, fault, device.recorder.renderTargets(),
                device.recorder.recorded(), device.recorder.notes(), core, states, dumps, device.host,
                hazards, device.options.timeline() ? device.recorder.timeline() : null, device.recorder.jobs(),
                device.recorder.waits());
    }

    /** The queue that runs the entry stream (else the first queue). */
    private Queue entryQueue() {
        Program program = device.program;
        for (Program.Job job : program.jobs()) {
            if (job.stream().equals(program.entry())) {
                for (Queue q : device.queues) {
                    if (q.name.equals(job.queue())) {
                        return q;
                    }
                }
            }
        }
        return device.queues.isEmpty() ? null : device.queues.get(0);
    }

    /**
     * The report of a program the device could not place or run: a configuration fault, nothing else;
     * {@code host} reads the memory as it was left (null when the program was never placed).
     */
    public static RunReport failedSetup(String message, SourceRange line, RunRecorder recorder, HostAccess host) {
        HardwareReport none = HardwareReport.of(recorder.arch().exceptions(), FaultKind.CONFIGURATION, 0, null, 0, -1,
                -1, -1);
        RunReport.Fault fault = new RunReport.Fault(FaultKind.CONFIGURATION, 0, "", -1, line,
                message + "; " + none.summary(), List.of(), "", 0, none);
        return new RunReport(RunStatus.FAULT, 0, new long[recorder.registerCount()], fault, List.of(), List.of(), recorder.notes(),
                null, List.of(), Map.of(), host, List.of(), null, List.of(), List.of());
    }
}
