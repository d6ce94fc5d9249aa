package dev.csfstudio.debug;

import dev.csfstudio.runtime.StopReason;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.StoppedEventArgumentsReason;

import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A stop of the {@link SessionController} as DAP's {@code stopped} event: one method per kind of
 * {@link StopReason}, so a new kind does not compile until it is mapped here.
 */
final class StopEvents implements StopReason.Cases<StoppedEventArguments> {

    private final SessionController controller;
    private final SessionController.Stop stop;

    private StopEvents(SessionController controller, SessionController.Stop stop) {
        this.controller = controller;
        this.stop = stop;
    }

    /** The {@code stopped} event of {@code stop} (worker thread: it reads the session). */
    static StoppedEventArguments of(SessionController controller, SessionController.Stop stop) {
        StoppedEventArguments e = stop.reason().match(new StopEvents(controller, stop));
        e.setThreadId(stop.threadId());
        e.setAllThreadsStopped(true);
        e.setPreserveFocusHint(false);
        return e;
    }

    private static StoppedEventArguments event(String reason) {
        StoppedEventArguments e = new StoppedEventArguments();
        e.setReason(reason);
        return e;
    }

    private static StoppedEventArguments described(String reason, String description) {
        StoppedEventArguments e = event(reason);
        e.setDescription(description);
        e.setText(description);
        return e;
    }

    /** A plain step: the stop on entry says so. */
    private StoppedEventArguments stepped() {
        return event(stop.entry() ? StoppedEventArgumentsReason.ENTRY : StoppedEventArgumentsReason.STEP);
    }

    @Override
    public StoppedEventArguments stepped(StopReason.Stepped s) {
        return stepped();
    }

    @Override
    public StoppedEventArguments atPosition(StopReason.AtPosition s) {
        return stepped();
    }

    @Override
    public StoppedEventArguments breakpoint(StopReason.Breakpoint b) {
        StoppedEventArguments e = event(StoppedEventArgumentsReason.BREAKPOINT);
        stop.hitIds().ifPresent(ids -> e.setHitBreakpointIds(ids.stream().filter(i -> i > 0).toArray(Integer[]::new)));
        return e;
    }

    @Override
    public StoppedEventArguments dataBreakpointHit(StopReason.DataBreakpointHit hit) {
        StoppedEventArguments e = described(StoppedEventArgumentsReason.DATA_BREAKPOINT,
                hit.writer() + (hit.line() == null ? "" : " on line " + hit.line().line())
                        + " wrote the watched memory at " + hit.writes().stream().map(w -> ValueText.hex(w.from()))
                        .collect(Collectors.joining(", ")));
        e.setHitBreakpointIds(hit.writes().stream().map(w -> controller.dataBreakpoints.id(w.breakpoint()))
                .flatMap(Optional::stream).distinct().toArray(Integer[]::new));
        return e;
    }

    @Override
    public StoppedEventArguments waiting(StopReason.Waiting w) {
        return described(StoppedEventArgumentsReason.STEP, "waiting for " + w.on().describe());
    }

    @Override
    public StoppedEventArguments paused(StopReason.Paused p) {
        return p.why() == null ? event(StoppedEventArgumentsReason.PAUSE)
                : described(StoppedEventArgumentsReason.PAUSE, p.why());
    }

    @Override
    public StoppedEventArguments historyStart(StopReason.HistoryStart h) {
        return described(StoppedEventArgumentsReason.STEP, controller.launched().machine().history()
                .filter(status -> status.earliest() > controller.historyBegan())
                .map(status -> "at the oldest state history keeps (instruction " + status.earliest()
                        + "): older snapshots were dropped to hold " + status.capBytes() + " bytes")
                .orElse("at the start of history"));
    }

    /** An ending shown before the session ends (its filter is on, or a post-mortem shows it). */
    private StoppedEventArguments ending(StopReason s) {
        StoppedEventArguments e = event(StoppedEventArgumentsReason.EXCEPTION);
        ExceptionFilters.fault(s).ifPresent(f -> {
            e.setDescription(ExceptionFilters.describe(f));
            e.setText(ExceptionFilters.kind(f));
        });
        return e;
    }

    @Override
    public StoppedEventArguments done(StopReason.Done d) {
        return ending(d);
    }

    @Override
    public StoppedEventArguments fault(StopReason.Fault f) {
        return ending(f);
    }

    @Override
    public StoppedEventArguments deadlock(StopReason.Deadlock d) {
        return ending(d);
    }

    @Override
    public StoppedEventArguments timeout(StopReason.Timeout t) {
        return ending(t);
    }

    @Override
    public StoppedEventArguments hazard(StopReason.Hazard h) {
        return ending(h);
    }

    @Override
    public StoppedEventArguments cancelled(StopReason.Cancelled c) {
        return ending(c);
    }
}
