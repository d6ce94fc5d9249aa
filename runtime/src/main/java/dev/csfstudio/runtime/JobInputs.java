package dev.csfstudio.runtime;

import dev.csfstudio.isa.DecodedInstruction;
import dev.csfstudio.isa.Decoder;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.JobTable;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import dev.csfstudio.runtime.device.Queue;

/**
 * Decodes what a RUN_* job reads, as mesa's pandecode does at each RUN_*: the staging registers the architecture's
 * {@link JobTable} names, the descriptors they hold or point at (the {@link DescriptorSet}), field by field, and
 * pointers the table marks to follow, each read with the layout its variant field selects (a plane by its type).
 * Each pointer is checked against the queue's VM with pandecode's wording: a null pointer, one no page of the VM
 * maps, or a descriptor running past the end of the buffer it starts in; so is the memory the table's extent lines
 * name (a buffer's or plane's bytes, for the size the descriptor states).
 * Shaders are not disassembled: a shader program descriptor gives the binary's address and its stage.
 */
public final class JobInputs {

    /** One decoded field: its user-level value and how the report spells it (an enumeration name, a float). */
    public record Field(String name, long value, String text) {
    }

    /**
     * One descriptor read by a job.
     *
     * @param label   its path in the job: the input's name, {@code srt.0} for a table entry, {@code tiler_ctx.heap}
     *                for a descriptor a pointer field leads to
     * @param address where it was read, or -1 when it lies in registers
     */
    public record Descriptor(String name, String label, long address, List<Field> fields) {
    }

    /**
     * One input of a job: the registers it was read from, their value, and what the value holds or points at.
     *
     * @param note pandecode's note about its pointer, or null
     */
    public record Input(String name, String doc, String registers, long value, String text, List<Descriptor> descriptors,
                        String note) {
    }

    /**
     * A RUN_* job's inputs.
     *
     * @param number 1 for the run's first RUN_*, counting every queue in the order they ran
     */
    public record Job(int number, String queue, long va, SourceRange line, String mnemonic, List<Input> inputs) {

        /**
         * Every value by path: an input's name ({@code index_count}, {@code spd}), a descriptor field
         * ({@code spd.stage}, {@code srt.0.size}, {@code tiler_ctx.heap.size}).
         */
        public Map<String, Long> values() {
            Map<String, Long> out = new LinkedHashMap<>();
            for (Input in : inputs) {
                out.put(in.name(), in.value());
                for (Descriptor d : in.descriptors()) {
                    for (Field f : d.fields()) {
                        out.put(d.label() + "." + f.name(), f.value());
                    }
                }
            }
            return out;
        }

        public OptionalLong value(String path) {
            Long v = values().get(path.toLowerCase(Locale.ROOT));
            return v == null ? OptionalLong.empty() : OptionalLong.of(v);
        }

        /**
         * The job's inputs as the run summary prints them: one line per input (registers, value, what it is), then
         * each descriptor it holds or points at, field by field, and pandecode's note about its pointer.
         */
        public String describe() {
            StringBuilder sb = new StringBuilder();
            for (Input in : inputs) {
                sb.append("\n  ").append(in.name()).append(' ').append(in.registers()).append(" = ").append(in.text())
                        .append(": ").append(in.doc());
                for (Descriptor d : in.descriptors()) {
                    sb.append("\n    ").append(d.label());
                    if (d.address() >= 0) {
                        sb.append(" @").append(hex(d.address()));
                    }
                    sb.append(':');
                    for (Field f : d.fields()) {
                        sb.append(' ').append(f.name()).append('=').append(f.text());
                    }
                    if (d.name().equals(DescriptorSet.SHADER_PROGRAM)) {
                        sb.append("\n    ").append(d.label()).append(": shader binary not disassembled (Valhall"
                                + " disassembly is out of scope)");
                    }
                }
                if (in.note() != null) {
                    sb.append("\n    XXX: ").append(in.note());
                }
            }
            return sb.toString();
        }

