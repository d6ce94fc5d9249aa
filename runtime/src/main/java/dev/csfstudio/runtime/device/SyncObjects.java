package dev.csfstudio.runtime.device;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sync objects a run has used: each address a SYNC_* instruction accessed, per VM, with its width. */
public final class SyncObjects {

    /** One sync object: {@code bits} is 32 or 64 (the widest access seen). */
    public record Used(String vm, long address, int bits) {
    }

    private Map<String, Map<Long, Integer>> byVm = new LinkedHashMap<>();

    void used(Queue q, long address, boolean wide) {
        if (q.lastSync == address) {
            return; // a wait spinning on one object, a counter bumped in a loop
        }
        q.lastSync = address;
        byVm.computeIfAbsent(q.vm, vm -> new LinkedHashMap<>()).merge(address, wide ? 64 : 32, Math::max);
    }

    public List<Used> all() {
        List<Used> out = new ArrayList<>();
        byVm.forEach((vm, objects) -> objects.forEach((address, bits) -> out.add(new Used(vm, address, bits))));
        return out;
    }

    public Map<String, Map<Long, Integer>> save() {
        Map<String, Map<Long, Integer>> copy = new LinkedHashMap<>();
        byVm.forEach((vm, objects) -> copy.put(vm, new LinkedHashMap<>(objects)));
        return copy;
    }

    public void restore(Map<String, Map<Long, Integer>> saved) {
        byVm = new LinkedHashMap<>();
        saved.forEach((vm, objects) -> byVm.put(vm, new LinkedHashMap<>(objects)));
    }
}
