package dev.csfstudio.runtime;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.AssembledLineList;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.Encoder;
import dev.csfstudio.isa.InstructionDef;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds {@link Program}s in tests without the assembler: instructions are encoded from the instruction
 * table, each gets its own source line (line N of {@code fixture.csf} for the N-th instruction overall)
 * so fault locations can be asserted.
 */
final class ProgramFixture {

    static final Path FILE = Path.of("fixture.csf");

    private final List<Section> sections = new ArrayList<>();
    private final Set<String> vms = new LinkedHashSet<>(List.of("main"));
    private final List<Program.QueueDecl> queues = new ArrayList<>();
    private final List<Program.Job> jobs = new ArrayList<>();
    private int nextLine = 1;
    private final Arch arch;

    /** A v10 program. */
    ProgramFixture() {
        this(Arch.V10);
    }

    /** A program assembled for {@code arch} (its words are that architecture's). */
    ProgramFixture(Arch arch) {
        this.arch = arch;
    }

    /** A v10 instruction word from its mnemonic and field values: {@code insn("MOVE32", "dst", 4, "imm", 7)}. */
    static long insn(String mnemonic, Object... fieldValues) {
        return insn(Arch.V10, mnemonic, fieldValues);
    }

    /** An instruction word of {@code arch} (a preset form's mnemonic gives its instruction's word). */
    static long insn(Arch arch, String mnemonic, Object... fieldValues) {
        InstructionDef def = arch.instructionSet().byMnemonic(mnemonic).orElseThrow();
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 0; i < fieldValues.length; i += 2) {
            values.put((String) fieldValues[i], ((Number) fieldValues[i + 1]).longValue());
        }
        return Encoder.encode(def, values);
    }

    ProgramFixture vm(String name) {
        vms.add(name);
        return this;
    }

    ProgramFixture queue(String name, String vm) {
        queues.add(new Program.QueueDecl(name, vm, SourceRange.at(FILE, 1000, 1, 1)));
        return this;
    }

    /** A queue in {@code group} (queues naming one group share it). */
    ProgramFixture queue(String name, String vm, String group) {
        queues.add(new Program.QueueDecl(name, vm, SourceRange.at(FILE, 1000, 1, 1), group));
        return this;
    }

    ProgramFixture submit(String queue, String stream) {
        jobs.add(new Program.Job(queue, stream, SourceRange.at(FILE, 2000 + jobs.size(), 1, 1)));
        return this;
    }

    /** A stream in VM main; returns the source line of its first instruction. */
    int stream(String name, long address, long... words) {
        return stream(name, "main", address, words);
    }

    int stream(String name, String vm, long address, long... words) {
        int first = nextLine;
        byte[] bytes = new byte[words.length * 8];
        List<AssembledLine> lines = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            for (int b = 0; b < 8; b++) {
                bytes[i * 8 + b] = (byte) (words[i] >>> (8 * b));
            }
            InstructionDef def = arch.instructionSet().byWord(words[i]).orElse(null);
            lines.add(new AssembledLine(SourceRange.at(FILE, nextLine++, 5, 10), name, address + 8L * i, 8, def,
                    words[i], "insn " + i));
        }
        sections.add(new Section(name, SectionKind.STREAM, vm, address, bytes, 8, false,
                SourceRange.at(FILE, first, 1, 1), AssembledLineList.from(lines)));
        return first;
    }

    ProgramFixture buffer(String name, String vm, long address, byte[] bytes, boolean dumpable) {
        sections.add(new Section(name, SectionKind.BUFFER, vm, address, bytes, 64, dumpable,
                SourceRange.at(FILE, 900, 1, 1), AssembledLineList.from(List.of())));
        return this;
    }

    ProgramFixture buffer(String name, long address, byte[] bytes) {
        return buffer(name, "main", address, bytes, false);
    }

    Program build() {
        List<Program.QueueDecl> qs = queues.isEmpty()
                ? List.of(new Program.QueueDecl("main", "main", SourceRange.at(FILE, 1000, 1, 1))) : queues;
        List<Program.Job> js = jobs.isEmpty()
                ? List.of(new Program.Job(qs.get(0).name(), "main", SourceRange.at(FILE, 2000, 1, 1))) : jobs;
        return new Program(sections, "main", List.copyOf(vms), qs, js, Map.of(), List.of(FILE), arch);
    }

    /** Framebuffer descriptor bytes: parameters, padding, optional ZS/CRC extension, render targets. */
    static final class Fbd {
        private static final DescriptorSet D = DescriptorSet.v10();
        private final int width, height;
        private final boolean zsCrc;
        private final List<Map<String, Long>> rts = new ArrayList<>();
        private final Map<String, Long> params = new LinkedHashMap<>();

        Fbd(int width, int height, boolean zsCrc) {
            this.width = width;
            this.height = height;
            this.zsCrc = zsCrc;
        }

        Fbd bounds(int minX, int minY, int maxX, int maxY) {
            params.put("bound_min_x", (long) minX);
            params.put("bound_min_y", (long) minY);
            params.put("bound_max_x", (long) maxX);
            params.put("bound_max_y", (long) maxY);
            return this;
        }

        /** A render target; {@code fields} as name/value pairs over the table's render_target fields. */
        Fbd rt(Object... fields) {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("write_enable", 1L);
            m.put("swizzle", 0x688L);
            m.put("layout", 2L);
            for (int i = 0; i < fields.length; i += 2) {
                m.put((String) fields[i], ((Number) fields[i + 1]).longValue());
            }
            rts.add(m);
            return this;
        }

        byte[] bytes() {
            DescriptorDef p = D.get("framebuffer_parameters");
            DescriptorDef rt = D.get("render_target");
            int size = p.size() + D.get("padding").size() + (zsCrc ? D.get("zs_crc_extension").size() : 0)
                    + rts.size() * rt.size();
            byte[] out = new byte[size];
            p.field("width").orElseThrow().write(out, 0, width);
            p.field("height").orElseThrow().write(out, 0, height);
            p.field("bound_max_x").orElseThrow().write(out, 0, width - 1);
            p.field("bound_max_y").orElseThrow().write(out, 0, height - 1);
            p.field("rt_count").orElseThrow().write(out, 0, rts.size());
            p.field("has_zs_crc_extension").orElseThrow().write(out, 0, zsCrc ? 1 : 0);
            params.forEach((k, v) -> p.field(k).orElseThrow().write(out, 0, v));
            int at = size - rts.size() * rt.size();
            for (Map<String, Long> m : rts) {
                int base = at;
                m.forEach((k, v) -> rt.field(k).orElseThrow().write(out, base, v));
                at += rt.size();
            }
            return out;
        }

        long pointer(long address) {
            return DescriptorSet.framebufferPointer(address, rts.size(), zsCrc);
        }
    }
}