        /** pandecode's notes about this job's pointers, each with the line of the RUN_*. */
        public List<String> notes() {
            List<String> out = new ArrayList<>();
            for (Input in : inputs) {
                if (in.note() != null) {
                    out.add((line == null ? "<no source line>" : line.position()) + ": " + mnemonic + " " + in.name()
                            + " (" + in.registers() + "): " + in.note());
                }
            }
            return out;
        }
    }

    private static final long FAU_ADDRESS_MASK = (1L << 48) - 1;
    private static final int MAX_FOLLOW_DEPTH = 3;

    private final Program program;
    private final HostAccess host;
    private final JobTable table;
    private final DescriptorSet descriptors;

    public JobInputs(Program program, HostAccess host) {
        this.program = program;
        this.host = host;
        this.table = JobTable.of(program.arch());
        this.descriptors = program.arch().descriptors();
    }

    /** Whether {@code insn} starts a job of this architecture's table. */
    public boolean isJob(DecodedInstruction insn) {
        return table.job(insn.def().mnemonic()).isPresent();
    }

    /** Whether the instruction's register operand {@code field} is read by the job (RUN_IDVS's draw ID register). */
    public boolean readsOperand(DecodedInstruction insn, String field) {
        Optional<JobTable.Job> job = table.job(insn.def().mnemonic());
        if (job.isEmpty() || !job.get().operandWhen().containsKey(field)) {
            return true;
        }
        return insn.def().field(job.get().operandWhen().get(field)).map(f -> insn.value(f) != 0).orElse(true);
    }

    /** The registers and VM of the queue a job runs on. */
    private record State(String name, String vm, int[] regs) {
        long register64(int r) {
            return (regs[r] & 0xffff_ffffL) | ((long) regs[r + 1] << 32);
        }
    }

    /**
     * The job the instruction at a stopped queue's PC starts when it runs, decoded from the machine's present
     * registers and memory (a debugger's view before the RUN_* executes; numbered 0); empty if it is no RUN_*.
     */
    public static Optional<Job> atPc(Machine machine, QueueView q) {
        Program program = machine.program();
        byte[] bytes;
        try {
            bytes = machine.memory().read(q.vm(), q.pc(), 8);
        } catch (HostAccessException e) {
            return Optional.empty();
        }
        long word = 0;
        for (int b = 7; b >= 0; b--) {
            word = word << 8 | (bytes[b] & 0xff);
        }
        Optional<DecodedInstruction> insn = new Decoder(program.arch().instructionSet()).decode(word);
        if (insn.isEmpty()) {
            return Optional.empty();
        }
        int[] regs = new int[q.registers().length];
        for (int r = 0; r < regs.length; r++) {
            regs[r] = (int) q.registers()[r];
        }
        SourceRange line = program.lineAt(q.vm(), q.pc()).map(AssembledLine::range).orElse(null);
        return new JobInputs(program, machine.memory()).decode(0, new State(q.name(), q.vm(), regs), q.pc(), line,
                insn.get());
    }

    /** The job {@code insn} (at {@code va} of queue {@code q}) starts, decoded; empty if it is not a RUN_*. */
    public Optional<Job> decode(int number, Queue q, long va, SourceRange line, DecodedInstruction insn) {
        return decode(number, new State(q.name(), q.vm(), q.regs), va, line, insn);
    }

    private Optional<Job> decode(int number, State q, long va, SourceRange line, DecodedInstruction insn) {
        Optional<JobTable.Job> job = table.job(insn.def().mnemonic());
        if (job.isEmpty()) {
            return Optional.empty();
        }
        List<Input> inputs = new ArrayList<>();
        Descriptor flags = null;
        for (JobTable.Input in : job.get().inputs()) {
            if (in.when() != null && !set(in.when(), insn, flags)) {
                continue;
            }
            int r = in.register() + (in.selectField() == null ? 0
                    : (int) (long) insn.def().field(in.selectField()).map(insn::value).orElse(0L) * in.selectStride());
            Optional<Input> decoded = input(q, r, in, insn);
            if (decoded.isPresent()) {
                inputs.add(decoded.get());
                if (flags == null && "primitive_flags".equals(in.kind().descriptor())) {
                    flags = decoded.get().descriptors().get(0);
                }
            }
        }
        return Optional.of(new Job(number, q.name(), va, line, insn.def().mnemonic(), List.copyOf(inputs)));
    }

