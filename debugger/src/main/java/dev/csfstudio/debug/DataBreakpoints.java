package dev.csfstudio.debug;

import dev.csfstudio.runtime.DataBreakpoint;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.Result;
import org.eclipse.lsp4j.debug.Breakpoint;
import org.eclipse.lsp4j.debug.DataBreakpointAccessType;
import org.eclipse.lsp4j.debug.DataBreakpointInfoResponse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Data breakpoints on GPU VA ranges: {@code dataBreakpointInfo} names a range ({@code VM:0xVA:LENGTH}) for
 * an address or a variable holding one, {@code setDataBreakpoints} watches them; the device stops after a
 * STORE_MULTIPLE, STORE_STATE, SYNC_* or the fragment clear writes into one.
 */
final class DataBreakpoints {

    private final Map<DataBreakpoint, Integer> ids = new HashMap<>();
    private int nextId = 100_000; // apart from line breakpoint ids

    /** The range {@code length} bytes at {@code va} of {@code vm} as a data id, when it can be watched. */
    static DataBreakpointInfoResponse info(Machine machine, String vm, long va, long length, String what) {
        DataBreakpointInfoResponse r = new DataBreakpointInfoResponse();
        if (length < 1) {
            r.setDescription(what + ": a data breakpoint watches 1 or more bytes, not " + length);
            return r;
        }
        if (!Variables.isMapped(machine, vm, va)) {
            r.setDescription(what + ": GPU VA " + ValueText.hex(va) + " is not mapped in VM " + vm
                    + ", so nothing can write it");
            return r;
        }
        r.setDataId(vm + ":" + ValueText.hex(va) + ":" + length);
        r.setDescription("GPU writes to " + length + " bytes at " + ValueText.hex(va) + " (VM " + vm + ")");
        r.setAccessTypes(new DataBreakpointAccessType[] {DataBreakpointAccessType.WRITE});
        r.setCanPersist(false);
        return r;
    }

    /** Replaces every data breakpoint with {@code dataIds}; answers each placed or why not. */
    List<Breakpoint> set(Machine machine, List<String> dataIds) {
        for (DataBreakpoint old : ids.keySet()) {
            machine.removeDataBreakpoint(old);
        }
        ids.clear();
        List<Breakpoint> out = new ArrayList<>();
        for (String dataId : dataIds) {
            Breakpoint b = new Breakpoint();
            b.setId(nextId++);
            Optional<long[]> range = parse(dataId);
            String vm = dataId.substring(0, Math.max(0, dataId.indexOf(':')));
            Result<DataBreakpoint> placed = range.isEmpty()
                    ? Result.refused("'" + dataId + "' is not a data id this adapter gave (VM:0xVA:LENGTH)")
                    : machine.addDataBreakpoint(vm, range.get()[0], range.get()[1]);
            if (placed instanceof Result.Refused<DataBreakpoint> r) {
                b.setVerified(false);
                b.setMessage(r.reason());
            } else {
                b.setVerified(true);
                ids.put(placed.orElseThrow(), b.getId());
            }
            out.add(b);
        }
        return out;
    }

    Optional<Integer> id(DataBreakpoint bp) {
        return Optional.ofNullable(ids.get(bp));
    }

    private static Optional<long[]> parse(String dataId) {
        String[] parts = dataId.split(":");
        if (parts.length != 3) {
            return Optional.empty();
        }
        Optional<Long> va = ValueText.parseNumber(parts[1]);
        Optional<Long> length = ValueText.parseNumber(parts[2].toLowerCase(Locale.ROOT));
        return va.isPresent() && length.isPresent() ? Optional.of(new long[] {va.get(), length.get()}) : Optional.empty();
    }
}
