package dev.csfstudio.runtime.report;

import dev.csfstudio.isa.Condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import dev.csfstudio.runtime.CallFrame;
import dev.csfstudio.runtime.FramebufferView;
import dev.csfstudio.runtime.HostAccessException;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.SyncObject;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.runtime.SyncWait;
import dev.csfstudio.runtime.device.Device;
import dev.csfstudio.runtime.device.FramebufferDescriptor;
import dev.csfstudio.runtime.device.Interpreter;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.device.SyncObjects;

/** What a debugger reads of a device's state: queues, call stacks, sync objects and framebuffers. */
public final class DeviceViews {

    private final Device device;

    public DeviceViews(Device device) {
        this.device = device;
    }

    public QueueView queue(Queue q) {
        Optional<SyncWait> waiting = q.state == Queue.State.WAITING ? Optional.of(syncWait(q)) : Optional.empty();
        return new QueueView(q.name, q.vm, q.state, waiting, q.insert, q.extract, q.pc, q.depth, q.slot, q.csgSlot,
                q.executed - q.kernelExecuted, q.unsignedRegisters(), callStack(q), terminatedBy(q.ended), q.group,
                completion(q));
    }

    /** The queue's completion sync object as it is now. */
    public RunReport.CompletionSync completion(Queue q) {
        long[] c = device.completion(q);
        return new RunReport.CompletionSync(q.completionSync, c[0], c[1]);
    }

    /** The fault record of the stop that terminated a queue's group, if one did. */
    private static Optional<RunReport.Fault> terminatedBy(StopReason ended) {
        if (ended instanceof StopReason.Fault f) {
            return Optional.of(f.fault());
        }
        return ended instanceof StopReason.Hazard h ? Optional.of(h.fault()) : Optional.empty();
    }

    /** The queue's frames, innermost first; an idle queue's is the frame its last job ended in. */
    List<CallFrame> callStack(Queue q) {
        List<CallFrame> stack = new ArrayList<>(q.depth + 1);
        for (int d = q.depth; d >= 0; d--) {
            // an outer frame stands at its CALL, or at the instruction a handler interrupted before it ran
            long pc = d == q.depth ? q.pc : q.frameReturn[d] - ((q.handlerInterrupts & 1 << d + 1) != 0 ? 0 : 8);
            OptionalLong ret = d == 0 ? OptionalLong.empty() : OptionalLong.of(q.frameReturn[d - 1]);
            stack.add(new CallFrame(d, q.frameStart[d], q.frameEnd[d], pc, ret, device.lineOf(q, pc), d == 0,
                    (q.handlerFrames & 1 << d) != 0 ? "tiler_oom" : null, q.handlerRaisedBy(d)));
        }
        return stack;
    }

    /** What a waiting queue waits for. */
    public SyncWait syncWait(Queue q) {
        if (Interpreter.oomHeld(q)) {
            return new SyncWait(q.name, q.pc, device.lineOf(q, q.pc), q.waitAddress, "held", 0, 0, true,
                    Interpreter.heldFor(q));
        }
        return new SyncWait(q.name, q.pc, device.lineOf(q, q.pc), q.waitAddress, Condition.ofOrdinal(q.waitCond).symbol(),
                q.waitExpected, q.waitCurrent, q.waitWide);
    }

    public List<SyncObject> syncObjects() {
        List<SyncObject> out = new ArrayList<>();
        for (SyncObjects.Used used : device.syncs.all()) {
            int bytes = used.bits() / 8;
            OptionalLong value = word(used.vm(), used.address(), bytes);
            if (value.isPresent()) {
                out.add(new SyncObject(used.vm(), used.address(), used.bits(), value.getAsLong(),
                        word(used.vm(), used.address() + bytes, bytes)));
            }
        }
        return out;
    }

    private OptionalLong word(String vm, long va, int bytes) {
        try {
            return OptionalLong.of(little(device.host.read(vm, va, bytes), 0, bytes));
        } catch (HostAccessException e) {
            return OptionalLong.empty();
        }
    }

    static long little(byte[] b, int at, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xff);
        }
        return v;
    }

    /** The FBD the queue's d40 points at, read through its VM's page tables; refused when it cannot be read. */
    public Result<FramebufferView> framebuffer(Queue q) {
        FramebufferDescriptor.Layout layout = FramebufferDescriptor.Layout.of(device.arch);
        long pointer = q.register64(layout.framebufferPointer);
        String problem = layout.pointerProblem(pointer);
        if (problem != null) {
            return Result.refused(problem);
        }
        FramebufferDescriptor.Reader host = (va, length) -> {
            try {
                return device.host.read(q.vm, va, length);
            } catch (HostAccessException e) {
                throw new Unreadable(e.getMessage());
            }
        };
        try {
            FramebufferDescriptor fbd = layout.read(pointer, host);
            RunReport.Region region = fbd.region(q.regs[layout.bboxMin], q.regs[layout.bboxMax]);
            List<FramebufferView.Target> targets = new ArrayList<>();
            for (int k = 0; k < fbd.rtCount; k++) {
                byte[] rt = host.read(fbd.renderTargetAddress(k), layout.rt.size());
                Map<String, Long> fields = FramebufferDescriptor.fields(layout.rt, rt);
                FramebufferDescriptor.Target t = fbd.target(k, rt);
                if (t instanceof FramebufferDescriptor.Writable w) {
                    targets.add(new FramebufferView.Image(k, t.address(), fields,
                            RenderTarget.of(w, q.vm, fbd, region, device.recorder, device.host)));
                } else if (t instanceof FramebufferDescriptor.Disabled d) {
                    targets.add(new FramebufferView.Skipped(k, t.address(), fields, d.reason()));
                } else if (t instanceof FramebufferDescriptor.Unsupported u) {
                    targets.add(new FramebufferView.Skipped(k, t.address(), fields, u.reason()));
                }
            }
            return Result.ok(new FramebufferView(pointer, fbd.address,
                    FramebufferDescriptor.fields(layout.params, fbd.params), targets));
        } catch (Unreadable e) {
            return Result.refused("the framebuffer descriptor d" + layout.framebufferPointer
                    + " points at cannot be read: " + e.getMessage());
        }
    }

    /** A descriptor read that found no mapping (carried out of the reader, turned into a refusal). */
    private static final class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message, null, false, false);
        }
    }
}
