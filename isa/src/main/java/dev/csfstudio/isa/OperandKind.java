package dev.csfstudio.isa;

/** How an operand is written in source and which fields it fills. */
public enum OperandKind {
    /** {@code rN}: a 32-bit register number. */
    R("rN"),
    /** {@code dN}: a register pair rN:rN+1 (N should be even). */
    D("dN"),
    /** {@code #0x..}: an immediate printed in hex. */
    HEX("#imm"),
    /** {@code #..}: an immediate printed in decimal. */
    DEC("#imm"),
    /** {@code [dN]}: the address held in a register pair. */
    MEM("[dN]"),
    /** {@code [dN + off]}: a register pair (first field) and a signed byte offset (second field). */
    MEMOFF("[dN + offset]"),
    /** {@code rA:rB:..}: base register (first field) and a 16-bit mask of registers from it (second field). */
    REGMASK("rA:rB:..."),
    /** {@code rFirst:rLast}: base register (first field) and register count (second field). */
    REGRANGE("rFirst:rLast"),
    /** {@code #bytes}: a byte count stored divided by 8. */
    BYTES8("#bytes"),
    /** A label, or a signed instruction offset from the next instruction. */
    TARGET("label");

    private final String placeholder;

    OperandKind(String placeholder) {
        this.placeholder = placeholder;
    }

    /** What this operand looks like in a signature, e.g. {@code [dN + offset]}. */
    public String placeholder() {
        return placeholder;
    }
}
