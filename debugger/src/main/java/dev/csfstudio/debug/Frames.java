package dev.csfstudio.debug;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.runtime.CallFrame;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.device.Queue;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackFramePresentationHint;
import org.eclipse.lsp4j.debug.Thread;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Queues as DAP threads (id = queue index + 1) and their CS call stacks as DAP stack frames (id = thread id
 * × {@link #PER_THREAD} + frame index, innermost 0): user stream frames above the kernel ring buffer's.
 */
final class Frames {

    static final int PER_THREAD = 1000;

    private Frames() {
    }

    static Source source(Path file) {
        Source s = new Source();
        s.setName(file.getFileName().toString());
        s.setPath(file.toAbsolutePath().normalize().toString());
        return s;
    }

    /**
     * {@code queue NAME (STATE)}, the queue's state as the user sees it: a terminated group's queue says why it ended
     * ({@link GroupFaults#ended}), a waiting queue's what it waits for, one whose jobs are all done says so, and one at
     * work (in the middle of a job, or with one pending) says {@code busy}, what the debugger does with it
     * ("not started", "running", "stopped on breakpoint" for the queue a stop is about, "suspended" for the others).
     */
    static String threadName(QueueView q, String busy) {
        Optional<String> ended = GroupFaults.ended(q);
        if (ended.isPresent()) {
            return "queue " + q.name() + " (" + ended.get() + ")";
        }
        boolean atWork = q.state() == Queue.State.RUNNING || q.state() == Queue.State.IDLE && q.jobsPending() > 0;
        String state = atWork ? busy : q.state().name().toLowerCase(Locale.ROOT);
        if (q.waitingOn().isPresent()) {
            state += " for " + q.waitingOn().get().describe();
        } else if (q.jobsPending() == 0 && q.jobsSubmitted() > 0) {
            state = "done";
        }
        return "queue " + q.name() + " (" + state + ")";
    }

    /** The queues as threads, {@code busy} saying what the debugger does with each one in the middle of its work. */
    static List<Thread> threads(List<QueueView> queues, Function<QueueView, String> busy) {
        List<Thread> out = new ArrayList<>();
        for (int i = 0; i < queues.size(); i++) {
            Thread t = new Thread();
            t.setId(i + 1);
            t.setName(threadName(queues.get(i), busy.apply(queues.get(i))));
            out.add(t);
        }
        return out;
    }

    static int threadIndex(int frameId) {
        return frameId / PER_THREAD - 1;
    }

    static int frameIndex(int frameId) {
        return frameId % PER_THREAD;
    }

    static List<StackFrame> stack(Program program, int threadId, QueueView q) {
        List<StackFrame> out = new ArrayList<>();
        List<CallFrame> frames = q.callStack();
        for (int i = 0; i < frames.size() && i < PER_THREAD; i++) {
            CallFrame f = frames.get(i);
            StackFrame s = new StackFrame();
            s.setId(threadId * PER_THREAD + i);
            s.setName(name(program, q, f, i == 0));
            s.setInstructionPointerReference(ValueText.hex(f.pc()));
            SourceRange line = f.line() == null && f.kernel() ? calledStreamLine(program, q, frames, i) : f.line();
            if (line != null && line.file() != null) {
                s.setSource(source(line.file()));
                s.setLine(line.line());
                s.setColumn(line.column());
            }
            if (f.kernel()) {
                s.setPresentationHint(StackFramePresentationHint.SUBTLE);
            }
            out.add(s);
        }
        return out;
    }

    /**
     * Where the ring buffer's frame of a job without {@code .submit} (the program's implicit job) sits: the
     * first instruction line of the stream it calls (the frame above it; the entry stream before the CALL).
     */
    private static SourceRange calledStreamLine(Program program, QueueView q, List<CallFrame> frames, int kernel) {
        Optional<Section> called = kernel > 0 ? program.sectionAt(q.vm(), frames.get(kernel - 1).start())
                : Optional.of(program.entrySection());
        return called.flatMap(section -> section.lines().stream()
                .filter(l -> l.instruction() != null && l.range() != null).findFirst())
                .map(AssembledLine::range).orElse(null);
    }

    private static String name(Program program, QueueView q, CallFrame f, boolean innermost) {
        String name;
        if (f.kernel()) {
            name = "ring buffer of queue " + q.name();
        } else {
            name = program.sectionAt(q.vm(), f.pc()).map(Section::name).orElse("stream")
                    + " @ " + ValueText.hex(f.pc());
            if (f.handler() != null) {
                name += " (" + f.handler() + " exception handler, run by the firmware on an injected exception"
                        + (f.raisedBy() == null ? "" : " of queue " + f.raisedBy()) + ")";
            }
        }
        if (innermost && q.waitingOn().isPresent()) {
            name += " (waiting for " + q.waitingOn().get().describe() + ")";
        }
        return name;
    }
}
