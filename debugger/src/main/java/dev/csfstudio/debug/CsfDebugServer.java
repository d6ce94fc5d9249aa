package dev.csfstudio.debug;

import dev.csfstudio.runtime.CallFrame;
import dev.csfstudio.runtime.HistoryStatus;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunOutput;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.rpc.ErrorResponses;
import org.eclipse.lsp4j.debug.Capabilities;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.ContinueResponse;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.DataBreakpointInfoArguments;
import org.eclipse.lsp4j.debug.DataBreakpointInfoResponse;
import org.eclipse.lsp4j.debug.DisassembleArguments;
import org.eclipse.lsp4j.debug.DisassembleResponse;
import org.eclipse.lsp4j.debug.DisassembledInstruction;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.eclipse.lsp4j.debug.ExceptionBreakMode;
import org.eclipse.lsp4j.debug.ExceptionDetails;
import org.eclipse.lsp4j.debug.ExceptionInfoArguments;
import org.eclipse.lsp4j.debug.ExceptionInfoResponse;
import org.eclipse.lsp4j.debug.InvalidatedAreas;
import org.eclipse.lsp4j.debug.InvalidatedEventArguments;
import org.eclipse.lsp4j.debug.ReadMemoryArguments;
import org.eclipse.lsp4j.debug.ReadMemoryResponse;
import org.eclipse.lsp4j.debug.RestartArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetVariableArguments;
import org.eclipse.lsp4j.debug.SetVariableResponse;
import org.eclipse.lsp4j.debug.WriteMemoryArguments;
import org.eclipse.lsp4j.debug.WriteMemoryResponse;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.OutputEventArgumentsCategory;
import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.ReverseContinueArguments;
import org.eclipse.lsp4j.debug.ScopesArguments;
import org.eclipse.lsp4j.debug.ScopesResponse;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetExceptionBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetExceptionBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetInstructionBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetInstructionBreakpointsResponse;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StackTraceResponse;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.eclipse.lsp4j.debug.StepInArguments;
import org.eclipse.lsp4j.debug.StepOutArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.StoppedEventArgumentsReason;
import org.eclipse.lsp4j.debug.TerminateArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.Thread;
import org.eclipse.lsp4j.debug.ThreadsResponse;
import org.eclipse.lsp4j.debug.VariablesArguments;
import org.eclipse.lsp4j.debug.VariablesResponse;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The CSF debug adapter: DAP requests onto a {@link Machine}. Every request that touches the machine runs
 * on one worker thread, in the order received; {@code continue} and the steps answer at once and run
 * there afterwards, so {@code pause} and {@code threads} are answered while the device runs. Each concern
 * has its own class: breakpoints ({@link BreakpointTable}), threads and frames ({@link Frames}), variables
 * ({@link Variables}), endings ({@link ExceptionFilters}), render targets ({@link RenderTargetImages}).
 */