    /** A flag of the instruction or, failing that, of the job's primitive flags. */
    private static boolean set(String flag, DecodedInstruction insn, Descriptor flags) {
        Optional<Long> own = insn.def().field(flag).map(insn::value);
        if (own.isPresent()) {
            return own.get() != 0;
        }
        if (flags != null) {
            for (Field f : flags.fields()) {
                if (f.name().equals(flag)) {
                    return f.value() != 0;
                }
            }
        }
        return false;
    }

    private Optional<Input> input(State q, int r, JobTable.Input in, DecodedInstruction insn) {
        JobTable.Kind kind = in.kind();
        return switch (kind.form()) {
            case VALUE -> {
                long v = kind.type() == JobTable.ValueType.U64 ? q.register64(r) : q.regs()[r] & 0xffff_ffffL;
                String text = switch (kind.type()) {
                    case U32 -> Long.toString(v);
                    case S32 -> Integer.toString((int) v);
                    case F32 -> Float.toString(Float.intBitsToFloat((int) v));
                    case U64 -> hex(v);
                };
                yield Optional.of(new Input(in.name(), in.doc(), registers(r, kind.type().registers()), v, text,
                        List.of(), null));
            }
            case INLINE -> {
                DescriptorDef def = descriptors.get(kind.descriptor());
                int words = Math.max(1, def.size() / 4);
                byte[] bytes = new byte[words * 4];
                long first = 0;
                for (int k = 0; k < words && r + k < q.regs().length; k++) {
                    int w = q.regs()[r + k];
                    if (k == 0 && kind.orField() != null) {
                        w |= (int) (long) insn.def().field(kind.orField()).map(insn::value).orElse(0L);
                    }
                    if (k == 0) {
                        first = w & 0xffff_ffffL;
                    }
                    for (int b = 0; b < 4; b++) {
                        bytes[k * 4 + b] = (byte) (w >>> (8 * b));
                    }
                }
                Descriptor d = new Descriptor(def.name(), in.name(), -1, fields(def, bytes, 0));
                yield Optional.of(new Input(in.name(), in.doc(), registers(r, words), first, hex(first), List.of(d),
                        null));
            }
            case POINTER -> {
                long v = q.register64(r);
                if (v == 0 && in.optional()) {
                    yield Optional.empty();
                }
                long address = v & ~kind.mask();
                List<Descriptor> found = new ArrayList<>();
                String note = read(q.vm(), kind.descriptor(), in.name(), false, address, 1, found, 0);
                yield Optional.of(new Input(in.name(), in.doc(), registers(r, 2), v, hex(v), List.copyOf(found), note));
            }
            case TABLE -> {
                long v = q.register64(r);
                if (v == 0 && in.optional()) {
                    yield Optional.empty();
                }
                long address = v & ~kind.mask();
                int count = (int) (v & kind.mask());
                List<Descriptor> found = new ArrayList<>();
                String note = read(q.vm(), kind.descriptor(), in.name(), true, address, count, found, 0);
                yield Optional.of(new Input(in.name(), in.doc(), registers(r, 2), v,
                        hex(address) + ", " + count + " " + kind.descriptor() + (count == 1 ? "" : "s"),
                        List.copyOf(found), note));
            }
            case FAU -> {
                long v = q.register64(r);
                if (v == 0 && in.optional()) {
                    yield Optional.empty();
                }
                long address = v & FAU_ADDRESS_MASK;
                long count = v >>> 56;
                Checked checked = check(q.vm(), address, count * 8);
                List<Field> fields = new ArrayList<>(List.of(
                        new Field("address", address, hex(address)), new Field("count", count, Long.toString(count))));
                fields.addAll(fauWords(q.vm(), address, checked.readable() / 8));
                String note = checked.note();
                Descriptor d = new Descriptor("fau", in.name(), address, List.copyOf(fields));
                yield Optional.of(new Input(in.name(), in.doc(), registers(r, 2), v,
                        hex(address) + ", " + count + " word" + (count == 1 ? "" : "s"), List.of(d), note));
            }
        };
    }

