package dev.csfstudio.isa;

/**
 * How an operand is written in source and which fields it fills: each kind is the one codec of its operands
 * (field values to and from the word, printing, the canonical and executable register checks, the range a user
 * may write, the completion snippet and the tokens it accepts). Callers never switch on the kind.
 *
 * <p>{@code first} is the operand's first field, {@code second} its second (0 for one-field kinds).
 */
public enum OperandKind {
    /** {@code rN}: a 32-bit register number. */
    R("rN", Tokens.REGISTER) {
        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('r').append(first);
        }

        @Override
        public String missingRegisters(long first, long second, int registers) {
            return first < registers ? null : "register r" + first + " does not exist (r0..r" + (registers - 1) + ")";
        }
    },
    /** {@code dN}: a register pair rN:rN+1 (N should be even). */
    D("dN", Tokens.PAIR) {
        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('d').append(first);
        }
    },
    /** {@code #0x..}: an immediate printed in hex. */
    HEX("#imm", Tokens.IMMEDIATE) {
        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append("#0x").append(Long.toHexString(first));
        }
    },
    /** {@code #..}: an immediate printed in decimal. */
    DEC("#imm", Tokens.IMMEDIATE) {
        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append('#').append(first);
        }
    },
    /** {@code [dN]}: the address held in a register pair. */
    MEM("[dN]", Tokens.ADDRESS) {
        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append("[d").append(first).append(']');
        }
    },
    /** {@code [dN + off]}: a register pair (first field) and a signed byte offset (second field). */
    MEMOFF("[dN + offset]", Tokens.ADDRESS) {
        @Override
        void print(StringBuilder out, long first, long second, Disassembler.TargetNamer namer) {
            out.append("[d").append(first).append(second < 0 ? " - " : " + ").append(Math.abs(second)).append(']');
        }
    },
    /** {@code rA:rB:..}: base register (first field) and a 16-bit mask of registers from it (second field). */
    REGMASK("rA:rB:...", Tokens.REGISTER) {
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
    },
    /** A label, or a signed instruction offset from the next instruction. */
    TARGET("label", Tokens.LABEL) {
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
        LABEL
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
        return tokens == Tokens.REGISTER;
    }

    /** Whether {@code dN} register pairs are written here (alone or inside an address). */
    public boolean acceptsPairs() {
        return tokens == Tokens.PAIR || tokens == Tokens.ADDRESS;
    }

    /** Whether a label names the operand's value. */
    public boolean acceptsLabels() {
        return tokens == Tokens.LABEL;
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

    private static String pairMissing(long first, int registers) {
        return first + 1 < registers ? null
                : "register pair d" + first + " does not exist (d0..d" + (registers - 2) + ")";
    }
}
