package dev.csfstudio.debug;

import dev.csfstudio.runtime.HardwareReport;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.StopReason;

import java.util.Locale;
import java.util.Optional;

/**
 * A fault as the debugger shows it in the hardware's terms: the exception's class, code, name, data and info, and
 * the state of the faulting queue's group as panthor's {@code DRM_IOCTL_PANTHOR_GROUP_GET_STATE} answers it
 * ({@code fatal_fault} with the queues that faulted, {@code timedout}, or nothing wrong yet). A terminated
 * group's queue shows as ended with that reason while the other groups' queues still step.
 */
final class GroupFaults {

    private GroupFaults() {
    }

    /** "ended: fault CS_INSTR_INVALID (0x49) at f.csf:7:5; group fatal_fault": a terminated queue's thread state. */
    static Optional<String> ended(QueueView q) {
        return q.terminatedBy().map(f -> "ended: " + (f.queue().equals(q.name()) ? "" : "cancelled, queue "
                + f.queue() + " of its group had ") + f.kind().jsonName() + " " + exceptionName(f)
                + (f.line() == null ? "" : " at " + f.line().position()) + "; group " + groupState(q, null));
    }

    /** "fatal_fault (fatal_queues 0x2: qbad)": the faulting queue's bit is its CS slot in the group. */
    private static String fatal(RunReport.Fault f) {
        int cs = f.hardware() instanceof HardwareReport.Raised r ? r.csSlot() : 0;
        return "fatal_fault (fatal_queues 0x" + Integer.toHexString(1 << cs) + ": " + f.queue() + ")";
    }

    /**
     * The group's state: {@code fatal_fault} when a fault or hazard stop terminated it (or is the one the run
     * stopped at, {@code end}), {@code timedout} when the run has ended as a timeout or deadlock while the queue
     * still had work, else {@code ok}.
     */
    static String groupState(QueueView q, StopReason end) {
        if (q.terminatedBy().isPresent()) {
            return fatal(q.terminatedBy().get());
        }
        boolean unfinished = q.jobsPending() > 0;
        if (unfinished && (end instanceof StopReason.Timeout || end instanceof StopReason.Deadlock)) {
            return "timedout";
        }
        if (end instanceof StopReason.Fault f && f.fault().queue().equals(q.name())) {
            return fatal(f.fault());
        }
        if (end instanceof StopReason.Hazard h && h.fault().queue().equals(q.name())) {
            return fatal(h.fault());
        }
        return unfinished && end instanceof StopReason.Cancelled ? "cancelled" : "ok";
    }

    /** "CS_INSTR_INVALID (0x49)", or "no hardware exception". */
    static String exceptionName(RunReport.Fault f) {
        return f.hardware() instanceof HardwareReport.Raised r
                ? r.name() + String.format(Locale.ROOT, " (0x%x)", r.code()) : "(no hardware exception)";
    }

    /**
     * The exception details' text: class, code, name, data and info as the CS's registers hold them (or why the
     * GPU raises none), then the group's state.
     */
    static String details(RunReport.Fault f, QueueView q, StopReason end) {
        StringBuilder s = new StringBuilder();
        if (f.hardware() instanceof HardwareReport.Raised r) {
            // The registers as panthor's kernel log prints them ("CS_FAULT.EXCEPTION_TYPE: 0xc1 (...)")
            s.append("class ").append(r.exceptionClass().name()).append(", ")
                    .append(String.format(Locale.ROOT, "%s.EXCEPTION_TYPE: 0x%x (%s), EXCEPTION_DATA: 0x%x, INFO: 0x%x",
                            r.register(), r.code(), r.name(), r.data(), r.info()));
            if (r.access() != null) {
                s.append(" (").append(r.access().name()).append(')');
            }
            s.append(String.format(Locale.ROOT, ", CSG slot %d CS slot %d", r.csgSlot(), r.csSlot()));
        } else {
            s.append(f.hardware() == null ? "no hardware exception" : f.hardware().summary());
        }
        return s.append("; group ").append(q.group()).append(": ").append(groupState(q, end)).toString();
    }
}