    /** The FAU's 64-bit words as pandecode dumps them, {@code fau.0}, {@code fau.1}, ... (those that can be read). */
    private List<Field> fauWords(String vm, long address, long words) {
        List<Field> out = new ArrayList<>();
        if (words <= 0) {
            return out;
        }
        byte[] bytes;
        try {
            bytes = host.read(vm, address, (int) words * 8);
        } catch (HostAccessException e) {
            return out;
        }
        for (int i = 0; i < words; i++) {
            long w = 0;
            for (int b = 7; b >= 0; b--) {
                w = w << 8 | (bytes[i * 8 + b] & 0xff);
            }
            out.add(new Field(Integer.toString(i), w, hex(w)));
        }
        return out;
    }

    /**
     * Reads {@code count} descriptors at {@code address} into {@code found} (labelled {@code label}, or
     * {@code label.i} for a table's entries), and the descriptors their pointer fields lead to; pandecode's note about
     * the pointer, or null.
     */
    private String read(String vm, String name, String label, boolean indexed, long address, int count,
                        List<Descriptor> found, int depth) {
        DescriptorDef def = descriptors.get(name);
        Checked checked = check(vm, address, (long) def.size() * count);
        List<String> notes = new ArrayList<>();
        if (checked.note() != null) {
            notes.add(checked.note());
        }
        for (int i = 0; i < count; i++) {
            long at = address + (long) i * def.size();
            if (checked.readable() < (long) (i + 1) * def.size()) {
                break;
            }
            byte[] bytes;
            try {
                bytes = host.read(vm, at, def.size());
            } catch (HostAccessException e) {
                break;
            }
            String own = indexed ? label + "." + i : label;
            DescriptorDef layout = descriptors.layoutOf(def, bytes, 0);
            List<Field> fields = fields(layout, bytes, 0);
            found.add(new Descriptor(layout.name(), own, at, fields));
            extents(vm, layout.name(), own, fields, notes);
            contained(vm, own, fields, found, notes);
            if (depth < MAX_FOLLOW_DEPTH) {
                follow(vm, layout.name(), own, fields, found, depth + 1, notes);
            }
        }
        return notes.isEmpty() ? null : String.join("; ", notes);
    }

    /**
     * Reads the descriptors the non-zero pointer fields of descriptor {@code name} lead to (the table's follows),
     * adding each pointer's note to {@code notes} as {@code LABEL.FIELD: note}.
     */
    private void follow(String vm, String name, String own, List<Field> fields, List<Descriptor> found, int depth,
                        List<String> notes) {
        for (JobTable.Follow follow : table.follows(name)) {
            for (Field f : fields) {
                if (f.name().equals(follow.field()) && f.value() != 0) {
                    String where = own + "." + f.name();
                    long address = f.value() & ~follow.mask();
                    long count = follow.mask() != 0 ? f.value() & follow.mask() : 1;
                    if (follow.count() != null) {
                        count = fields.stream().filter(c -> c.name().equals(follow.count())).mapToLong(Field::value)
                                .findFirst().orElse(0);
                    }
                    String note;
                    if (follow.descriptor().equals(JobTable.FAU)) {
                        Checked checked = check(vm, address, count * 8);
                        List<Field> words = new ArrayList<>(List.of(new Field("address", address, hex(address)),
                                new Field("count", count, Long.toString(count))));
                        words.addAll(fauWords(vm, address, checked.readable() / 8));
                        found.add(new Descriptor(JobTable.FAU, where, address, List.copyOf(words)));
                        note = checked.note();
                    } else {
                        note = read(vm, follow.descriptor(), where, follow.counted(), address,
                                (int) Math.min(count, MAX_FOLLOWED), found, depth);
                    }
                    if (note != null) {
                        notes.add(where + ": " + note);
                    }
                }
            }
        }
    }

