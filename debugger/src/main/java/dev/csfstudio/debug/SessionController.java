package dev.csfstudio.debug;

import dev.csfstudio.debug.SessionState.Configuring;
import dev.csfstudio.debug.SessionState.Ended;
import dev.csfstudio.debug.SessionState.Interrupt;
import dev.csfstudio.debug.SessionState.Running;
import dev.csfstudio.debug.SessionState.Stopped;
import dev.csfstudio.debug.SessionState.Unlaunched;
import dev.csfstudio.runtime.CallFrame;
import dev.csfstudio.runtime.HistoryStatus;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.rpc.ErrorResponses;
import org.eclipse.lsp4j.debug.StoppedEventArgumentsReason;
import org.eclipse.lsp4j.debug.Thread;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import static dev.csfstudio.debug.CsfDebugServer.error;

/**
 * One debug session's runtime, apart from the protocol: the {@link Session} and its machine, the one worker
 * thread every move and every look at the state runs on (in the order asked), the session's
 * {@link SessionState} and the events it sends out ({@link Events}). {@code continue} and the steps are
 * answered at once and run on the worker afterwards, so that {@code pause} and {@code threads} are answered
 * while the device runs. It knows nothing of DAP's messages: {@link CsfDebugServer} maps requests onto it
 * and its events onto DAP's.
 */
final class SessionController {

    /** What the session tells its client, on the worker thread. */
    interface Events {
        /** The machine stopped and stays there; the session goes on. */
        void stopped(Stop stop);

        /** A line (or more) for the user's console, ending with a newline. */
        void output(String text);

        /** The run has ended ({@code report} says how; empty when the machine gave none): the session is over. */
        void ended(Optional<RunReport> report);

        /** The client ended the session. */
        void terminated();
    }

