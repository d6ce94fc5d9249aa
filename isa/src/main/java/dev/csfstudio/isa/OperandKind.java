package dev.csfstudio.isa;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How an operand is written in source and which fields it fills: each kind is the one codec of its operands. It
 * reads a {@link WrittenOperand} into field values or says why it cannot ({@link #encode}, with its
 * {@link OperandProblem}), prints field values ({@link #print}, which the disassembler decodes through
 * {@link OperandSpec#first}/{@link OperandSpec#second}), checks registers, and gives the range a user may write, the
 * completion snippet and the tokens it accepts. Callers never switch on the kind or compare it: they ask it.
 *
 * <p>{@code first} is the operand's first field, {@code second} its second (0 for one-field kinds).
 */
public enum OperandKind {
    /** {@code rN}: a 32-bit register number. */
    R("rN", Tokens.REGISTER) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            return oneRegister(spec, w, 'r', registers, fields);
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('r').append(first);
        }

        @Override
        public String missingRegisters(long first, long second, int registers) {
            return first < registers ? null : "register r" + first + " does not exist (r0..r" + (registers - 1) + ")";
        }

        @Override
        public int registerWidth() {
            return 1;
        }
    },
    /** {@code dN}: a register pair rN:rN+1 (N should be even). */
    D("dN", Tokens.PAIR) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            return oneRegister(spec, w, 'd', registers, fields);
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('d').append(first);
        }

        @Override
        public int registerWidth() {
            return 2;
        }
    },
    /** {@code #0x..}: an immediate printed in hex. */
    HEX("#imm", Tokens.IMMEDIATE) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            return immediate(def, spec, w, fields);
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append("#0x").append(Long.toHexString(first));
        }
    },
    /** {@code #..}: an immediate printed in decimal. */
    DEC("#imm", Tokens.IMMEDIATE) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            return immediate(def, spec, w, fields);
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('#').append(first);
        }
    },
    /** {@code [dN]}: the address held in a register pair. */
    MEM("[dN]", Tokens.ADDRESS) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            OperandProblem p = base(def, spec, w, registers, fields);
            return p != null || !w.hasOffset() ? p : OperandProblem.at(OperandProblem.Code.OPERAND_KIND,
                    OperandProblem.Where.OPERAND, def.mnemonic() + " takes a plain address [dN] without an offset");
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append("[d").append(first).append(']');
        }
    },
    /** {@code [dN + off]}: a register pair (first field) and a signed byte offset (second field). */
    MEMOFF("[dN + offset]", Tokens.ADDRESS) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            OperandProblem p = base(def, spec, w, registers, fields);
            if (p != null) {
                return p;
            }
            long offset = w.hasOffset() ? w.value() : 0;
            BitField field = spec.fields().get(1);
            p = range(def, field, offset, field.min(), field.max());
            if (p == null) {
                fields.put(spec, 1, offset);
            }
            return p;
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append("[d").append(first).append(second < 0 ? " - " : " + ").append(Math.abs(second)).append(']');
        }
    },
    /** {@code rA:rB:..}: base register (first field) and a 16-bit mask of registers from it (second field). */
    REGMASK("rA:rB:...", Tokens.REGISTER) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            OperandProblem p = registerList(w);
            long base = p == null ? w.register(0, 'r') : 0;
            long mask = 0;
            long previous = -1;
            int names = p == null ? w.names() : 0;
            for (int k = 0; p == null && k < names; k++) {
                long r = k == 0 ? base : w.register(k, 'r');
                p = register(w, k, r, 'r', registers, fields);
                if (p == null && r <= previous) {
                    p = new OperandProblem(OperandProblem.Code.REGISTER_LIST, OperandProblem.Where.NAME, k,
                            "registers must be listed in ascending order: r" + r + " after r" + previous, List.of());
                } else if (p == null && r - base >= 16) {
                    p = new OperandProblem(OperandProblem.Code.REGISTER_LIST, OperandProblem.Where.NAME, k, "r" + r
                            + " is too far from the base register r" + base + ": allowed r" + base + "..r"
                            + Math.min(base + 15, registers - 1), List.of());
                }
                mask |= 1L << (r - base);
                previous = r;
            }
            if (p == null) {
                fields.put(spec, 1, mask);
                fields.put(spec, 0, base);
            }
            return p;
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            String join = "";
            for (int i = 0; i < 16; i++) {
                if ((second & (1L << i)) != 0) {
                    out.append(join).append('r').append(first + i);
                    join = ":";
                }
            }
        }

        @Override
        public String missingRegisters(long first, long second, int registers) {
            return second == 0 || first + 63 - Long.numberOfLeadingZeros(second) < registers ? null
                    : "register list from r" + first + " with mask 0x" + Long.toHexString(second) + " goes past r"
                    + (registers - 1);
        }

        @Override
        public boolean canonical(long first, long second, int registers) {
            // The source form names the base register first, so the mask's bit 0 is always set.
            return (second & 1) != 0 && missingRegisters(first, second, registers) == null;
        }

        @Override
        public int registersSpanned(long second) {
            return 64 - Long.numberOfLeadingZeros(second);
        }
    },
    /** {@code rFirst:rLast}: base register (first field) and register count (second field). */
    REGRANGE("rFirst:rLast", Tokens.REGISTER) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            OperandProblem p = registerList(w);
            if (p == null && w.names() > 2) {
                p = OperandProblem.at(OperandProblem.Code.REGISTER_LIST, OperandProblem.Where.OPERAND,
                        "expected a register range rFirst:rLast, got '" + w.text() + "'");
            }
            if (p != null) {
                return p;
            }
            int lastName = w.names() - 1;
            long first = w.register(0, 'r');
            long last = w.register(lastName, 'r');
            p = register(w, 0, first, 'r', registers, fields);
            p = p != null ? p : register(w, lastName, last, 'r', registers, fields);
            if (p != null) {
                return p;
            }
            BitField count = spec.fields().get(1);
            if (last < first || last - first + 1 > count.max()) {
                return OperandProblem.at(OperandProblem.Code.REGISTER_LIST, OperandProblem.Where.OPERAND, "register range r"
                        + first + ":r" + last + " must go upwards and span at most " + count.max() + " registers");
            }
            fields.put(spec, 1, last - first + 1);
            fields.put(spec, 0, first);
            return null;
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('r').append(first).append(":r").append(first + second - 1);
        }

        @Override
        public String missingRegisters(long first, long second, int registers) {
            return first + second <= registers ? null
                    : "register range r" + first + " + " + second + " goes past r" + (registers - 1);
        }

        @Override
        public boolean canonical(long first, long second, int registers) {
            return second >= 1 && missingRegisters(first, second, registers) == null;
        }

        @Override
        public int registersSpanned(long second) {
            return (int) second;
        }
    },
    /** {@code #bytes}: a byte count stored divided by 8. */
    BYTES8("#bytes", Tokens.IMMEDIATE) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            OperandProblem p = expression(w, "a byte count");
            if (p != null) {
                return p;
            }
            long v = w.value();
            p = range(def, spec.field(), v, 0, spec.maxValue());
            if (p == null && v % 8 != 0) {
                p = OperandProblem.at(OperandProblem.Code.OUT_OF_RANGE, OperandProblem.Where.VALUE, "byte count " + v
                        + " for " + def.mnemonic() + " must be a multiple of 8");
            }
            if (p == null) {
                fields.put(spec, 0, v / 8);
            }
            return p;
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('#').append(first * 8);
        }

        @Override
        public long written(long stored) {
            return stored * 8;
        }

        @Override
        public long stored(long written) {
            return written / 8;
        }

        @Override
        public long minValue(OperandSpec spec) {
            return 0;
        }

        @Override
        public long maxValue(OperandSpec spec) {
            return spec.field().max() * 8;
        }

        @Override
        public long step() {
            return 8;
        }
    },
    /** A label, or a signed instruction offset from the next instruction. */
    TARGET("label", Tokens.LABEL) {
        @Override
        OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields) {
            OperandProblem p = expression(w, "a label or an offset");
            if (p != null) {
                return p;
            }
            BitField f = spec.field();
            OptionalLong distance = w.branchOffset();
            long v = distance.isPresent() ? distance.getAsLong() : w.value();
            if (distance.isPresent() && !f.fits(v)) {
                p = OperandProblem.at(OperandProblem.Code.BRANCH_RANGE, OperandProblem.Where.VALUE, "branch target '"
                        + w.valueText() + "' is " + v + " instructions away: allowed " + f.min() + ".." + f.max());
            } else if (distance.isEmpty()) {
                p = range(def, f, v, f.min(), f.max());
            }
            if (p == null) {
                fields.put(spec, 0, v);
            }
            return p;
        }

        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            String label = namer.nameFor(first);
            out.append(label != null ? label : "#" + first);
        }

        @Override
        public long minValue(OperandSpec spec) {
            return spec.field().min();
        }
    };

    /** Which source tokens an operand kind takes. */
    public enum Tokens {
        /** {@code rN} and register lists of them. */
        REGISTER,
        /** {@code dN}. */
        PAIR,
        /** {@code [dN]}, {@code [dN + offset]}. */
        ADDRESS,
        /** {@code #n}, a number or a constant. */
        IMMEDIATE,
        /** A label name, or {@code #offset}. */
        LABEL;

        /** Whether {@code rN} registers are written here (alone or in a list). */
        public boolean acceptsRegisters() {
            return this == REGISTER;
        }

        /** Whether {@code dN} register pairs are written here (alone or inside an address). */
        public boolean acceptsPairs() {
            return this == PAIR || this == ADDRESS;
        }

        /** Whether a label names the operand's value. */
        public boolean acceptsLabels() {
            return this == LABEL;
        }
    }

    private final String placeholder;
    private final Tokens tokens;

    OperandKind(String placeholder, Tokens tokens) {
        this.placeholder = placeholder;
        this.tokens = tokens;
    }

    /** What this operand looks like in a signature, e.g. {@code [dN + offset]}. */
    public String placeholder() {
        return placeholder;
    }

    /** The LSP snippet tab stop {@code tab} of one operand of this kind: its placeholder, e.g. {@code ${2:rN}}. */
    public String snippet(int tab) {
        return "${" + tab + ":" + placeholder.replace("$", "\\$").replace("}", "\\}") + "}";
    }

    /** The tokens this kind accepts. */
    public Tokens tokens() {
        return tokens;
    }

    /** Whether {@code rN} registers are written here (alone or in a list). */
    public boolean acceptsRegisters() {
        return tokens.acceptsRegisters();
    }

    /** Whether {@code dN} register pairs are written here (alone or inside an address). */
    public boolean acceptsPairs() {
        return tokens.acceptsPairs();
    }

    /** Whether a label names the operand's value: the operand is a branch's target. */
    public boolean acceptsLabels() {
        return tokens.acceptsLabels();
    }

    /**
     * For an operand that is one register ({@code rN}, 1) or one pair ({@code dN}, 2) alone: how many registers it
     * names; 0 for every other kind (lists, addresses and immediates).
     */
    public int registerWidth() {
        return 0;
    }

    /**
     * The operand of this kind nearest to register number {@code n} that exists in a file of {@code registers}
     * (a pair rounded down to even, a number past the file's end to its last register), e.g. {@code r95} or
     * {@code d94}; empty for a kind that is not one register or one pair.
     */
    public Optional<String> nearestRegister(long n, int registers) {
        int width = registerWidth();
        if (width == 0) {
            return Optional.empty();
        }
        long valid = Math.min(n - n % width, registers - width);
        return Optional.of((width == 2 ? "d" : "r") + valid);
    }

    /** Whether an operand of this kind, written as register rN, may be written as pair dN of kind {@code wider}. */
    public boolean widensTo(OperandKind wider) {
        return registerWidth() == 1 && wider.registerWidth() == 2;
    }

    /** The multiple every written value of the operand's first field must be: 8 for a byte count, otherwise 1. */
    public long step() {
        return 1;
    }

    /**
     * The nearest value above {@code written} that this operand may hold when {@code written} is not a multiple of
     * its {@link #step}, or empty when {@code written} is one already or the multiple above is out of range.
     */
    public OptionalLong roundedUp(OperandSpec spec, long written) {
        long step = step();
        long rounded = Math.max(0, Math.floorDiv(written + step - 1, step) * step);
        return step == 1 || rounded == written || rounded > maxValue(spec) ? OptionalLong.empty()
                : OptionalLong.of(rounded);
    }

    /** Where a codec puts the field values it reads, and its warnings. */
    public interface Fields {
        /** Field {@code k} of {@code spec} holds {@code value} (checked against what the source may write). */
        void put(OperandSpec spec, int k, long value);

        /** A warning about the operand; reading it goes on. */
        void warn(OperandProblem warning);
    }

    /**
     * Reads {@code written} as operand {@code spec} of {@code def} in a register file of {@code registers}, putting its
     * field values into {@code fields}: the error that stopped it (nothing is put then but what came before it, such
     * as an address's base), or empty. Values are asked of {@code written} in the order the parser's evaluator asks.
     */
    public final Optional<OperandProblem> encode(InstructionDef def, OperandSpec spec, WrittenOperand written,
                                                 int registers, Fields fields) {
        return Optional.ofNullable(read(def, spec, written, registers, fields));
    }

    /** {@link #encode}: the error, or null. */
    abstract OperandProblem read(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers, Fields fields);

    /** Whether a name alone here is a register, never a symbol: the operand names no constant or label. */
    public boolean readsNamesAsRegisters() {
        return tokens == Tokens.REGISTER || tokens == Tokens.PAIR;
    }

    /** Appends the operand's canonical text. */
    abstract void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer);

    /**
     * Why the registers the operand names do not all exist in a file of {@code registers}, or null when they
     * do (immediates name none).
     */
    public String missingRegisters(long first, long second, int registers) {
        return acceptsPairs() ? pairMissing(first, registers) : null;
    }

    /** Whether the canonical text of these field values assembles back to them. */
    public boolean canonical(long first, long second, int registers) {
        return missingRegisters(first, second, registers) == null;
    }

    /** For register lists: how many registers from the first the second field spans; otherwise 0. */
    public int registersSpanned(long second) {
        return 0;
    }

    /** The value a user writes for a first field that stores {@code stored}. */
    public long written(long stored) {
        return stored;
    }

    /** The value the first field stores for a written value already checked against the range. */
    public long stored(long written) {
        return written;
    }

    /** Smallest value a user may write for the operand's first field. */
    public long minValue(OperandSpec spec) {
        BitField f = spec.field();
        return spec.wrap() ? -(1L << (f.width() - 1)) : f.min();
    }

    /** Largest value a user may write for the operand's first field. */
    public long maxValue(OperandSpec spec) {
        return spec.field().max();
    }

    /** {@code rN} or {@code dN} alone: its number in the first field. */
    private static OperandProblem oneRegister(OperandSpec spec, WrittenOperand w, char letter, int registers,
                                              Fields fields) {
        if (w.shape() != WrittenOperand.Shape.NAME) {
            return OperandProblem.at(OperandProblem.Code.OPERAND_KIND, OperandProblem.Where.OPERAND,
                    "expected a register " + letter + "N, got '" + w.text() + "'");
        }
        long n = w.register(0, letter);
        OperandProblem p = register(w, 0, n, letter, registers, fields);
        if (p == null) {
            fields.put(spec, 0, n);
        }
        return p;
    }

    /**
     * Checks name {@code k}, read as register number {@code n} ({@link WrittenOperand#register}), as register
     * {@code letterN} of a file of {@code registers}: a pair must leave room for rN+1, and an odd pair only warns.
     */
    private static OperandProblem register(WrittenOperand w, int k, long n, char letter, int registers, Fields fields) {
        if (n < 0) {
            return new OperandProblem(OperandProblem.Code.OPERAND_KIND, OperandProblem.Where.NAME, k, "expected "
                    + (letter == 'd' ? "a register pair dN" : "a register rN") + ", got '" + w.name(k) + "'", List.of());
        }
        if ((letter == 'd' ? n + 1 : n) >= registers) {
            return new OperandProblem(OperandProblem.Code.OUT_OF_RANGE, OperandProblem.Where.NAME, k, "register "
                    + w.name(k).toLowerCase(Locale.ROOT) + " out of range: allowed " + letter + "0.." + letter
                    + (letter == 'd' ? registers - 2 : registers - 1), List.of());
        }
        if (letter == 'd' && n % 2 != 0) {
            fields.warn(new OperandProblem(OperandProblem.Code.ODD_REGISTER_PAIR, OperandProblem.Where.NAME, k, "d" + n
                    + " is odd: register pairs normally start at an even register (this names r" + n + " and r"
                    + (n + 1) + ")", List.of("d" + (n - 1))));
        }
        return null;
    }

    /** An address's base pair, put in the first field before its offset is read. */
    private static OperandProblem base(InstructionDef def, OperandSpec spec, WrittenOperand w, int registers,
                                       Fields fields) {
        if (w.shape() != WrittenOperand.Shape.ADDRESS) {
            return OperandProblem.at(OperandProblem.Code.OPERAND_KIND, OperandProblem.Where.OPERAND, "expected an "
                    + "address operand " + spec.kind().placeholder() + " for " + def.mnemonic() + ", got '" + w.text() + "'");
        }
        long n = w.register(0, 'd');
        OperandProblem p = register(w, 0, n, 'd', registers, fields);
        if (p == null) {
            fields.put(spec, 0, n);
        }
        return p;
    }

    /** A register list, or one register as a list of one. */
    private static OperandProblem registerList(WrittenOperand w) {
        return w.shape() == WrittenOperand.Shape.NAME || w.shape() == WrittenOperand.Shape.LIST ? null
                : OperandProblem.at(OperandProblem.Code.OPERAND_KIND, OperandProblem.Where.OPERAND,
                "expected registers rA:rB:..., got '" + w.text() + "'");
    }

    /** An expression (a name alone is one too), not a list or an address. */
    private static OperandProblem expression(WrittenOperand w, String what) {
        return w.shape() == WrittenOperand.Shape.NAME || w.shape() == WrittenOperand.Shape.EXPRESSION ? null
                : OperandProblem.at(OperandProblem.Code.OPERAND_KIND, OperandProblem.Where.OPERAND,
                "expected " + what + ", got '" + w.text() + "'");
    }

    /** An immediate: a value name of its enumerated type, or an expression's value, within the written range. */
    private static OperandProblem immediate(InstructionDef def, OperandSpec spec, WrittenOperand w, Fields fields) {
        OperandProblem p = expression(w, "an immediate");
        if (p != null) {
            return p;
        }
        String symbol = spec.enumType() != null ? w.symbol() : null;
        OptionalLong named = symbol != null ? spec.enumType().valueOf(symbol) : OptionalLong.empty();
        long v = named.isPresent() ? named.getAsLong() : w.value();
        if (w.decimalLiteral() && v >= 10 && def.pandecode().radixOf(spec.field()) == 'x') {
            fields.warn(new OperandProblem(OperandProblem.Code.PANDECODE_RADIX, OperandProblem.Where.OPERAND, 0, "#" + v
                    + " is read as decimal " + v + ", but pandecode prints " + def.mnemonic() + "'s "
                    + spec.field().name() + " in hex (its text #" + v + " means 0x" + v + "): write #0x" + v
                    + " for pandecode's value, #0x" + Long.toHexString(v) + " or " + v + " without '#' for " + v
                    + ", or put pandecode's text after '.syntax pandecode'",
                    List.of("#0x" + v, "#0x" + Long.toHexString(v))));
        }
        p = range(def, spec.field(), v, spec.minValue(), spec.maxValue());
        if (p == null) {
            fields.put(spec, 0, v);
        }
        return p;
    }

    /** The range check of a written value of {@code field}. */
    private static OperandProblem range(InstructionDef def, BitField field, long v, long min, long max) {
        return v >= min && v <= max ? null : OperandProblem.at(OperandProblem.Code.OUT_OF_RANGE,
                OperandProblem.Where.VALUE, "immediate " + v + " out of range for " + def.mnemonic() + " " + field.name()
                + ": allowed " + min + ".." + max);
    }

    private static String pairMissing(long first, int registers) {
        return first + 1 < registers ? null
                : "register pair d" + first + " does not exist (d0..d" + (registers - 2) + ")";
    }
}