    /** The most descriptors one counted pointer field is read for (a resource table holds at most 63). */
    private static final int MAX_FOLLOWED = 256;

    /** The most descriptors one resource entry's table is read for. */
    private static final int MAX_CONTAINED = 256;
    private static final int CONTAINED_SIZE = 32;

    /**
     * The descriptors a resource entry holds ({@code contains_descriptors} set, {@code size} bytes of 32-byte
     * descriptors at {@code address}), as pandecode_resources reads them: each by the descriptor type in its low four
     * bits, decoded with the table's descriptor of that type's name (buffer, sampler, texture, attribute, plane)
     * and labelled {@code srt.0.1}, with the descriptors its pointer fields lead to (a texture's surfaces: its plane,
     * {@code srt.0.1.surfaces}, its pointer's note added to {@code notes}); a type the table does not describe is
     * listed with its type only.
     */
    private void contained(String vm, String own, List<Field> entry, List<Descriptor> found, List<String> notes) {
        long contains = -1;
        long address = 0;
        long size = 0;
        for (Field f : entry) {
            switch (f.name()) {
                case "contains_descriptors" -> contains = f.value();
                case "address" -> address = f.value();
                case "size" -> size = f.value();
                default -> { }
            }
        }
        if (contains <= 0 || address == 0 || size <= 0) {
            return;
        }
        Optional<dev.csfstudio.isa.EnumType> types = descriptors.enumType("descriptor_type");
        long slots = Math.min(size / CONTAINED_SIZE, MAX_CONTAINED);
        long readable = check(vm, address, slots * CONTAINED_SIZE).readable() / CONTAINED_SIZE;
        for (int i = 0; i < readable; i++) {
            long at = address + (long) i * CONTAINED_SIZE;
            byte[] bytes;
            try {
                bytes = host.read(vm, at, CONTAINED_SIZE);
            } catch (HostAccessException e) {
                return;
            }
            int type = bytes[0] & 0xf;
            String typeName = types.flatMap(t -> t.nameOf(type)).orElse(Integer.toString(type));
            DescriptorDef def = descriptors.all().stream().filter(d -> d.name().equals(typeName)
                    && d.size() == CONTAINED_SIZE).findFirst().orElse(null);
            String label = own + "." + i;
            if (def == null) {
                found.add(new Descriptor("descriptor", label, at, List.of(new Field("type", type,
                        typeName + " (not decoded)"))));
            } else {
                DescriptorDef layout = descriptors.layoutOf(def, bytes, 0);
                List<Field> fields = fields(layout, bytes, 0);
                found.add(new Descriptor(layout.name(), label, at, fields));
                long inline = inlineBuffer(vm, layout.name(), label, at, fields, found);
                if (inline > 0) {
                    i += (int) Math.min(inline / CONTAINED_SIZE, MAX_CONTAINED);
                    continue;
                }
                extents(vm, layout.name(), label, fields, notes);
                follow(vm, layout.name(), label, fields, found, MAX_FOLLOW_DEPTH, notes);
            }
        }
    }

    /** The most 64-bit words of an inline uniform buffer listed. */
    private static final int MAX_INLINE_WORDS = 64;

