package dev.csfstudio.isa;

import java.util.List;
import java.util.Optional;

/** A fixed-size memory descriptor (framebuffer parameters, render target, ...); fields answer to their aliases too. */
public record DescriptorDef(String name, int size, List<DescriptorField> fields) {

    public DescriptorDef {
        fields = List.copyOf(fields);
    }

    public Optional<DescriptorField> field(String fieldName) {
        Optional<DescriptorField> exact = fields.stream().filter(f -> f.name().equalsIgnoreCase(fieldName)).findFirst();
        return exact.isPresent() ? exact : fields.stream().filter(f -> f.answersTo(fieldName)).findFirst();
    }
}
