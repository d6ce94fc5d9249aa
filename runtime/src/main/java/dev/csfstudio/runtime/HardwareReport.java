package dev.csfstudio.runtime;

import dev.csfstudio.isa.ExceptionTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the GPU reports for a fault, the way panthor prints it: the exception's class, code and name from the
 * architecture's {@link ExceptionTable}, its data and info, and which CS of which group raised it; or, for a
 * stop the simulator makes on its own (step budget, wall clock, deadlock, cancellation, configuration), that
 * the hardware raises nothing, and why.
 */
public sealed interface HardwareReport {

    /** One line for a fault's message. */
    String summary();

    /** The lines panthor's kernel log shows for it (for no exception: the one sentence why). */
    List<String> lines();

    /**
     * An exception the GPU raises.
     *
     * @param data         EXCEPTION_DATA: the model has nothing to put there, so 0
     * @param info         the INFO register's EXCEPTION_DATA: the address the fault is about (the VA that did not
     *                     translate, the instruction or branch target, the sync object)
     * @param access       for an MMU fault, what the access was doing; null otherwise
     * @param accessCode   the access type's AS_FAULTSTATUS code, or -1
     * @param addressSpace the MMU address-space slot of the queue's VM
     * @param csgSlot      the CSG slot the queue's group was resident in
     * @param csSlot       the queue's CS slot in its group
     */
    record Raised(ExceptionTable.ExceptionClass exceptionClass, int code, String name, long data, long info,
                  Access access, int accessCode, int addressSpace, int csgSlot, int csSlot) implements HardwareReport {

        /** CS_FATAL for a fatal error, CS_FAULT for the rest (an MMU fault reaches the CS as a CS_FAULT). */
        public String register() {
            return exceptionClass == ExceptionTable.ExceptionClass.CS_FATAL ? "CS_FATAL" : "CS_FAULT";
        }

        @Override
        public String summary() {
            return String.format(Locale.ROOT, "CSG slot %d CS slot %d: %s.EXCEPTION_TYPE: 0x%x (%s), EXCEPTION_DATA: 0x%x,"
                    + " INFO: 0x%x%s", csgSlot, csSlot, register(), code, name, data, info,
                    access == null ? "" : " (" + access.name() + ")");
        }

        @Override
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            if (exceptionClass == ExceptionTable.ExceptionClass.MMU_FAULT) {
                out.add(String.format(Locale.ROOT, "Unhandled Page fault in AS%d at VA 0x%016X", addressSpace, info));
                out.add(String.format(Locale.ROOT, "raw fault status: 0x%X", code | Math.max(accessCode, 0) << 8));
                out.add(String.format(Locale.ROOT, "exception type 0x%X: %s", code, name));
                if (access != null) {
                    out.add(String.format(Locale.ROOT, "access type 0x%X: %s", accessCode, access.name()));
                }
            }
            out.add(String.format(Locale.ROOT, "CSG slot %d CS slot: %d", csgSlot, csSlot));
            out.add(String.format(Locale.ROOT, "%s.EXCEPTION_TYPE: 0x%x (%s)", register(), code, name));
            out.add(String.format(Locale.ROOT, "%s.EXCEPTION_DATA: 0x%x", register(), data));
            out.add(String.format(Locale.ROOT, "%s_INFO.EXCEPTION_DATA: 0x%x", register(), info));
            return out;
        }
    }

    /** The simulator stopped on its own: the GPU raises no exception. */
    record NotRaised(String reason) implements HardwareReport {
        @Override
        public String summary() {
            return "no hardware exception: " + reason;
        }

        @Override
        public List<String> lines() {
            return List.of(summary());
        }
    }

    /**
     * What the GPU reports for a fault of {@code kind} about {@code va}: the table's exception for the kind (for
     * a translation fault, the one of page-table {@code level}), or the table's reason it has none.
     */
    static HardwareReport of(ExceptionTable table, FaultKind kind, int level, Access access, long va,
                             int addressSpace, int csgSlot, int csSlot) {
        java.util.Optional<ExceptionTable.ExceptionType> e = table.forKind(kind.jsonName(), level);
        if (e.isPresent()) {
            ExceptionTable.ExceptionType t = e.get();
            boolean mmu = t.exceptionClass() == ExceptionTable.ExceptionClass.MMU_FAULT;
            Access a = mmu ? access : null;
            return new Raised(t.exceptionClass(), t.code(), t.name(), 0, va, a,
                    a == null ? -1 : table.accessType(a.tableName()), addressSpace, csgSlot, csSlot);
        }
        return new NotRaised(table.noException(kind.jsonName()).orElseThrow(
                () -> new IllegalStateException("the exception table says nothing of fault kind " + kind.jsonName()))
                .reason());
    }
}