    /**
     * A buffer descriptor whose address is the slot after its own is an inline uniform buffer (pandecode_buffer's
     * "IUB"): its {@code size} bytes follow the descriptor in the table, are listed as pandecode lists them, 64-bit
     * words as two 32-bit hex words ({@code srt.0.1.iub}: {@code 0=00000001 00000002}, at most
     * {@value #MAX_INLINE_WORDS}), and are not read as descriptors. Answers the bytes it covers, or 0 if it is
     * none.
     */
    private long inlineBuffer(String vm, String name, String label, long at, List<Field> fields,
                              List<Descriptor> found) {
        if (!name.equals("buffer")) {
            return 0;
        }
        long address = -1;
        long size = 0;
        for (Field f : fields) {
            if (f.name().equals("address")) {
                address = f.value();
            } else if (f.name().equals("size")) {
                size = f.value();
            }
        }
        if (address != at + CONTAINED_SIZE || size <= 0 || size % CONTAINED_SIZE != 0) {
            return 0;
        }
        long words = Math.min(size / 8, MAX_INLINE_WORDS);
        long readable = check(vm, address, words * 8).readable() / 8;
        List<Field> out = new ArrayList<>();
        if (readable > 0) {
            byte[] bytes;
            try {
                bytes = host.read(vm, address, (int) readable * 8);
            } catch (HostAccessException e) {
                bytes = new byte[0];
            }
            for (int w = 0; w * 8 < bytes.length; w++) {
                long lo = word32(bytes, w * 8);
                long hi = word32(bytes, w * 8 + 4);
                out.add(new Field(Integer.toString(w), hi << 32 | lo,
                        String.format(Locale.ROOT, "%08X %08X", lo, hi)));
            }
        }
        found.add(new Descriptor("iub", label + ".iub", address, List.copyOf(out)));
        return size;
    }

    private static long word32(byte[] b, int at) {
        return (b[at] & 0xffL) | (b[at + 1] & 0xffL) << 8 | (b[at + 2] & 0xffL) << 16 | (b[at + 3] & 0xffL) << 24;
    }

    /**
     * Checks the memory the table's extent lines say descriptor {@code name}'s pointer fields lead to (a buffer's
     * {@code size} bytes at its {@code address}, a plane's at its {@code pointer}), adding pandecode's note about each
     * bad one to {@code notes} as {@code LABEL.FIELD: note}. A null pointer with no bytes to read is no error.
     */
    private void extents(String vm, String name, String own, List<Field> fields, List<String> notes) {
        for (JobTable.Extent extent : table.extents(name)) {
            long address = 0;
            long size = extent.size() == null ? 1 : 0;
            for (Field f : fields) {
                if (f.name().equals(extent.field())) {
                    address = f.value();
                } else if (f.name().equals(extent.size())) {
                    size += f.value();
                } else if (f.name().equals(extent.sizeHi())) {
                    size += f.value() << 32;
                }
            }
            if (size == 0) {
                continue;
            }
            Checked checked = check(vm, address, size);
            if (checked.note() != null) {
                notes.add(own + "." + extent.field() + ": " + checked.note());
            }
        }
    }

    /** What of {@code size} bytes at {@code address} can be read, and pandecode's note if not all. */
    private record Checked(long readable, String note) {
    }

    private Checked check(String vm, long address, long size) {
        if (address == 0) {
            return new Checked(0, "null pointer deref");
        }
        Optional<Section> section = program.sectionAt(vm, address);
        if (section.isEmpty() || !mapped(vm, address)) {
            return new Checked(0, "invalid memory dereference");
        }
        long offset = address - section.get().address();
        long total = offset + size;
        long length = section.get().size();
        if (total > length) {
            return new Checked(length - offset, "buffer overrun. Chunk of size " + size + " at offset " + offset
                    + " in buffer of size " + length + ". Overrun by " + (total - length) + " bytes.");
        }
        return new Checked(size, null);
    }

    private boolean mapped(String vm, long address) {
        try {
            return host.readSpans(vm, address, 1).spans().get(0) instanceof MemoryRead.Readable;
        } catch (HostAccessException e) {
            return false;
        }
    }

    /** Each field's value and its text as the table prints it ({@link DescriptorField#text}). */
    private static List<Field> fields(DescriptorDef def, byte[] bytes, int base) {
        List<Field> out = new ArrayList<>();
        for (DescriptorField f : def.fields()) {
            long v = f.read(bytes, base);
            out.add(new Field(f.name(), v, f.text(v)));
        }
        return List.copyOf(out);
    }

    private static String registers(int r, int count) {
        return count == 1 ? "r" + r : count == 2 ? "d" + r : "r" + r + "-r" + (r + count - 1);
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
