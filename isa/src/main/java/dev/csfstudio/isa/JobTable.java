package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each RUN_* job of one architecture reads from its staging registers, loaded from {@code jobs-v10.txt},
 * {@code jobs-v12.txt} or {@code jobs-v13.txt} (the format is described at the top of {@code jobs-v10.txt}); the descriptors it names are
 * the architecture's {@link DescriptorSet}.
 */
public final class JobTable {

    /** How the registers of one input are read. */
    public enum Form {
        /** A register's (or, for U64, a register pair's) value, of {@link Kind#type()}. */
        VALUE,
        /** The descriptor's words in consecutive registers, or'ed with the instruction's {@link Kind#orField()}. */
        INLINE,
        /** A register pair holding the address of one descriptor, the bits of {@link Kind#mask()} cleared. */
        POINTER,
        /** A register pair holding the address of {@code value & mask} descriptors, the bits of the mask cleared. */
        TABLE,
        /** A register pair holding a FAU address (bits 47:0) and its count of 64-bit words (bits 63:56). */
        FAU
    }

    /**
     * How one input is read: its form, and what that form needs (null or 0 where it needs nothing).
     *
     * @param descriptor the descriptor an INLINE, POINTER or TABLE input holds or points at
     */
    public record Kind(Form form, ValueType type, String descriptor, String orField, long mask) {
        static Kind value(ValueType type) {
            return new Kind(Form.VALUE, type, null, null, 0);
        }
    }

    /** The value kinds of registers read as numbers. */
    public enum ValueType {
        U32(1), S32(1), F32(1), U64(2);

        private final int registers;

        ValueType(int registers) {
            this.registers = registers;
        }

        public int registers() {
            return registers;
        }
    }

    /**
     * One input of a job.
     *
     * @param register     the first staging register, before {@code selectField}
     * @param selectField  the instruction field whose value times {@code selectStride} is added, or null
     * @param optional     a zero value means the job has no such input
     * @param when         an instruction field or primitive-flags field that must be set for it to be read, or null
     * @param sr           genxml's name of the first register in the job's staging-register enumeration ("COMPUTE SR",
     *                     "IDVS SR", "FRAGMENT SR": {@code SRT_0}, {@code TILER_CTX}), or null where genxml names none
     */
    public record Input(String name, int register, String selectField, int selectStride, Kind kind, boolean optional,
                        String when, String sr, String doc) {
    }

    /** A RUN_* instruction's inputs, and the register operands read only when a flag is set. */
    public record Job(String mnemonic, List<Input> inputs, Map<String, String> operandWhen) {
    }

    /**
     * A pointer field of a descriptor that leads to another descriptor (or to several, or to FAU words), which the
     * job reads too.
     *
     * @param descriptor the descriptor it leads to, or {@link #FAU} for a FAU's 64-bit words
     * @param count      the field of the same descriptor holding how many it leads to (a draw's blend count), or null
     * @param mask       the pointer's low bits holding how many it leads to (a resource table's 0x3f), or 0
     */
    public record Follow(String field, String descriptor, String count, long mask) {

        /** A pointer to a single descriptor. */
        public Follow(String field, String descriptor) {
            this(field, descriptor, null, 0);
        }

        /** Whether the pointer leads to a counted array, whose entries are labelled {@code FIELD.0}, {@code FIELD.1}. */
        public boolean counted() {
            return count != null || mask != 0;
        }
    }

    /** The {@link Follow#descriptor} of a pointer to FAU words (a draw's FAU, its count in another field). */
    public static final String FAU = "fau";

    /**
     * A pointer field of a descriptor and the bytes it points at, which a job's decoding checks against the VM (null,
     * unmapped, past the end of its buffer) as pandecode checks what it reads.
     *
     * @param size   the field holding the size in bytes, or null: only the first byte is checked
     * @param sizeHi the field holding the size's high bits (above bit 31), or null
     */
    public record Extent(String field, String size, String sizeHi) {
    }

    private final Map<String, Job> jobs;
    private final Map<String, List<Follow>> follows;
    private final Map<String, List<Extent>> extents;

    private JobTable(Map<String, Job> jobs, Map<String, List<Follow>> follows, Map<String, List<Extent>> extents) {
        this.jobs = jobs;
        this.follows = follows;
        this.extents = extents;
    }

    private static final class V10 {
        static final JobTable TABLE = load("jobs-v10.txt");
    }

    private static final class V12 {
        static final JobTable TABLE = load("jobs-v12.txt");
    }

    private static final class V13 {
        static final JobTable TABLE = load("jobs-v13.txt");
    }

    public static JobTable of(Arch arch) {
        return switch (arch) {
            case V10 -> V10.TABLE;
            case V12 -> V12.TABLE;
            case V13 -> V13.TABLE;
        };
    }

    /** The job a mnemonic starts, if it is a RUN_* of this architecture. */
    public Optional<Job> job(String mnemonic) {
        return Optional.ofNullable(jobs.get(mnemonic));
    }

    public List<Job> all() {
        return List.copyOf(jobs.values());
    }

    /** The pointer fields of descriptor {@code descriptor} that lead to descriptors a job reads as well. */
    public List<Follow> follows(String descriptor) {
        return follows.getOrDefault(descriptor, List.of());
    }

