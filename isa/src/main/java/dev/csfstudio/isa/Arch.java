package dev.csfstudio.isa;

import java.util.Locale;
import java.util.Optional;

/**
 * A Mali CSF architecture: the one value that chooses every table a stream is read, assembled, run and edited
 * with. Code that needs an instruction set or a descriptor layout takes an {@code Arch}, never a version number.
 */
public enum Arch {
    /** Mali-G610 class (RK3588): 96 registers. */
    V10("v10") {
        @Override
        public InstructionSet instructionSet() {
            return InstructionSet.v10();
        }

        @Override
        public DescriptorSet descriptors() {
            return DescriptorSet.v10();
        }

        @Override
        public ExceptionTable exceptions() {
            return ExceptionTable.v10();
        }
    },
    /** Mali-G720/G725 class: 128 registers, LOGIC_OP32, SET_STATE and the other v12 changes. */
    V12("v12") {
        @Override
        public InstructionSet instructionSet() {
            return InstructionSet.v12();
        }

        @Override
        public DescriptorSet descriptors() {
            return DescriptorSet.v12();
        }

        @Override
        public ExceptionTable exceptions() {
            return ExceptionTable.v12();
        }
    },
    /** Mali-G925 class: v12 with the ARITH_* opcodes, whose sub-opcode selects the operation. */
    V13("v13") {
        @Override
        public InstructionSet instructionSet() {
            return InstructionSet.v13();
        }

        @Override
        public DescriptorSet descriptors() {
            return DescriptorSet.v13();
        }

        /** Panthor reports every architecture with one enum (exceptions-v12.txt's header): v12's rows. */
        @Override
        public ExceptionTable exceptions() {
            return ExceptionTable.v12();
        }
    };

    /** The architecture a stream is read with when it says nothing else. */
    public static final Arch DEFAULT = V10;

    private final String spelling;

    Arch(String spelling) {
        this.spelling = spelling;
    }

    public abstract InstructionSet instructionSet();

    public abstract DescriptorSet descriptors();

    /** The exceptions the GPU reports for a command stream, by panthor's codes and names. */
    public abstract ExceptionTable exceptions();

    /** The name used by {@code .arch}, {@code --arch} and the Maven plugin's {@code arch} parameter. */
    public String spelling() {
        return spelling;
    }

    /** 32-bit registers per queue. */
    public int registerCount() {
        return instructionSet().registerCount();
    }

    /** Scoreboard entries per queue, from the table (mesa's CS_MAX_SB_COUNT: 8 on v10, 16 on v12). */
    public int scoreboardEntries() {
        return instructionSet().scoreboardEntries();
    }

    /** Frames a queue's call stack holds, the root frame (the kernel ring buffer's) included. */
    public int callDepth() {
        return 8;
    }

    /**
     * The register pair the kernel's ring-buffer entry loads the job's stream address into before its CALL:
     * panthor takes the first of the last four registers (the ones a stream may not rely on keeping), r92 on
     * v10 and r124 on v12 and v13.
     */
    public int ringAddressRegister() {
        return registerCount() - 4;
    }

    /** The register the kernel's ring-buffer entry loads the job's stream length into (r94 on v10, r126 on v12). */
    public int ringLengthRegister() {
        return registerCount() - 2;
    }

    /** The render-target pixel formats (the same table on v10, v12 and v13). */
    public java.util.List<PixelFormat> pixelFormats() {
        return PixelFormats.all();
    }

    /** Reads {@code v10}/{@code v12}/{@code v13} in any letter case. */
    public static Optional<Arch> bySpelling(String text) {
        String wanted = text.toLowerCase(Locale.ROOT);
        for (Arch arch : values()) {
            if (arch.spelling.equals(wanted)) {
                return Optional.of(arch);
            }
        }
        return Optional.empty();
    }

    /** The spellings, for "expected one of" messages and completion. */
    public static String spellings() {
        StringBuilder out = new StringBuilder();
        for (Arch arch : values()) {
            out.append(out.length() == 0 ? "" : ", ").append(arch.spelling);
        }
        return out.toString();
    }
}