    /**
     * A stop to report: {@code reason} on DAP thread {@code threadId}; {@code hitIds} the line breakpoints
     * that stopped there, when a breakpoint's decision did; {@code entry} when it is the stop on entry.
     */
    record Stop(StopReason reason, int threadId, Optional<List<Integer>> hitIds, boolean entry) {
    }

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        java.lang.Thread t = new java.lang.Thread(r, "csf-debug-machine");
        t.setDaemon(true);
        return t;
    });
    private final Events events;
    private final AtomicReference<SessionState> state = new AtomicReference<>(new Unlaunched());
    final BreakpointTable breakpoints = new BreakpointTable();
    final ExceptionFilters filters = new ExceptionFilters();
    final DataBreakpoints dataBreakpoints = new DataBreakpoints();

    // Worker-thread state.
    /** The queue the last stop was about: the default of requests that name no thread. */
    private String focus;
    /** Where history began, and the oldest position it kept when the client last heard of it. */
    private long historyBegan, historyReach;
    /** The ending last shown as an exception stop: continuing from it ends the session. */
    private StopReason shown;

    /** Read by the connection's thread while the worker runs. */
    private volatile List<Thread> threads = List.of();
    /** Edits asked for while the device runs, made when it has paused for them. */
    private final ConcurrentLinkedQueue<Runnable> edits = new ConcurrentLinkedQueue<>();

    SessionController(Events events) {
        this.events = events;
    }

    // ---------------------------------------------------------------- set-up

    /** Assembles and loads the program {@code args} name; the run waits for {@link #configurationDone}. */
    CompletableFuture<Void> launch(Map<String, Object> args) {
        return onWorker(() -> {
            Session opened = value(LaunchArguments.parse(args).flatMap(Session::open));
            state.set(new Configuring(opened));
            install(opened);
            return null;
        });
    }

    private void install(Session fresh) {
        historyBegan = historyReach = historyStart(fresh.machine());
        focus = firstQueue(fresh);
        shown = null;
        refreshThreads(q -> "not started");
    }

    /** Starts the session: the answer, then (on the worker) the first move. */
    CompletableFuture<Void> configurationDone() {
        CompletableFuture<Void> done = onWorker(() -> {
            Session s = launched();
            if (!(state.get() instanceof Configuring)) {
                throw error("the configuration is done already: the session started at the first configurationDone");
            }
            // The run starts next: from now on requests about the state say so.
            state.set(s.postMortem().isEmpty() && !s.machine().finished() ? new Running(s, Interrupt.NONE)
                    : new Stopped(s));
            return null;
        });
        done.thenRunAsync(this::start, worker);
        return done;
    }

    /** The first move: stop on entry, show a post-mortem's end, or run. */
    private void start() {
        Session session = launched();
        Machine m = session.machine();
        if (session.postMortem().isPresent() || m.finished()) {
            m.lastStop().ifPresent(stop -> report(stop, Optional.empty(), false));
            return;
        }
        Optional<String> passedBy = breakpoints.noneVerified().filter(why -> !session.arguments().noDebug());
        passedBy.ifPresent(why -> events.output("no breakpoint is verified (" + why + "): stopping on entry instead"
                + " of running to the end\n"));
        if (session.arguments().stopOnEntry() || passedBy.isPresent()) {
            run(session, machine -> {
                StopReason stop = machine.step(focus);
                // The ring buffer's CALL of the first job leads to the entry stream's first instruction.
                while (stop instanceof StopReason.Stepped && kernelOnTop(machine, focus)) {
                    stop = machine.step(focus);
                }
                return stop;
            }, true);
        } else {
            run(session, Machine::resume, false);
        }
    }

    private static boolean kernelOnTop(Machine m, String queue) {
        QueueView q = m.queue(queue).orElseThrow();
        List<CallFrame> stack = q.callStack();
        return q.jobsPending() > 0 && !stack.isEmpty() && stack.get(0).kernel();
    }

    // ---------------------------------------------------------------- running

    /** The device runs and nobody asked it to stop for good: a {@code continue} has nothing to do. */
    boolean runsOn() {
        return state.get() instanceof Running r && r.interrupt() != Interrupt.TERMINATE;
    }

    /**
     * Answers (after checking the thread, and for going back that history is kept), then makes {@code move}
     * of that thread's queue ({@code threadId}; the focus when null) on the worker and reports where it stopped.
     */
    CompletableFuture<Void> move(Integer threadId, boolean back, BiFunction<Machine, String, StopReason> move) {
        String[] queue = new String[1];
        Session[] moved = new Session[1];
        CompletableFuture<Void> answered = onWorker(() -> {
            Session s = launched();
            moved[0] = s;
            if (state.get() instanceof Ended) {
                throw error("the session has ended: restart it to run the program again");
            }
            queue[0] = threadId == null ? focus : queueOf(threadId);
            if (back && s.machine().history().isEmpty()) {
                throw error("going back needs history: launch with \"recordHistory\": true");
            }
            running(s); // from now on a pause request reaches the machine
            return null;
        });
        answered.thenRunAsync(() -> {
            // A restart answered before this run began replaced the session; an end ended it: no run.
            if (state.get() instanceof Running r && r.current() == moved[0]) {
                run(moved[0], m -> move.apply(m, queue[0]), false);
            }
        }, worker);
        return answered;
    }

    /** Makes {@code move} (again while breakpoints hit say go on) and reports the stop. */
    private void run(Session session, Function<Machine, StopReason> move, boolean entry) {
        if (state.get() instanceof Ended) {
            return;
        }
        Machine m = session.machine();
        running(session);
        refreshThreads(q -> "running");
        try {
            StopReason stop = interrupted() ? new StopReason.Paused(focus) : move.apply(m);
            while (!interrupted()) {
                if (stop instanceof StopReason.Paused && makeEdits()) {
                    stop = move.apply(m); // paused only for the edits: on with the run
                    continue;
                }
                if (!(stop instanceof StopReason.Breakpoint b)) {
                    break;
                }
                BreakpointTable.Decision d = breakpoints.onHit(b.breakpoint(),
                        expression -> Expressions.evaluate(expression, scope(b.queue())));
                d.logs().forEach(line -> events.output(line + "\n"));
                if (d.stops()) {
                    report(stop, Optional.of(d.stopFor()), false);
                    return;
                }
                stop = move.apply(m);
            }
            report(stop, Optional.empty(), entry);
        } catch (Throwable e) { // OutOfMemoryError included: the session must go on answering
            if (e instanceof OutOfMemoryError) {
                m.forgetHistory(); // free what most likely filled the heap before anything else is made
            }
            // Whatever went wrong, the client hears that the machine stopped and why.
            events.output(message(e) + "\n");
            report(m.lastStop().orElse(new StopReason.Paused(focus)), Optional.empty(), false);
        } finally {
            state.updateAndGet(now -> now instanceof Running r ? new Stopped(r.current()) : now);
        }
    }

    /** {@code session}'s machine runs from now on; what the client asked of it already stays asked. */
    private void running(Session session) {
        state.updateAndGet(s -> s instanceof Running r && r.current() == session ? s
                : new Running(session, Interrupt.NONE));
    }

    /** What the client asked of the run meanwhile; {@code NONE} when the device is not running. */
    private Interrupt interrupt() {
        return state.get() instanceof Running r ? r.interrupt() : Interrupt.NONE;
    }

    private boolean interrupted() {
        return interrupt() != Interrupt.NONE;
    }

    /**
     * Asks a running machine to pause at its next time slice for {@code why}, unless a stronger reason is
     * asked already (ending over restarting over pausing); whether it was running.
     */
    private boolean interrupt(Interrupt why) {
        SessionState now = state.updateAndGet(s -> s instanceof Running r && r.interrupt().compareTo(why) < 0
                ? r.asked(why) : s);
        if (now instanceof Running r) {
            r.current().machine().requestPause();
            return true;
        }
        return false;
    }

    /** Pauses a running machine (the stop is reported when it comes), or reports a pause where it stands. */
    CompletableFuture<Void> pause() {
        if (interrupt(Interrupt.PAUSE)) {
            return CompletableFuture.completedFuture(null);
        }
        return onWorker(() -> {
            launched();
            report(new StopReason.Paused(focus), Optional.empty(), false);
            return null;
        });
    }

    /** The client ends the session: a running machine stops at its next time slice, and no stop is reported. */
    CompletableFuture<Void> terminate() {
        interrupt(Interrupt.TERMINATE);
        return onWorker(() -> {
            SessionState now = state.get();
            if (now.session().isPresent() && !(now instanceof Ended)) {
                state.set(new Ended(now.session()));
                events.output("terminated by the client\n");
                events.terminated();
            }
            return null;
        });
    }

    /** The client goes: the run stops, and the worker ends once the answer is out. */
    CompletableFuture<Void> disconnect() {
        interrupt(Interrupt.TERMINATE);
        CompletableFuture<Void> done = onWorker(() -> {
            state.set(new Ended(state.get().session()));
            return null;
        });
        done.whenComplete((v, t) -> worker.shutdown());
        return done;
    }

    /** Assembles and loads the program again, places the same breakpoints and starts as a launch does. */
    CompletableFuture<Void> restart() {
        boolean paused = interrupt(Interrupt.RESTART); // the run pauses, unreported; the restart follows it
        CompletableFuture<Void> restarted = onWorker(() -> {
            Session old = launched();
            Result<Session> opened = Session.open(old.arguments());
            if (paused && opened instanceof Result.Refused<Session>) {
                report(new StopReason.Paused(focus), Optional.empty(), false); // the old run stays, paused
            }
            Session fresh = value(opened);
            state.set(new Stopped(fresh));
            install(fresh);
            breakpoints.placeAgain(fresh);
            dataBreakpoints.set(fresh.machine(), List.of());
            return null;
        });
        restarted.thenRunAsync(this::start, worker);
        return restarted;
    }

    // ---------------------------------------------------------------- stops

    /** Tells the client where the machine stopped, or ends the session when the run has ended. */
    private void report(StopReason stop, Optional<List<Integer>> hitIds, boolean entry) {
        // Before the client hears of the stop: its requests about the state are served.
        SessionState before = state.getAndUpdate(s -> s instanceof Running r ? new Stopped(r.current()) : s);
        Interrupt asked = before instanceof Running r ? r.interrupt() : Interrupt.NONE;
        if (asked == Interrupt.TERMINATE || asked == Interrupt.RESTART || before instanceof Ended) {
            return;
        }
        Session session = launched();
        String about = stop.focus().orElse(focus);
        Stop shownStop = new Stop(stop, threadOf(about), hitIds, entry);
        String how = stopped(shownStop);
        String others = stop.outcome().isPresent() ? "ended" : "suspended";
        refreshThreads(q -> q.name().equals(about) ? how : others);
        Machine m = session.machine();
        sayHowFarBack(m);
        boolean wanted = filters.stopsOn(stop) || session.postMortem().isPresent();
        if (stop.outcome().isPresent() && !(wanted && !shownEnding(stop))) {
            end(m.report());
            return;
        }
        focus = about;
        shown = stop.outcome().isPresent() ? stop : null;
        events.stopped(shownStop);
    }

    /**
     * The state of the queue {@code stop} is about, as its thread's name says it: {@code stopped on breakpoint}
     * (entry, data breakpoint), {@code stopped after step}, {@code paused}, or at the end of the run {@code ended: }
     * and the fault's kind (or how the run ended).
     */
    private String stopped(Stop stop) {
        if (stop.reason().outcome().isPresent()) {
            return "ended: " + ExceptionFilters.fault(stop.reason()).map(ExceptionFilters::kind)
                    .orElse(stop.reason().outcome().get().jsonName());
        }
        String reason = StopEvents.of(this, stop).getReason();
        return switch (reason) {
            case StoppedEventArgumentsReason.PAUSE -> "paused";
            case StoppedEventArgumentsReason.STEP -> "stopped after step";
            default -> "stopped on " + reason;
        };
    }

    private void end(Optional<RunReport> report) {
        SessionState before = state.getAndUpdate(s -> s instanceof Ended ? s : new Ended(s.session()));
        if (!(before instanceof Ended)) {
            events.ended(report);
        }
    }

    /** Once history has dropped its oldest snapshots to hold its bound, tells the client how far back it goes. */
    private void sayHowFarBack(Machine m) {
        m.history().filter(h -> h.earliest() > historyReach).ifPresent(h -> {
            historyReach = h.earliest();
            events.output("history goes back to instruction " + h.earliest() + " now: older snapshots were dropped to"
                    + " hold " + h.capBytes() + " bytes (it holds " + h.bytes() + "); stepping back stops there\n");
        });
    }

    private static long historyStart(Machine m) {
        return m.history().map(HistoryStatus::earliest).orElse(0L);
    }

    /** Where history began when the program was loaded (worker thread). */
    long historyBegan() {
        return historyBegan;
    }

    private boolean shownEnding(StopReason stop) {
        return stop.equals(shown) && launched().machine().finished();
    }

    /** The ending the last stop showed as an exception, if it did (worker thread). */
    Optional<StopReason> shownEnding() {
        return Optional.ofNullable(shown);
    }

    // ---------------------------------------------------------------- serving requests

    /**
     * {@code edit} on the worker, also while the device runs: the run pauses at its next time slice, the
     * edit is made and the run goes on ({@link #run}); a run that stopped meanwhile leaves it to the worker.
     */
    <T> CompletableFuture<T> atOnce(Supplier<T> edit) {
        if (!(state.get() instanceof Running r)) {
            return onWorker(edit);
        }
        CompletableFuture<T> answer = new CompletableFuture<>();
        edits.add(() -> {
            try {
                answer.complete(edit.get());
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        r.current().machine().requestPause();
        worker.execute(this::makeEdits);
        return answer;
    }

    /** Makes the edits asked for while the device ran; whether there were any. */
    private boolean makeEdits() {
        boolean any = false;
        for (Runnable edit = edits.poll(); edit != null; edit = edits.poll()) {
            edit.run();
            any = true;
        }
        return any;
    }

    /** The worker thread, for what must follow an answer there. */
    java.util.concurrent.Executor worker() {
        return worker;
    }

    <T> CompletableFuture<T> onWorker(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, worker);
    }

    /**
     * {@code work} on the worker when the device is stopped; while it runs, refused at once (the worker is
     * busy running it, and the state would be gone by the time it answered).
     */
    <T> CompletableFuture<T> whenStopped(Supplier<T> work) {
        if (state.get() instanceof Running) {
            return CompletableFuture.failedFuture(error("the device is running: pause it, or wait for it to stop,"
                    + " to see its state"));
        }
        return onWorker(work);
    }

    List<Thread> threads() {
        return threads;
    }

    /** The threads as the device stands (worker thread), {@code busy} saying what it does with a queue at work. */
    private void refreshThreads(Function<QueueView, String> busy) {
        threads = Frames.threads(launched().machine().queues(), busy);
    }

    /** The launched session (worker thread); refused before a launch. */
    Session launched() {
        return state.get().session().orElseThrow(() -> error("no program is launched: send 'launch' first"));
    }

    /** The queue the last stop was about (worker thread). */
    String focus() {
        return focus;
    }

    private static String firstQueue(Session s) {
        return s.program().jobs().isEmpty() ? s.machine().queues().get(0).name() : s.program().jobs().get(0).queue();
    }

    /** The queue of DAP thread {@code id} (queue index + 1). */
    String queueOf(Integer threadId) {
        List<QueueView> queues = launched().machine().queues();
        if (threadId == null || threadId < 1 || threadId > queues.size()) {
            throw error("thread " + threadId + " does not exist: the threads are the queues, 1.." + queues.size());
        }
        return queues.get(threadId - 1).name();
    }

    /** The queue of the thread DAP frame {@code frameId} belongs to; the last stop's without one. */
    String queueOfFrame(Integer frameId) {
        return frameId == null ? focus : queueOf(Frames.threadIndex(frameId) + 1);
    }

    private int threadOf(String queue) {
        List<QueueView> queues = launched().machine().queues();
        for (int i = 0; i < queues.size(); i++) {
            if (queues.get(i).name().equals(queue)) {
                return i + 1;
            }
        }
        return 1;
    }

    String vmOf(String queue) {
        return launched().machine().queue(queue).map(QueueView::vm).orElse("main");
    }

    Expressions.Scope scope(String queue) {
        Session s = launched();
        return new Expressions.Scope(s.program(), s.machine(), s.machine().queue(queue).orElseThrow(), s.localLabels());
    }

    /** The value, or the refusal's reason as the request's error. */
    static <T> T value(Result<T> result) {
        if (result instanceof Result.Refused<T> r) {
            throw error(r.reason());
        }
        return result.orElseThrow();
    }

    private static String message(Throwable t) {
        if (t instanceof OutOfMemoryError) {
            return "the adapter ran out of memory (" + t.getMessage() + "): the device stopped here and history was"
                    + " dropped (Step Back goes no further back than here); give the adapter more heap (-Xmx), a smaller"
                    + " \"historyBytes\" or \"recordHistory\": false";
        }
        return ErrorResponses.of(t).getMessage();
    }
}