    /** The pointer fields of descriptor {@code descriptor} whose memory a job's decoding checks, with their sizes. */
    public List<Extent> extents(String descriptor) {
        return extents.getOrDefault(descriptor, List.of());
    }

    /** Every descriptor with extent lines. */
    public java.util.Set<String> extentDescriptors() {
        return java.util.Set.copyOf(extents.keySet());
    }

    static JobTable load(String resource) {
        Map<String, Job> jobs = new LinkedHashMap<>();
        String name = null;
        List<Input> inputs = new ArrayList<>();
        Map<String, String> operands = new LinkedHashMap<>();
        Map<String, List<Follow>> follows = new LinkedHashMap<>();
        Map<String, List<Extent>> extents = new LinkedHashMap<>();
        for (TableText.Row row : TableText.rows(resource)) {
            String[] w = row.words();
            String where = resource + ":" + row.line();
            switch (w[0]) {
                case "job" -> {
                    if (name != null) {
                        jobs.put(name, new Job(name, List.copyOf(inputs), Map.copyOf(operands)));
                    }
                    name = w[1];
                    inputs = new ArrayList<>();
                    operands = new LinkedHashMap<>();
                }
                case "input" -> inputs.add(input(where, row.text(), w));
                case "operand" -> operands.put(w[1], option(w, "when=", where));
                case "follow" -> {
                    String[] from = w[1].split("\\.");
                    List<Follow> of = follows.get(from[0]);
                    if (of == null) {
                        of = new ArrayList<>();
                        follows.put(from[0], of);
                    }
                    String count = null;
                    long mask = 0;
                    for (int i = 3; i < w.length; i++) {
                        if (w[i].startsWith("count=")) {
                            count = w[i].substring(6);
                        } else if (w[i].startsWith("mask=")) {
                            mask = Long.decode(w[i].substring(5));
                        } else {
                            throw new IllegalStateException(where + ": unknown follow option " + w[i]);
                        }
                    }
                    of.add(new Follow(from[1], w[2], count, mask));
                }
                case "extent" -> {
                    String[] from = w[1].split("\\.");
                    List<Extent> of = extents.get(from[0]);
                    if (of == null) {
                        of = new ArrayList<>();
                        extents.put(from[0], of);
                    }
                    of.add(new Extent(from[1], w.length > 2 ? w[2] : null, w.length > 3 ? w[3] : null));
                }
                default -> throw new IllegalStateException(where + ": unknown keyword " + w[0]);
            }
        }
        if (name != null) {
            jobs.put(name, new Job(name, List.copyOf(inputs), Map.copyOf(operands)));
        }
        return new JobTable(jobs, follows, extents);
    }

    private static Input input(String where, String text, String[] w) {
        int register = Integer.parseInt(w[2]);
        int at = 3;
        String selectField = null;
        int stride = 0;
        if (w[at].startsWith("select=")) {
            String[] sel = w[at].substring(7).split("\\*");
            selectField = sel[0];
            stride = Integer.parseInt(sel[1]);
            at++;
        }
        String kindWord = w[at++];
        Kind kind;
        switch (kindWord) {
            case "u32" -> kind = Kind.value(ValueType.U32);
            case "s32" -> kind = Kind.value(ValueType.S32);
            case "f32" -> kind = Kind.value(ValueType.F32);
            case "u64" -> kind = Kind.value(ValueType.U64);
            case "fau" -> kind = new Kind(Form.FAU, ValueType.U64, null, null, 0);
            case "inline" -> {
                String descriptor = w[at++];
                String or = at < w.length && w[at].startsWith("or=") ? w[at++].substring(3) : null;
                kind = new Kind(Form.INLINE, null, descriptor, or, 0);
            }
            case "pointer" -> {
                String descriptor = w[at++];
                long mask = at < w.length && w[at].startsWith("mask=") ? Long.decode(w[at++].substring(5)) : 0;
                kind = new Kind(Form.POINTER, ValueType.U64, descriptor, null, mask);
            }
            case "table" -> {
                String descriptor = w[at++];
                kind = new Kind(Form.TABLE, ValueType.U64, descriptor, null, Long.decode(w[at++]));
            }
            default -> throw new IllegalStateException(where + ": unknown input kind " + kindWord);
        }
        boolean optional = false;
        String when = null;
        String sr = null;
        for (; at < w.length; at++) {
            if (w[at].equals("optional")) {
                optional = true;
            } else if (w[at].startsWith("when=")) {
                when = w[at].substring(5);
            } else if (w[at].startsWith("sr=")) {
                sr = w[at].substring(3);
            } else if (w[at].startsWith("doc=")) {
                break;
            } else {
                throw new IllegalStateException(where + ": unknown option " + w[at]);
            }
        }
        int docAt = text.indexOf("doc=");
        return new Input(w[1], register, selectField, stride, kind, optional, when, sr,
                docAt < 0 ? "" : text.substring(docAt + 4));
    }

    private static String option(String[] w, String prefix, String where) {
        for (String word : w) {
            if (word.startsWith(prefix)) {
                return word.substring(prefix.length());
            }
        }
        throw new IllegalStateException(where + ": missing " + prefix);
    }
}
