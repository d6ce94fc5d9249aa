package dev.csfstudio.debug;

import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.Result;
import org.eclipse.lsp4j.debug.ReadMemoryResponse;
import org.eclipse.lsp4j.debug.WriteMemoryResponse;

import java.util.Base64;

/**
 * DAP {@code readMemory} / {@code writeMemory} by GPU VA in a VM, page by page through its page tables:
 * a read answers the mapped bytes from the start and how many after them are unreadable; a write to a
 * range with an unmapped byte writes nothing and says where.
 */
final class MemoryAccess {

    /** Reads larger than this are answered in part (the client asks again from where the answer ends). */
    static final int MAX_READ = 16 << 20;

    private MemoryAccess() {
    }

    static Result<ReadMemoryResponse> read(Machine machine, String focusVm, String reference, Integer offset,
                                           int count) {
        return parse(reference).flatMap(ref -> {
            String vm = ref.vm().orElse(focusVm);
            long va = ref.va() + (offset == null ? 0 : offset);
            if (count < 0) {
                return Result.refused("count " + count + " is negative");
            }
            return machine.readMemory(vm, va, Math.min(count, MAX_READ)).map(m -> {
                ReadMemoryResponse response = new ReadMemoryResponse();
                response.setAddress(ValueText.hex(va));
                byte[] bytes = m.readablePrefix();
                long unreadable = m.unreadableAfterPrefix();
                response.setData(bytes.length == 0 ? null : Base64.getEncoder().encodeToString(bytes));
                if (unreadable > 0) {
                    response.setUnreadableBytes((int) Math.min(Integer.MAX_VALUE, unreadable));
                }
                return response;
            });
        });
    }

    static Result<WriteMemoryResponse> write(Machine machine, String focusVm, String reference, Integer offset,
                                             String base64) {
        Result<ValueText.Reference> where = parse(reference);
        if (where instanceof Result.Refused<ValueText.Reference> r) {
            return Result.refused(r.reason());
        }
        byte[] data;
        try {
            data = Base64.getDecoder().decode(base64 == null ? "" : base64);
        } catch (IllegalArgumentException e) {
            return Result.refused("data is not base64: " + e.getMessage());
        }
        ValueText.Reference ref = where.orElseThrow();
        long va = ref.va() + (offset == null ? 0 : offset);
        return machine.writeMemory(ref.vm().orElse(focusVm), va, data).map(written -> {
            WriteMemoryResponse response = new WriteMemoryResponse();
            response.setBytesWritten(written);
            response.setOffset(offset == null ? 0 : offset);
            return response;
        });
    }

    private static Result<ValueText.Reference> parse(String reference) {
        return ValueText.parseReference(reference).map(Result::ok).orElseGet(() -> Result.refused("'" + reference
                + "' is not a memory reference: expected a GPU VA such as 0x1000000000, or VM:0x1000000000"));
    }
}
