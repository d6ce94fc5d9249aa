package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.Execution;

/**
 * What v13's ARITH_* operations compute, one constant per table {@code exec} action of the same name
 * ({@link Execution}). A 32-bit operation reads and writes registers, a 64-bit one register pairs; operand A is the
 * register in slot b of the decoded slot, operand B the register in slot c (register forms) or slot c's value
 * (BFINS_IMM's immediate), and the immediate slot holds an immediate form's field (a shift amount, an immediate)
 * or a bitfield's position in its low 32 bits and its width in the high ones.
 *
 * <p>Where genxml and mesa say nothing (the README's "Architectures" section states it): a shift by a register uses
 * the amount's low 5 bits (6 for 64-bit shifts); a bitfield is clamped to the register (a position past its top
 * extracts 0 and inserts nothing; a width running past the top stops there; width 0 is an empty field), and a signed
 * extract extends the field's top bit.
 */
enum Arithmetic {
    UMIN64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return Long.compareUnsigned(a, b) <= 0 ? a : b;
        }
    },
    UMIN_IMM32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return Integer.compareUnsigned((int) a, (int) imm) <= 0 ? a : imm;
        }
    },
    UMIN_IMM64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return Long.compareUnsigned(a, imm) <= 0 ? a : imm;
        }
    },
    ADD_REG32(32, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a + b;
        }
    },
    ADD_REG64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a + b;
        }
    },
    SUB32(32, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a - b;
        }
    },
    SUB64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a - b;
        }
    },
    LSHIFT32(32, true) {
        @Override
        long compute(long a, long b, long imm) {
            return (int) a << b;
        }
    },
    LSHIFT64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a << b;
        }
    },
    RSHIFT_U32(32, true) {
        @Override
        long compute(long a, long b, long imm) {
            return (int) a >>> b;
        }
    },
    RSHIFT_U64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a >>> b;
        }
    },
    RSHIFT_S32(32, true) {
        @Override
        long compute(long a, long b, long imm) {
            return (int) a >> b;
        }
    },
    RSHIFT_S64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return a >> b;
        }
    },
    BFINS32(32, true) {
        @Override
        long compute(long a, long b, long imm) {
            return insert(a, b, 32, imm);
        }
    },
    BFINS64(64, true) {
        @Override
        long compute(long a, long b, long imm) {
            return insert(a, b, 64, imm);
        }
    },
    LSHIFT_IMM32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return (int) a << imm;
        }
    },
    LSHIFT_IMM64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return a << imm;
        }
    },
    RSHIFT_IMM_U32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return (int) a >>> imm;
        }
    },
    RSHIFT_IMM_U64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return a >>> imm;
        }
    },
    RSHIFT_IMM_S32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return (int) a >> imm;
        }
    },
    RSHIFT_IMM_S64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return a >> imm;
        }
    },
    BFEXT_U32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return extract(a, 32, imm, false);
        }
    },
    BFEXT_U64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return extract(a, 64, imm, false);
        }
    },
    BFEXT_S32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return extract(a, 32, imm, true);
        }
    },
    BFEXT_S64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return extract(a, 64, imm, true);
        }
    },
    BFINS_IMM32(32, false) {
        @Override
        long compute(long a, long b, long imm) {
            return insert(a, b, 32, imm);
        }
    },
    BFINS_IMM64(64, false) {
        @Override
        long compute(long a, long b, long imm) {
            return insert(a, b, 64, imm);
        }
    };

    /** 32 or 64: registers or register pairs. */
    final int size;
    /** Whether operand B is a register (else slot c's value, BFINS_IMM's immediate). */
    final boolean registerB;

    Arithmetic(int size, boolean registerB) {
        this.size = size;
        this.registerB = registerB;
    }

    /**
     * The result (its low 32 bits for a 32-bit operation) of A and B (32-bit values sign-extended) and the immediate
     * slot; a shift by a register gets B's low 5 or 6 bits, as Java's shifts take them.
     */
    abstract long compute(long a, long b, long imm);

    /** The operation of a table action, for the actions {@link ActionTable} maps onto {@code DecodedPage.ARITH}. */
    static Arithmetic of(Execution action) {
        return valueOf(action.name());
    }

    /** Executes the operation on a queue's registers: {@code d = a op b}. */
    void apply(int[] regs, int d, int a, int c, long imm) {
        long x = read(regs, a);
        long y = registerB ? read(regs, c) : c;
        long r = compute(x, y, imm);
        regs[d] = (int) r;
        if (size == 64) {
            regs[d + 1] = (int) (r >>> 32);
        }
    }

    private long read(int[] regs, int r) {
        return size == 64 ? (regs[r] & 0xffff_ffffL) | ((long) regs[r + 1] << 32) : regs[r];
    }

    /** The field of {@code x} at position (imm's low 32 bits) and width (its high ones), clamped to the register. */
    static long extract(long x, int size, long imm, boolean signed) {
        int position = (int) imm;
        int width = Math.min((int) (imm >>> 32), size - Math.min(position, size));
        if (width == 0) {
            return 0;
        }
        long field = (size == 32 ? x & 0xffff_ffffL : x) >>> position;
        if (width < 64) {
            field &= (1L << width) - 1;
            if (signed && (field >>> (width - 1)) != 0) {
                field |= -1L << width;
            }
        }
        return field;
    }

    /** {@code x} with the field at position (imm's low 32 bits) and width (its high ones) set to y's low bits. */
    static long insert(long x, long y, int size, long imm) {
        int position = (int) imm;
        int width = Math.min((int) (imm >>> 32), size - Math.min(position, size));
        if (width == 0) {
            return x;
        }
        long mask = (width == 64 ? -1L : (1L << width) - 1) << position;
        return (x & ~mask) | ((y << position) & mask);
    }
}
