package dev.csfstudio.debug;

import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.StopReason;
import org.eclipse.lsp4j.debug.ExceptionBreakpointsFilter;

import java.util.Optional;
import java.util.Set;

/**
 * The run endings that stop the debugger before the session ends ({@code setExceptionBreakpoints}):
 * {@code fault} (on by default), {@code timeout}, {@code deadlock}, {@code hazard} (on by default: stops on the line
 * that races an operation in flight); and how each is described.
 */
final class ExceptionFilters {

    static final String FAULT = "fault";
    static final String TIMEOUT = "timeout";
    static final String DEADLOCK = "deadlock";
    static final String HAZARD = "hazard";

    private volatile Set<String> enabled = Set.of(FAULT, HAZARD);

    static ExceptionBreakpointsFilter[] advertised() {
        return new ExceptionBreakpointsFilter[] {
                filter(FAULT, "GPU fault", "Stop on the instruction that faulted: translation fault, bad branch,"
                        + " invalid descriptor, ...", true),
                filter(TIMEOUT, "Timeout", "Stop where the step budget or the wall-clock limit ran out", false),
                filter(DEADLOCK, "Deadlock", "Stop when every queue with work waits on a sync object nobody writes",
                        false),
                filter(HAZARD, "Hazard", "Stop on the line that races an asynchronous operation still in flight"
                        + " (a read of a register a load will write, ...)", true)};
    }

    private static ExceptionBreakpointsFilter filter(String id, String label, String description, boolean on) {
        ExceptionBreakpointsFilter f = new ExceptionBreakpointsFilter();
        f.setFilter(id);
        f.setLabel(label);
        f.setDescription(description);
        f.setDefault_(on);
        return f;
    }

    /** Sets the filters; answers the ones not known. */
    Set<String> set(String[] filters) {
        Set<String> wanted = Set.of(filters == null ? new String[0] : filters);
        enabled = Set.copyOf(wanted.stream().filter(f -> f.equals(FAULT) || f.equals(TIMEOUT) || f.equals(DEADLOCK)
                || f.equals(HAZARD))
                .toList());
        return Set.copyOf(wanted.stream().filter(f -> !enabled.contains(f)).toList());
    }

    /** The filter an ending belongs to, if it has one. */
    static Optional<String> filterOf(StopReason stop) {
        return stop.match(ENDINGS).filter();
    }

    boolean stopsOn(StopReason stop) {
        return filterOf(stop).filter(enabled::contains).isPresent();
    }

    /** The fault record of an ending that has one. */
    static Optional<RunReport.Fault> fault(StopReason stop) {
        return stop.match(ENDINGS).fault();
    }

    /** What a stop is to the filters: the filter it belongs to and the fault it describes itself with, if any. */
    private record Ending(Optional<String> filter, Optional<RunReport.Fault> fault) {
        static final Ending NONE = new Ending(Optional.empty(), Optional.empty());

        static Ending of(String filter, RunReport.Fault fault) {
            return new Ending(Optional.ofNullable(filter), Optional.of(fault));
        }
    }

    private static final StopReason.Cases<Ending> ENDINGS = new StopReason.Cases<>() {
        @Override
        public Ending stepped(StopReason.Stepped stop) {
            return Ending.NONE;
        }

        @Override
        public Ending breakpoint(StopReason.Breakpoint stop) {
            return Ending.NONE;
        }

        @Override
        public Ending dataBreakpointHit(StopReason.DataBreakpointHit stop) {
            return Ending.NONE;
        }

        @Override
        public Ending waiting(StopReason.Waiting stop) {
            return Ending.NONE;
        }

        @Override
        public Ending paused(StopReason.Paused stop) {
            return Ending.NONE;
        }

        @Override
        public Ending atPosition(StopReason.AtPosition stop) {
            return Ending.NONE;
        }

        @Override
        public Ending historyStart(StopReason.HistoryStart stop) {
            return Ending.NONE;
        }

        @Override
        public Ending done(StopReason.Done stop) {
            return Ending.NONE;
        }

        @Override
        public Ending fault(StopReason.Fault stop) {
            return Ending.of(FAULT, stop.fault());
        }

        @Override
        public Ending deadlock(StopReason.Deadlock stop) {
            return Ending.of(DEADLOCK, stop.fault());
        }

        @Override
        public Ending timeout(StopReason.Timeout stop) {
            return Ending.of(TIMEOUT, stop.fault());
        }

        @Override
        public Ending hazard(StopReason.Hazard stop) {
            return Ending.of(HAZARD, stop.fault());
        }

        @Override
        public Ending cancelled(StopReason.Cancelled stop) {
            return Ending.of(null, stop.fault());
        }
    };

    /** "translation fault", "timeout", "deadlock", "unaligned access", ...: the exception's id, spaced. */
    static String kind(RunReport.Fault f) {
        String k = f.kind().jsonName().replace('_', ' ');
        return f.kind() == dev.csfstudio.runtime.FaultKind.TRANSLATION ? k + " fault" : k;
    }

    /** What went wrong, in one paragraph: the kind and why, then where: queue, line, VA, VM, address-space slot. */
    static String describe(RunReport.Fault f) {
        String kind = kind(f);
        StringBuilder s = new StringBuilder(f.message().startsWith(kind) ? f.message() : kind + ": " + f.message());
        s.append(" [queue ").append(f.queue());
        if (f.line() != null) {
            s.append(" at ").append(f.line().position());
        }
        s.append(", GPU VA ").append(ValueText.hex(f.va())).append(", VM ").append(f.addressSpace())
                .append(", address-space slot ").append(f.slot() < 0 ? "none" : String.valueOf(f.slot())).append(']');
        return s.toString();
    }
}
