package dev.csfstudio.isa;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Reads the canonical text the disassembler prints (and preset forms and aliases in that style) back into a
 * word through the instruction table alone, so the isa module can prove its texts carry every bit without the
 * assembler. Strict: one blank after the mnemonic, operands separated by ", ", numbers as the disassembler
 * prints them.
 */
final class CanonicalReader {

    private final InstructionSet isa;

    CanonicalReader(InstructionSet isa) {
        this.isa = isa;
    }

    long read(String text) {
        if (text.startsWith(".inst 0x")) {
            return Long.parseUnsignedLong(text.substring(8), 16);
        }
        int blank = text.indexOf(' ');
        String[] head = (blank < 0 ? text : text.substring(0, blank)).split("\\.");
        InstructionDef def = isa.byMnemonic(head[0])
                .orElseThrow(() -> new IllegalArgumentException("no instruction " + head[0] + " in " + isa.name()));
        Map<String, Long> values = new HashMap<>();
        for (int i = 1; i < head.length; i++) {
            values.putAll(modifier(def, head[i]));
        }
        List<OperandSpec> specs = def.operands();
        String[] given = blank < 0 ? new String[0] : text.substring(blank + 1).split(", ");
        if (given.length > specs.size() || given.length < specs.stream().filter(s -> !s.optional()).count()) {
            throw new IllegalArgumentException(text + ": " + given.length + " operands for " + def.signature());
        }
        for (int i = 0; i < given.length; i++) {
            operand(specs.get(i), given[i], values);
        }
        return Encoder.encode(def, values);
    }

    private static Map<String, Long> modifier(InstructionDef def, String spelling) {
        for (Modifier m : def.modifiers()) {
            OptionalLong v = m.match(spelling);
            if (v.isPresent()) {
                return Map.of(m.field().name(), v.getAsLong());
            }
        }
        throw new IllegalArgumentException(def.mnemonic() + " has no modifier ." + spelling);
    }

    private static void operand(OperandSpec spec, String text, Map<String, Long> values) {
        String first = spec.field().name();
        switch (spec.kind()) {
            case R -> values.put(first, register(text, "r"));
            case D -> values.put(first, register(text, "d"));
            case HEX -> values.put(first, Long.parseUnsignedLong(strip(text, "#0x", ""), 16));
            case DEC, TARGET -> values.put(first, Long.parseLong(strip(text, "#", "")));
            case BYTES8 -> values.put(first, Long.parseLong(strip(text, "#", "")) / 8);
            case MEM -> values.put(first, register(strip(text, "[", "]"), "d"));
            case MEMOFF -> {
                String[] parts = strip(text, "[", "]").split(" ");
                values.put(first, register(parts[0], "d"));
                long offset = Long.parseLong(parts[2]);
                values.put(spec.fields().get(1).name(), parts[1].equals("-") ? -offset : offset);
            }
            case REGMASK -> {
                String[] regs = text.split(":");
                long base = register(regs[0], "r");
                long mask = 0;
                for (String r : regs) {
                    mask |= 1L << (register(r, "r") - base);
                }
                values.put(first, base);
                values.put(spec.fields().get(1).name(), mask);
            }
            case REGRANGE -> {
                String[] regs = text.split(":");
                long base = register(regs[0], "r");
                values.put(first, base);
                values.put(spec.fields().get(1).name(), register(regs[1], "r") - base + 1);
            }
        }
    }

    private static long register(String text, String prefix) {
        return Long.parseLong(strip(text, prefix, ""));
    }

    private static String strip(String text, String prefix, String suffix) {
        if (!text.startsWith(prefix) || !text.endsWith(suffix)) {
            throw new IllegalArgumentException("expected " + prefix + "..." + suffix + ", got " + text);
        }
        return text.substring(prefix.length(), text.length() - suffix.length());
    }
}
