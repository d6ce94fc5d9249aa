package dev.csfstudio.debug;

import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.Result;

import java.util.Optional;

/**
 * One field of a descriptor in GPU memory written in place (a render target's clear colour, the FBD's
 * bounds): the descriptor read, the field stored as its table says, the descriptor written back.
 */
record DescriptorEdit(DescriptorDef descriptor, String vm, long address) {

    /** Sets {@code field} to {@code value}; answers the value as stored. */
    Result<Long> set(Machine machine, String field, long value) {
        Optional<DescriptorField> f = descriptor.fields().stream().filter(x -> x.answersTo(field)).findFirst();
        if (f.isEmpty()) {
            return Result.refused("'" + field + "' is not a field of " + descriptor.name());
        }
        if (!f.get().accepts(value)) {
            return Result.refused(field + " = " + value + " does not fit: allowed " + f.get().allowed());
        }
        Result<byte[]> bytes = machine.readMemory(vm, address, descriptor.size()).toOptional()
                .map(r -> r.readablePrefix()).filter(b -> b.length == descriptor.size()).map(Result::ok)
                .orElse(Result.refused(descriptor.name() + " at " + ValueText.hex(address) + " is not mapped in VM " + vm));
        return bytes.flatMap(data -> {
            f.get().write(data, 0, value);
            return machine.writeMemory(vm, address, data).map(n -> f.get().read(data, 0));
        });
    }
}