public final class CsfDebugServer implements CsfDebugProtocol {

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        java.lang.Thread t = new java.lang.Thread(r, "csf-debug-machine");
        t.setDaemon(true);
        return t;
    });
    private final CompletableFuture<Void> disconnected = new CompletableFuture<>();
    private final BreakpointTable breakpoints = new BreakpointTable();
    private final Variables variables = new Variables();
    private final ExceptionFilters filters = new ExceptionFilters();
    private final DataBreakpoints dataBreakpoints = new DataBreakpoints();

    private IDebugProtocolClient client;
    // Worker-thread state.
    private Session session;
    /** The queue the last stop was about: the default of requests that name no thread. */
    private String focus;
    private boolean ended;
    /** configurationDone has started the session (a launch or restart waits for it again). */
    private boolean configured;
    /** Where history began, and the oldest position it kept when the client last heard of it. */
    private long historyBegan, historyReach;

    // Read by the connection's thread while the worker runs.
    private volatile List<Thread> threads = List.of();
    private volatile Machine running;
    private volatile boolean pauseWanted;
    /** Edits asked for while the device runs, made when it has paused for them. */
    private final java.util.concurrent.ConcurrentLinkedQueue<Runnable> edits =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** The client asked to end: the stop the pause brings is not reported. */
    private volatile boolean terminating;
    /** The client asked to restart while the device ran: the stop the pause brings is not reported. */
    private volatile boolean restarting;

    public void connect(IDebugProtocolClient remote) {
        this.client = remote;
    }

    /** Completes when the client has disconnected: the adapter's process may end. */
    public CompletableFuture<Void> disconnected() {
        return disconnected;
    }

    // ---------------------------------------------------------------- set-up

    @Override
    public CompletableFuture<Capabilities> initialize(InitializeRequestArguments args) {
        Capabilities c = new Capabilities();
        c.setSupportsConfigurationDoneRequest(true);
        c.setSupportsConditionalBreakpoints(true);
        c.setSupportsHitConditionalBreakpoints(true);
        c.setSupportsLogPoints(true);
        c.setSupportsInstructionBreakpoints(true);
        c.setSupportsStepBack(true);
        c.setSupportsTerminateRequest(true);
        c.setSupportsRestartRequest(true);
        c.setSupportsExceptionInfoRequest(true);
        c.setSupportsDataBreakpoints(true);
        c.setSupportsDataBreakpointBytes(true);
        c.setSupportsReadMemoryRequest(true);
        c.setSupportsWriteMemoryRequest(true);
        c.setSupportsDisassembleRequest(true);
        c.setSupportsSetVariable(true);
        c.setSupportsEvaluateForHovers(true);
        c.setExceptionBreakpointFilters(ExceptionFilters.advertised());
        return CompletableFuture.completedFuture(c);
    }

    @Override
    public CompletableFuture<Void> launch(Map<String, Object> args) {
        CompletableFuture<Void> launched = onWorker(() -> {
            LaunchArguments parsed = value(LaunchArguments.parse(args));
            Session opened = value(Session.open(parsed));
            session = opened;
            historyBegan = historyReach = historyStart(opened.machine());
            focus = firstQueue(opened);
            ended = false;
            configured = false;
            refreshThreads();
            return null;
        });
        launched.thenRunAsync(() -> client.initialized(), worker);
        return launched;
    }

    @Override
    public CompletableFuture<SetBreakpointsResponse> setBreakpoints(SetBreakpointsArguments args) {
        return atOnce(() -> {
            SetBreakpointsResponse r = new SetBreakpointsResponse();
            r.setBreakpoints(breakpoints.setSourceBreakpoints(launched(), args.getSource(), args.getBreakpoints())
                    .toArray(new org.eclipse.lsp4j.debug.Breakpoint[0]));
            return r;
        });
    }

    /**
     * {@code edit} on the worker, also while the device runs: the run pauses at its next time slice, the
     * edit is made and the run goes on ({@link #run}); a run that stopped meanwhile leaves it to the worker.
     */
    private <T> CompletableFuture<T> atOnce(Supplier<T> edit) {
        Machine m = running;
        if (m == null) {
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
        m.requestPause();
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

    @Override
    public CompletableFuture<SetInstructionBreakpointsResponse> setInstructionBreakpoints(
            SetInstructionBreakpointsArguments args) {
        return atOnce(() -> {
            Session s = launched();
            SetInstructionBreakpointsResponse r = new SetInstructionBreakpointsResponse();
            r.setBreakpoints(breakpoints.setInstructionBreakpoints(s, vmOf(focus), args.getBreakpoints())
                    .toArray(new org.eclipse.lsp4j.debug.Breakpoint[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<SetExceptionBreakpointsResponse> setExceptionBreakpoints(
            SetExceptionBreakpointsArguments args) {
        return onWorker(() -> {
            var unknown = filters.set(args.getFilters());
            if (!unknown.isEmpty()) {
                throw error("unknown exception filter " + unknown + ": the filters are fault, timeout, deadlock");
            }
            return new SetExceptionBreakpointsResponse();
        });
    }

    @Override
    public CompletableFuture<Void> configurationDone(ConfigurationDoneArguments args) {
        CompletableFuture<Void> done = onWorker(() -> {
            launched();
            if (configured) {
                throw error("the configuration is done already: the session started at the first configurationDone");
            }
            configured = true;
            Session s = session;
            if (s.postMortem().isEmpty() && !s.machine().finished()) {
                running = s.machine(); // the run starts next: from now on requests about the state say so
            }
            return null;
        });
        done.thenRunAsync(this::start, worker);
        return done;
    }

    /** The first move: stop on entry, show a post-mortem's end, or run. */
    private void start() {
        Machine m = session.machine();
        if (session.postMortem().isPresent() || m.finished()) {
            m.lastStop().ifPresent(stop -> report(stop, Optional.empty()));
            return;
        }
        if (session.arguments().stopOnEntry()) {
            run(machine -> {
                StopReason stop = machine.step(focus);
                // The ring buffer's CALL of the first job leads to the entry stream's first instruction.
                while (stop instanceof StopReason.Stepped && kernelOnTop(machine, focus)) {
                    stop = machine.step(focus);
                }
                return stop;
            }, StoppedEventArgumentsReason.ENTRY);
        } else {
            run(Machine::resume, StoppedEventArgumentsReason.STEP);
        }
    }

    private static boolean kernelOnTop(Machine m, String queue) {
        QueueView q = m.queue(queue).orElseThrow();
        List<CallFrame> stack = q.callStack();
        return q.jobsPending() > 0 && !stack.isEmpty() && stack.get(0).kernel();
    }

    // ---------------------------------------------------------------- running

    @Override
    public CompletableFuture<ContinueResponse> continue_(ContinueArguments args) {
        ContinueResponse r = new ContinueResponse();
        r.setAllThreadsContinued(true);
        if (running != null && !terminating) {
            return CompletableFuture.completedFuture(r); // it runs already: nothing to do
        }
        return move(r, null, false, (m, q) -> m.resume());
    }

    @Override
    public CompletableFuture<Void> next(NextArguments args) {
        return move(null, args.getThreadId(), false, Machine::stepOver);
    }

    @Override
    public CompletableFuture<Void> stepIn(StepInArguments args) {
        return move(null, args.getThreadId(), false, Machine::step);
    }

    @Override
    public CompletableFuture<Void> stepOut(StepOutArguments args) {
        return move(null, args.getThreadId(), false, Machine::stepOut);
    }

    @Override
    public CompletableFuture<Void> stepBack(StepBackArguments args) {
        return move(null, args.getThreadId(), true, (m, q) -> value(m.stepBack(q)));
    }

    @Override
    public CompletableFuture<Void> reverseContinue(ReverseContinueArguments args) {
        return move(null, null, true, (m, q) -> value(m.reverseResume())); // all queues go back together
    }

    /**
     * Answers with {@code response} (after checking the thread, and for going back that history is kept),
     * then makes {@code move} of that thread's queue on the worker and reports where it stopped.
     */
    private <T> CompletableFuture<T> move(T response, Integer threadId, boolean back,
                                          BiFunction<Machine, String, StopReason> move) {
        String[] queue = new String[1];
        Session[] moved = new Session[1];
        CompletableFuture<T> answered = onWorker(() -> {
            Session s = launched();
            moved[0] = s;
            if (ended) {
                throw error("the session has ended: restart it to run the program again");
            }
            queue[0] = threadId == null ? focus : queueOf(threadId);
            if (back && s.machine().history().isEmpty()) {
                throw error("going back needs history: launch with \"recordHistory\": true");
            }
            running = s.machine(); // from now on a pause request reaches the machine
            return response;
        });
        answered.thenRunAsync(() -> {
            if (session != moved[0]) { // a restart answered before this run began replaced the session: no run
                running = null;
                pauseWanted = false;
                return;
            }
            run(m -> move.apply(m, queue[0]), StoppedEventArgumentsReason.STEP);
        }, worker);
        return answered;
    }

    /** Makes {@code move} (again while breakpoints hit say go on) and reports the stop. */
    private void run(Function<Machine, StopReason> move, String steppedReason) {
        if (ended) {
            running = null;
            return;
        }
        Machine m = session.machine();
        running = m;
        variables.reset();
        try {
            StopReason stop = pauseWanted ? new StopReason.Paused(focus) : move.apply(m);
            while (!pauseWanted) {
                if (stop instanceof StopReason.Paused && makeEdits()) {
                    stop = move.apply(m); // paused only for the edits: on with the run
                    continue;
                }
                if (!(stop instanceof StopReason.Breakpoint b)) {
                    break;
                }
                BreakpointTable.Decision d = breakpoints.onHit(b.breakpoint(),
                        expression -> Expressions.evaluate(expression, scope(b.queue())));
                d.logs().forEach(line -> console(line + "\n"));
                if (d.stops()) {
                    report(stop, Optional.of(d.stopFor()));
                    return;
                }
                stop = move.apply(m);
            }
            report(stop, Optional.empty(), steppedReason);
        } catch (Throwable e) { // OutOfMemoryError included: the session must go on answering
            // Whatever went wrong, the client hears that the machine stopped and why.
            console(message(e) + "\n");
            report(m.lastStop().orElse(new StopReason.Paused(focus)), Optional.empty());
        } finally {
            running = null;
        }
    }

    private void report(StopReason stop, Optional<List<Integer>> hitIds) {
        report(stop, hitIds, StoppedEventArgumentsReason.STEP);
    }

    /** Tells the client where the machine stopped, or ends the session when the run has ended. */
    private void report(StopReason stop, Optional<List<Integer>> hitIds, String steppedReason) {
        running = null; // before the client hears of the stop: its requests about the state are served
        pauseWanted = false;
        if (terminating || restarting) {
            return;
        }
        refreshThreads();
        Machine m = session.machine();
        sayHowFarBack(m);
        boolean wanted = filters.stopsOn(stop) || session.postMortem().isPresent();
        if (stop.outcome().isPresent() && !(wanted && !shownEnding(stop))) {
            end(m.report().orElse(null));
            return;
        }
        stop.focus().ifPresent(q -> focus = q);
        StoppedEventArguments e = new StoppedEventArguments();
        e.setThreadId(threadOf(focus));
        e.setAllThreadsStopped(true);
        e.setPreserveFocusHint(false);
        if (stop instanceof StopReason.Breakpoint) {
            e.setReason(StoppedEventArgumentsReason.BREAKPOINT);
            hitIds.ifPresent(ids -> e.setHitBreakpointIds(ids.stream().filter(i -> i > 0).toArray(Integer[]::new)));
        } else if (stop instanceof StopReason.DataBreakpointHit hit) {
            e.setReason(StoppedEventArgumentsReason.DATA_BREAKPOINT);
            e.setHitBreakpointIds(hit.writes().stream().map(w -> dataBreakpoints.id(w.breakpoint()))
                    .flatMap(Optional::stream).distinct().toArray(Integer[]::new));
            e.setDescription(hit.writer() + (hit.line() == null ? "" : " on line " + hit.line().line())
                    + " wrote the watched memory at " + hit.writes().stream().map(w -> ValueText.hex(w.from()))
                    .collect(java.util.stream.Collectors.joining(", ")));
            e.setText(e.getDescription());
        } else if (stop instanceof StopReason.Waiting w) {
            e.setReason(StoppedEventArgumentsReason.STEP);
            e.setDescription("waiting for " + w.on().describe());
            e.setText(e.getDescription());
        } else if (stop instanceof StopReason.Paused) {
            e.setReason(StoppedEventArgumentsReason.PAUSE);
        } else if (stop instanceof StopReason.HistoryStart) {
            e.setReason(StoppedEventArgumentsReason.STEP);
            e.setDescription(m.history().filter(h -> h.earliest() > historyBegan)
                    .map(h -> "at the oldest state history keeps (instruction " + h.earliest()
                            + "): older snapshots were dropped to hold " + h.capBytes() + " bytes")
                    .orElse("at the start of history"));
            e.setText(e.getDescription());
        } else if (stop.outcome().isPresent()) {
            e.setReason(StoppedEventArgumentsReason.EXCEPTION);
            ExceptionFilters.fault(stop).ifPresent(f -> {
                e.setDescription(ExceptionFilters.describe(f));
                e.setText(ExceptionFilters.kind(f));
            });
            shown = stop;
        } else {
            e.setReason(steppedReason);
        }
        if (stop.outcome().isEmpty()) {
            shown = null;
        }
        client.stopped(e);
    }

    /** Once history has dropped its oldest snapshots to hold its bound, tells the client how far back it goes. */
    private void sayHowFarBack(Machine m) {
        m.history().filter(h -> h.earliest() > historyReach).ifPresent(h -> {
            historyReach = h.earliest();
            console("history goes back to instruction " + h.earliest() + " now: older snapshots were dropped to"
                    + " hold " + h.capBytes() + " bytes (it holds " + h.bytes() + "); stepping back stops there\n");
        });
    }

    private static long historyStart(Machine m) {
        return m.history().map(HistoryStatus::earliest).orElse(0L);
    }

    /** The ending last shown as an exception stop: continuing from it ends the session. */
    private StopReason shown;

    private boolean shownEnding(StopReason stop) {
        return stop.equals(shown) && session.machine().finished();
    }

    private void end(RunReport report) {
        if (ended) {
            return;
        }
        ended = true;
        int code = 0;
        if (report != null) {
            console(RunOutput.summary(report) + "\n");
            code = report.status() == RunStatus.OK ? 0 : 2;
        }
        ExitedEventArguments exited = new ExitedEventArguments();
        exited.setExitCode(code);
        client.exited(exited);
        client.terminated(new TerminatedEventArguments());
    }

    @Override
    public CompletableFuture<Void> pause(PauseArguments args) {
        Machine m = running;
        if (m != null) {
            pauseWanted = true;
            m.requestPause();
            return CompletableFuture.completedFuture(null);
        }
        return onWorker(() -> {
            launched();
            report(new StopReason.Paused(focus), Optional.empty());
            return null;
        });
    }

    /** The client ends the session: a running machine stops at its next time slice, and no stop is reported. */
    private void stopForGood() {
        terminating = true;
        Machine m = running;
        if (m != null) {
            pauseWanted = true;
            m.requestPause();
        }
    }

    @Override
    public CompletableFuture<Void> terminate(TerminateArguments args) {
        stopForGood();
        return onWorker(() -> {
            if (session != null && !ended) {
                console("terminated by the client\n");
                ended = true;
                client.terminated(new TerminatedEventArguments());
            }
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> disconnect(DisconnectArguments args) {
        stopForGood();
        CompletableFuture<Void> done = onWorker(() -> {
            ended = true;
            return null;
        });
        done.whenComplete((v, t) -> {
            disconnected.complete(null);
            worker.shutdown(); // the machine thread ends once this answer is out
        });
        return done;
    }

    // ---------------------------------------------------------------- state

    @Override
    public CompletableFuture<ThreadsResponse> threads() {
        ThreadsResponse r = new ThreadsResponse();
        r.setThreads(threads.toArray(new Thread[0]));
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public CompletableFuture<StackTraceResponse> stackTrace(StackTraceArguments args) {
        return whenStopped(() -> {
            Session s = launched();
            String queue = queueOf(args.getThreadId());
            List<StackFrame> all = Frames.stack(s.program(), args.getThreadId(), s.machine().queue(queue).orElseThrow());
            int from = Math.min(atLeastZero("startFrame", args.getStartFrame()), all.size());
            int levels = atLeastZero("levels", args.getLevels());
            int to = levels == 0 ? all.size() : (int) Math.min(all.size(), (long) from + levels);
            StackTraceResponse r = new StackTraceResponse();
            r.setStackFrames(all.subList(from, to).toArray(new StackFrame[0]));
            r.setTotalFrames(all.size());
            return r;
        });
    }

    @Override
    public CompletableFuture<ScopesResponse> scopes(ScopesArguments args) {
        return whenStopped(() -> {
            Session s = launched();
            String queue = queueOfFrame(args.getFrameId());
            ScopesResponse r = new ScopesResponse();
            r.setScopes(variables.scopes(s, queue).toArray(new org.eclipse.lsp4j.debug.Scope[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<VariablesResponse> variables(VariablesArguments args) {
        return whenStopped(() -> {
            launched();
            List<org.eclipse.lsp4j.debug.Variable> all = variables.children(args.getVariablesReference());
            int from = Math.min(atLeastZero("start", args.getStart()), all.size());
            int count = atLeastZero("count", args.getCount());
            int to = count == 0 ? all.size() : (int) Math.min(all.size(), (long) from + count);
            VariablesResponse r = new VariablesResponse();
            r.setVariables(all.subList(from, to).toArray(new org.eclipse.lsp4j.debug.Variable[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<RenderTargets> renderTargets() {
        return whenStopped(() -> RenderTargetImages.of(launched().machine(), focus));
    }

    @Override
    public CompletableFuture<EvaluateResponse> evaluate(EvaluateArguments args) {
        return whenStopped(() -> {
            Session s = launched();
            String queue = queueOfFrame(args.getFrameId());
            return value(Evaluation.evaluate(args.getExpression(), scope(queue), s));
        });
    }

    @Override
    public CompletableFuture<SetVariableResponse> setVariable(SetVariableArguments args) {
        return whenStopped(() -> {
            Session s = launched();
            org.eclipse.lsp4j.debug.Variable v = value(variables.set(s, args.getVariablesReference(), args.getName(),
                    args.getValue(), focus));
            SetVariableResponse r = new SetVariableResponse();
            r.setValue(v.getValue());
            r.setType(v.getType());
            r.setMemoryReference(v.getMemoryReference());
            return r;
        });
    }

    @Override
    public CompletableFuture<ReadMemoryResponse> readMemory(ReadMemoryArguments args) {
        return whenStopped(() -> value(MemoryAccess.read(launched().machine(), vmOf(focus), args.getMemoryReference(),
                args.getOffset(), args.getCount())));
    }

    @Override
    public CompletableFuture<WriteMemoryResponse> writeMemory(WriteMemoryArguments args) {
        return whenStopped(() -> {
            WriteMemoryResponse r = value(MemoryAccess.write(launched().machine(), vmOf(focus),
                    args.getMemoryReference(), args.getOffset(), args.getData()));
            variables.reset();
            InvalidatedEventArguments changed = new InvalidatedEventArguments();
            changed.setAreas(new String[] {InvalidatedAreas.VARIABLES});
            client.invalidated(changed);
            return r;
        });
    }

    @Override
    public CompletableFuture<DisassembleResponse> disassemble(DisassembleArguments args) {
        return whenStopped(() -> {
            Session s = launched();
            ValueText.Reference ref = ValueText.parseReference(args.getMemoryReference()).orElseThrow(() -> error("'"
                    + args.getMemoryReference() + "' is not a GPU VA (expected e.g. 0x1000000000)"));
            long start = ref.va() + (args.getOffset() == null ? 0 : args.getOffset())
                    + 8L * (args.getInstructionOffset() == null ? 0 : args.getInstructionOffset());
            if (args.getInstructionCount() < 0 || args.getInstructionCount() > 100_000) {
                throw error("instructionCount " + args.getInstructionCount() + " is outside 0..100000");
            }
            DisassembleResponse r = new DisassembleResponse();
            r.setInstructions(Disassembly.around(s.program(), s.machine(), ref.vm().orElse(vmOf(focus)), start,
                    args.getInstructionCount()).toArray(new DisassembledInstruction[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<DataBreakpointInfoResponse> dataBreakpointInfo(DataBreakpointInfoArguments args) {
        return whenStopped(() -> {
            Session s = launched();
            String queue = queueOfFrame(args.getFrameId());
            String name = args.getName();
            // A name is an address when the client says so, else an expression (a variable's evaluate name).
            String expression = name.contains(" ") && !Boolean.TRUE.equals(args.getAsAddress()) ? name.split(" ")[0]
                    : name;
            Result<Long> va = Expressions.evaluate(expression, scope(queue));
            if (va instanceof Result.Refused<Long> r) {
                DataBreakpointInfoResponse none = new DataBreakpointInfoResponse();
                none.setDescription("'" + name + "' is not an address: " + r.reason());
                return none;
            }
            long length = args.getBytes() != null ? args.getBytes()
                    : s.program().section(expression).map(x -> x.size()).orElse(4L);
            return DataBreakpoints.info(s.machine(), vmOf(queue), va.orElseThrow(), length, name);
        });
    }

    @Override
    public CompletableFuture<SetDataBreakpointsResponse> setDataBreakpoints(SetDataBreakpointsArguments args) {
        return atOnce(() -> {
            Session s = launched();
            SetDataBreakpointsResponse r = new SetDataBreakpointsResponse();
            r.setBreakpoints(dataBreakpoints.set(s.machine(), java.util.Arrays.stream(args.getBreakpoints())
                    .map(org.eclipse.lsp4j.debug.DataBreakpoint::getDataId).toList())
                    .toArray(new org.eclipse.lsp4j.debug.Breakpoint[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<ExceptionInfoResponse> exceptionInfo(ExceptionInfoArguments args) {
        return whenStopped(() -> {
            launched();
            Optional<RunReport.Fault> fault = Optional.ofNullable(shown).flatMap(ExceptionFilters::fault);
            if (fault.isEmpty()) {
                throw error("the queue is not stopped on a fault, timeout or deadlock");
            }
            RunReport.Fault f = fault.get();
            ExceptionInfoResponse r = new ExceptionInfoResponse();
            r.setExceptionId(ExceptionFilters.kind(f).replace(' ', '_'));
            r.setDescription(ExceptionFilters.describe(f));
            r.setBreakMode(ExceptionBreakMode.ALWAYS);
            ExceptionDetails details = new ExceptionDetails();
            details.setMessage(f.message());
            details.setTypeName(f.kind().name() + " " + GroupFaults.exceptionName(f));
            session.machine().queue(f.queue()).ifPresent(q -> r.setDescription(r.getDescription() + " "
                    + GroupFaults.details(f, q, shown)));
            details.setStackTrace(f.callChain().stream().map(x -> "  at " + x.position())
                    .collect(java.util.stream.Collectors.joining("\n")));
            r.setDetails(details);
            return r;
        });
    }

    @Override
    public CompletableFuture<Void> restart(RestartArguments args) {
        Machine m = running;
        if (m != null) { // the run pauses at its next time slice, unreported; the restart follows it on the worker
            restarting = true;
            pauseWanted = true;
            m.requestPause();
        }
        CompletableFuture<Void> restarted = onWorker(() -> {
            boolean paused = restarting;
            restarting = false;
            Session old = launched();
            Result<Session> opened = Session.open(old.arguments());
            if (paused && opened instanceof Result.Refused<Session>) {
                report(new StopReason.Paused(focus), Optional.empty()); // the old run stays, paused
            }
            Session fresh = value(opened);
            session = fresh;
            historyBegan = historyReach = historyStart(fresh.machine());
            focus = firstQueue(fresh);
            ended = false;
            shown = null;
            breakpoints.placeAgain(fresh);
            dataBreakpoints.set(fresh.machine(), List.of());
            refreshThreads();
            return null;
        });
        restarted.thenRunAsync(this::start, worker);
        return restarted;
    }

    private Expressions.Scope scope(String queue) {
        return new Expressions.Scope(session.program(), session.machine(), session.machine().queue(queue).orElseThrow());
    }

    // ---------------------------------------------------------------- plumbing

    private void refreshThreads() {
        threads = Frames.threads(session.machine().queues());
    }

    private Session launched() {
        if (session == null) {
            throw error("no program is launched: send 'launch' first");
        }
        return session;
    }

    private static String firstQueue(Session s) {
        return s.program().jobs().isEmpty() ? s.machine().queues().get(0).name() : s.program().jobs().get(0).queue();
    }

    /** The queue of DAP thread {@code id} (queue index + 1). */
    private String queueOf(Integer threadId) {
        List<QueueView> queues = launched().machine().queues();
        if (threadId == null || threadId < 1 || threadId > queues.size()) {
            throw error("thread " + threadId + " does not exist: the threads are the queues, 1.." + queues.size());
        }
        return queues.get(threadId - 1).name();
    }

    /** The queue of the thread DAP frame {@code frameId} belongs to; the last stop's without one. */
    private String queueOfFrame(Integer frameId) {
        return frameId == null ? focus : queueOf(Frames.threadIndex(frameId) + 1);
    }

    private int threadOf(String queue) {
        List<QueueView> queues = session.machine().queues();
        for (int i = 0; i < queues.size(); i++) {
            if (queues.get(i).name().equals(queue)) {
                return i + 1;
            }
        }
        return 1;
    }

    private String vmOf(String queue) {
        return session.machine().queue(queue).map(QueueView::vm).orElse("main");
    }

    private void console(String text) {
        OutputEventArguments o = new OutputEventArguments();
        o.setCategory(OutputEventArgumentsCategory.CONSOLE);
        o.setOutput(text);
        client.output(o);
    }

    private <T> CompletableFuture<T> onWorker(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, worker);
    }

    /**
     * {@code work} on the worker when the device is stopped; while it runs, refused at once (the worker is
     * busy running it, and the state would be gone by the time it answered).
     */
    private <T> CompletableFuture<T> whenStopped(Supplier<T> work) {
        if (running != null) {
            return CompletableFuture.failedFuture(error("the device is running: pause it, or wait for it to stop,"
                    + " to see its state"));
        }
        return onWorker(work);
    }

    /** An optional count or index of a request: absent is 0, negative is refused. */
    private static int atLeastZero(String name, Integer value) {
        if (value != null && value < 0) {
            throw error("invalid arguments: '" + name + "' is " + value + "; it must be 0 or more");
        }
        return value == null ? 0 : value;
    }

    private static <T> T value(Result<T> result) {
        if (result instanceof Result.Refused<T> r) {
            throw error(r.reason());
        }
        return result.orElseThrow();
    }

    static ResponseErrorException error(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }

    private static String message(Throwable t) {
        if (t instanceof OutOfMemoryError) {
            return "the adapter ran out of memory (" + t.getMessage() + "): the device stopped here; give the adapter"
                    + " more heap (-Xmx) or launch with \"recordHistory\": false";
        }
        return ErrorResponses.of(t).getMessage();
    }
}
