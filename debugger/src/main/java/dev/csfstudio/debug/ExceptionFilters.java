package dev.csfstudio.debug;

import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.StopReason;
import org.eclipse.lsp4j.debug.ExceptionBreakpointsFilter;

import java.util.Optional;
import java.util.Set;

/**
 * The run endings that stop the debugger before the session ends ({@code setExceptionBreakpoints}):
 * {@code fault} (on by default), {@code timeout}, {@code deadlock}; and how each is described.
 */
final class ExceptionFilters {

    static final String FAULT = "fault";
    static final String TIMEOUT = "timeout";
    static final String DEADLOCK = "deadlock";

    private volatile Set<String> enabled = Set.of(FAULT);

    static ExceptionBreakpointsFilter[] advertised() {
        return new ExceptionBreakpointsFilter[] {
                filter(FAULT, "GPU fault", "Stop on the instruction that faulted: translation fault, bad branch,"
                        + " invalid descriptor, ...", true),
                filter(TIMEOUT, "Timeout", "Stop where the step budget or the wall-clock limit ran out", false),
                filter(DEADLOCK, "Deadlock", "Stop when every queue with work waits on a sync object nobody writes",
                        false)};
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
        enabled = Set.copyOf(wanted.stream().filter(f -> f.equals(FAULT) || f.equals(TIMEOUT) || f.equals(DEADLOCK))
                .toList());
        return Set.copyOf(wanted.stream().filter(f -> !enabled.contains(f)).toList());
    }

    /** The filter an ending belongs to, if it has one. */
    static Optional<String> filterOf(StopReason stop) {
        if (stop instanceof StopReason.Fault) {
            return Optional.of(FAULT);
        }
        if (stop instanceof StopReason.Timeout) {
            return Optional.of(TIMEOUT);
        }
        return stop instanceof StopReason.Deadlock ? Optional.of(DEADLOCK) : Optional.empty();
    }

    boolean stopsOn(StopReason stop) {
        return filterOf(stop).filter(enabled::contains).isPresent();
    }

    /** The fault record of an ending that has one. */
    static Optional<RunReport.Fault> fault(StopReason stop) {
        // Java 17: no patterns in switch yet.
        if (stop instanceof StopReason.Fault f) {
            return Optional.of(f.fault());
        }
        if (stop instanceof StopReason.Timeout t) {
            return Optional.of(t.fault());
        }
        if (stop instanceof StopReason.Deadlock d) {
            return Optional.of(d.fault());
        }
        return stop instanceof StopReason.Cancelled c ? Optional.of(c.fault()) : Optional.empty();
    }

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
