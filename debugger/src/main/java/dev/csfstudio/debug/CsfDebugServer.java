package dev.csfstudio.debug;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunOutput;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.StopReason;
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

/**
 * The CSF debug adapter's protocol layer: DAP requests onto a {@link SessionController}, which runs the session
 * (its worker thread, its machine, its state), and the controller's events onto DAP's events; the stops through
 * {@link StopEvents}. Each concern has its own class: breakpoints ({@link BreakpointTable}), threads and frames
 * ({@link Frames}), variables ({@link Variables}), endings ({@link ExceptionFilters}), render targets
 * ({@link RenderTargetImages}).
 */
public final class CsfDebugServer implements CsfDebugProtocol, SessionController.Events {

    private final SessionController controller = new SessionController(this);
    private final CompletableFuture<Void> disconnected = new CompletableFuture<>();
    private final Variables variables = new Variables();

    private IDebugProtocolClient client;

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
        CompletableFuture<Void> launched = controller.launch(args);
        launched.thenRunAsync(() -> client.initialized(), controller.worker());
        return launched;
    }

    @Override
    public CompletableFuture<SetBreakpointsResponse> setBreakpoints(SetBreakpointsArguments args) {
        return controller.atOnce(() -> {
            SetBreakpointsResponse r = new SetBreakpointsResponse();
            r.setBreakpoints(controller.breakpoints.setSourceBreakpoints(controller.launched(), args.getSource(),
                    args.getBreakpoints()).toArray(new org.eclipse.lsp4j.debug.Breakpoint[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<SetInstructionBreakpointsResponse> setInstructionBreakpoints(
            SetInstructionBreakpointsArguments args) {
        return controller.atOnce(() -> {
            Session s = controller.launched();
            SetInstructionBreakpointsResponse r = new SetInstructionBreakpointsResponse();
            r.setBreakpoints(controller.breakpoints.setInstructionBreakpoints(s, controller.vmOf(controller.focus()),
                    args.getBreakpoints()).toArray(new org.eclipse.lsp4j.debug.Breakpoint[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<SetExceptionBreakpointsResponse> setExceptionBreakpoints(
            SetExceptionBreakpointsArguments args) {
        return controller.onWorker(() -> {
            var unknown = controller.filters.set(args.getFilters());
            if (!unknown.isEmpty()) {
                throw error("unknown exception filter " + unknown + ": the filters are fault, timeout, deadlock");
            }
            return new SetExceptionBreakpointsResponse();
        });
    }

    @Override
    public CompletableFuture<Void> configurationDone(ConfigurationDoneArguments args) {
        return controller.configurationDone();
    }

    // ---------------------------------------------------------------- running

    @Override
    public CompletableFuture<ContinueResponse> continue_(ContinueArguments args) {
        ContinueResponse r = new ContinueResponse();
        r.setAllThreadsContinued(true);
        if (controller.runsOn()) {
            return CompletableFuture.completedFuture(r); // it runs already: nothing to do
        }
        return controller.move(null, false, (m, q) -> m.resume()).thenApply(v -> r);
    }

    @Override
    public CompletableFuture<Void> next(NextArguments args) {
        return controller.move(args.getThreadId(), false, Machine::stepOver);
    }

    @Override
    public CompletableFuture<Void> stepIn(StepInArguments args) {
        return controller.move(args.getThreadId(), false, Machine::step);
    }

    @Override
    public CompletableFuture<Void> stepOut(StepOutArguments args) {
        return controller.move(args.getThreadId(), false, Machine::stepOut);
    }

    @Override
    public CompletableFuture<Void> stepBack(StepBackArguments args) {
        return controller.move(args.getThreadId(), true, (m, q) -> {
            Optional<RunReport.Fault> undone = controller.shownEnding().flatMap(ExceptionFilters::fault);
            StopReason stop = value(m.stepBack(q));
            // The faulting instruction did not execute: going back undoes the fault, and the line stays the same.
            undone.ifPresent(f -> output("step back undid the " + ExceptionFilters.kind(f)
                    + (f.line() == null ? "" : " of line " + f.line().line() + mnemonic(m, f)) + ": the queue stands"
                    + " before it again, as it was before it ran; step back again to go further back\n"));
            return stop;
        });
    }

    @Override
    public CompletableFuture<Void> reverseContinue(ReverseContinueArguments args) {
        return controller.move(null, true, (m, q) -> value(m.reverseResume())); // all queues go back together
    }

    @Override
    public CompletableFuture<Void> pause(PauseArguments args) {
        return controller.pause();
    }

    @Override
    public CompletableFuture<Void> terminate(TerminateArguments args) {
        return controller.terminate();
    }

    @Override
    public CompletableFuture<Void> disconnect(DisconnectArguments args) {
        CompletableFuture<Void> done = controller.disconnect();
        done.whenComplete((v, t) -> disconnected.complete(null));
        return done;
    }

    @Override
    public CompletableFuture<Void> restart(RestartArguments args) {
        return controller.restart();
    }

    /** " (LOAD_MULTIPLE)": the mnemonic of the instruction a fault stands on, if it is one. */
    private String mnemonic(Machine m, RunReport.Fault f) {
        return m.queue(f.queue()).flatMap(q -> q.callStack().stream().findFirst()
                        .flatMap(top -> controller.launched().program().lineAt(q.vm(), top.pc())))
                .map(AssembledLine::instruction).map(i -> " (" + i.mnemonic() + ")").orElse("");
    }

    // ---------------------------------------------------------------- the session's events

    @Override
    public void stopped(SessionController.Stop stop) {
        variables.reset(); // the machine has moved: the handles of the last stop are gone
        variables.stopped(controller.launched().machine());
        client.stopped(StopEvents.of(controller, stop));
    }

    @Override
    public void output(String text) {
        OutputEventArguments o = new OutputEventArguments();
        o.setCategory(OutputEventArgumentsCategory.CONSOLE);
        o.setOutput(text);
        client.output(o);
    }

    @Override
    public void ended(Optional<RunReport> report) {
        variables.reset();
        report.ifPresent(r -> output(RunOutput.summary(r, false) + "\n" + (r.renderTargets().isEmpty() ? ""
                : "a debug session writes no files: the render-target panel (csf/renderTargets) showed the targets"
                + " at each stop; csf run writes them as PNGs with report.json\n")));
        ExitedEventArguments exited = new ExitedEventArguments();
        exited.setExitCode(report.map(r -> r.status() == RunStatus.OK ? 0 : 2).orElse(0));
        client.exited(exited);
        client.terminated(new TerminatedEventArguments());
    }

    @Override
    public void terminated() {
        client.terminated(new TerminatedEventArguments());
    }

    // ---------------------------------------------------------------- state

    @Override
    public CompletableFuture<ThreadsResponse> threads() {
        ThreadsResponse r = new ThreadsResponse();
        r.setThreads(controller.threads().toArray(new Thread[0]));
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public CompletableFuture<StackTraceResponse> stackTrace(StackTraceArguments args) {
        return controller.whenStopped(() -> {
            Session s = controller.launched();
            String queue = controller.queueOf(args.getThreadId());
            List<StackFrame> all = Frames.stack(s.program(), args.getThreadId(),
                    s.machine().queue(queue).orElseThrow());
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
        return controller.whenStopped(() -> {
            Session s = controller.launched();
            String queue = controller.queueOfFrame(args.getFrameId());
            ScopesResponse r = new ScopesResponse();
            r.setScopes(variables.scopes(s, queue).toArray(new org.eclipse.lsp4j.debug.Scope[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<VariablesResponse> variables(VariablesArguments args) {
        return controller.whenStopped(() -> {
            controller.launched();
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
        return controller.whenStopped(() -> RenderTargetImages.of(controller.launched().machine(),
                controller.focus()));
    }

    @Override
    public CompletableFuture<EvaluateResponse> evaluate(EvaluateArguments args) {
        return controller.whenStopped(() -> {
            Session s = controller.launched();
            String queue = controller.queueOfFrame(args.getFrameId());
            return value(Evaluation.evaluate(args.getExpression(), controller.scope(queue), s));
        });
    }

    @Override
    public CompletableFuture<SetVariableResponse> setVariable(SetVariableArguments args) {
        return controller.whenStopped(() -> {
            Session s = controller.launched();
            org.eclipse.lsp4j.debug.Variable v = value(variables.set(s, args.getVariablesReference(), args.getName(),
                    args.getValue(), controller.focus()));
            SetVariableResponse r = new SetVariableResponse();
            r.setValue(v.getValue());
            r.setType(v.getType());
            r.setMemoryReference(v.getMemoryReference());
            return r;
        });
    }

    @Override
    public CompletableFuture<ReadMemoryResponse> readMemory(ReadMemoryArguments args) {
        return controller.whenStopped(() -> value(MemoryAccess.read(controller.launched().machine(),
                controller.vmOf(controller.focus()), args.getMemoryReference(),
                args.getOffset(), args.getCount())));
    }

    @Override
    public CompletableFuture<WriteMemoryResponse> writeMemory(WriteMemoryArguments args) {
        return controller.whenStopped(() -> {
            WriteMemoryResponse r = value(MemoryAccess.write(controller.launched().machine(),
                    controller.vmOf(controller.focus()), args.getMemoryReference(), args.getOffset(), args.getData()));
            variables.reset();
            InvalidatedEventArguments changed = new InvalidatedEventArguments();
            changed.setAreas(new String[] {InvalidatedAreas.VARIABLES});
            client.invalidated(changed);
            return r;
        });
    }

    @Override
    public CompletableFuture<DisassembleResponse> disassemble(DisassembleArguments args) {
        return controller.whenStopped(() -> {
            Session s = controller.launched();
            ValueText.Reference ref = ValueText.parseReference(args.getMemoryReference()).orElseThrow(() -> error("'"
                    + args.getMemoryReference() + "' is not a GPU VA (expected e.g. 0x1000000000)"));
            long start = ref.va() + (args.getOffset() == null ? 0 : args.getOffset())
                    + 8L * (args.getInstructionOffset() == null ? 0 : args.getInstructionOffset());
            if (args.getInstructionCount() < 0 || args.getInstructionCount() > 100_000) {
                throw error("instructionCount " + args.getInstructionCount() + " is outside 0..100000");
            }
            DisassembleResponse r = new DisassembleResponse();
            r.setInstructions(Disassembly.around(s.program(), s.machine(),
                    ref.vm().orElse(controller.vmOf(controller.focus())), start,
                    args.getInstructionCount()).toArray(new DisassembledInstruction[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<DataBreakpointInfoResponse> dataBreakpointInfo(DataBreakpointInfoArguments args) {
        return controller.whenStopped(() -> {
            Session s = controller.launched();
            String queue = controller.queueOfFrame(args.getFrameId());
            String name = args.getName();
            // A name is an address when the client says so, else an expression (a variable's evaluate name).
            String expression = name.contains(" ") && !Boolean.TRUE.equals(args.getAsAddress()) ? name.split(" ")[0]
                    : name;
            Result<Long> va = Expressions.evaluate(expression, controller.scope(queue));
            if (va instanceof Result.Refused<Long> r) {
                DataBreakpointInfoResponse none = new DataBreakpointInfoResponse();
                none.setDescription("'" + name + "' is not an address: " + r.reason());
                return none;
            }
            long length = args.getBytes() != null ? args.getBytes()
                    : s.program().section(expression).map(x -> x.size()).orElse(4L);
            return DataBreakpoints.info(s.machine(), controller.vmOf(queue), va.orElseThrow(), length, name);
        });
    }

    @Override
    public CompletableFuture<SetDataBreakpointsResponse> setDataBreakpoints(SetDataBreakpointsArguments args) {
        return controller.atOnce(() -> {
            Session s = controller.launched();
            SetDataBreakpointsResponse r = new SetDataBreakpointsResponse();
            r.setBreakpoints(controller.dataBreakpoints.set(s.machine(), java.util.Arrays.stream(args.getBreakpoints())
                    .map(org.eclipse.lsp4j.debug.DataBreakpoint::getDataId).toList())
                    .toArray(new org.eclipse.lsp4j.debug.Breakpoint[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<ExceptionInfoResponse> exceptionInfo(ExceptionInfoArguments args) {
        return controller.whenStopped(() -> {
            Session session = controller.launched();
            Optional<StopReason> shown = controller.shownEnding();
            Optional<RunReport.Fault> fault = shown.flatMap(ExceptionFilters::fault);
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
                    + GroupFaults.details(f, q, shown.orElse(null))));
            details.setStackTrace(f.callChain().stream().map(x -> "  at " + x.position())
                    .collect(java.util.stream.Collectors.joining("\n")));
            r.setDetails(details);
            return r;
        });
    }

    // ---------------------------------------------------------------- plumbing

    /** An optional count or index of a request: absent is 0, negative is refused. */
    private static int atLeastZero(String name, Integer value) {
        if (value != null && value < 0) {
            throw error("invalid arguments: '" + name + "' is " + value + "; it must be 0 or more");
        }
        return value == null ? 0 : value;
    }

    private static <T> T value(Result<T> result) {
        return SessionController.value(result);
    }

    static ResponseErrorException error(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }
}
