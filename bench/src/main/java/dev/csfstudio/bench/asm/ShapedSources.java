package dev.csfstudio.bench.asm;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes the assembler benchmark's other source shapes, each a CSF source and, line for line, a GNU as source
 * of the same kinds of lines (random values, fixed seed): {@code branches} (a label every three lines, branches
 * to label expressions forward and back, constants and expressions), {@code data} (buffers of {@code .word},
 * {@code .dword}, {@code .hword} and {@code .byte} lists with framebuffer and render-target descriptors) and
 * {@code reglists} (LOAD/STORE_MULTIPLE with long register lists). {@code mixed} is {@link BenchmarkSources}.
 *
 * <p>Usage: {@code ShapedSources SHAPE OUT.csf OUT.s [LINES]} (default 1,000,000).
 */
public final class ShapedSources {

    private static final String[] CONDITIONS = {"le", "gt", "eq", "ne", "lt", "ge"};
    private static final String[] X86_JUMPS = {"jle", "jg", "je", "jne", "jl", "jge"};
    private static final String[] X86_REGS32 = {"eax", "ebx", "ecx", "edx", "esi", "edi", "r8d", "r9d",
        "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"};
    private static final String[] FORMATS = {"R8G8B8A8", "R5G6B5", "R4G4B4A4", "R10G10B10A2"};

    private ShapedSources() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: ShapedSources mixed|branches|data|reglists OUT.csf OUT.s [LINES]");
            System.exit(1);
        }
        int lines = args.length > 3 ? Integer.parseInt(args[3]) : 1_000_000;
        Path csf = Path.of(args[1]);
        Path gas = Path.of(args[2]);
        if (args[0].equals("mixed")) {
            BenchmarkSources.write(csf, gas, lines * 9 / 10); // about 0.9 instructions a line
            return;
        }
        try (BufferedWriter c = Files.newBufferedWriter(csf, StandardCharsets.UTF_8);
             BufferedWriter g = Files.newBufferedWriter(gas, StandardCharsets.UTF_8)) {
            BenchmarkSources.Pair out = new BenchmarkSources.Pair(c, g, new SplittableRandom(0x5eed_5a9e));
            switch (args[0]) {
                case "branches" -> branches(out, lines);
                case "data" -> data(out, lines);
                case "reglists" -> registerLists(out, lines);
                default -> {
                    System.err.println("ShapedSources: unknown shape '" + args[0] + "'");
                    System.exit(1);
                }
            }
        }
    }

    /**
     * Block {@code b}'s label: scrambled (so labels are not in order in the symbol table), unique by its
     * {@code _b} suffix, and a valid symbol for both assemblers at any count (the product in {@code long}: in
     * {@code int} it overflowed past block 271,183 into {@code L-x06_271183}, which GNU as rejects).
     */
    static String label(int b) {
        return "L" + Long.toString((long) b * 7919 % 1_000_003, 36) + "_" + b;
    }

    /** Blocks of a label, a constant-fed move, an add and a branch (forward to the next block, or back). */
    private static void branches(BenchmarkSources.Pair out, int lines) throws IOException {
        SplittableRandom rnd = out.random;
        out.line(".stream main", "    .text");
        out.line("    BRANCH.eq r0, " + label(0), "    je " + label(0));
        int b = 0;
        while (out.lines + 5 < lines) {
            if (b % 8 == 0) {
                int v = rnd.nextInt(1 << 20);
                out.line(".equ K" + b + ", " + v + " * 2 + " + rnd.nextInt(64), ".set K" + b + ", " + v + " * 2 + 1");
            }
            int k = b - b % 8;
            int r = rnd.nextInt(96);
            String x = X86_REGS32[r % 14];
            out.line(label(b) + ":  MOVE32 r" + r + ", K" + k + " * 4 + " + rnd.nextInt(1000),
                    label(b) + ":  movl $(K" + k + " * 4 + 7), %" + x);
            int imm = rnd.nextInt(-100_000, 100_000);
            out.line("    ADD_IMMEDIATE32 r" + r + ", r" + rnd.nextInt(96) + ", #" + imm, "    addl $" + imm + ", %" + x);
            if (b > 4 && rnd.nextInt(3) == 0) { // back a few blocks, to an expression
                String back = label(b - 1 - rnd.nextInt(4)) + " + 8";
                int c = rnd.nextInt(CONDITIONS.length);
                out.line("    BRANCH." + CONDITIONS[c] + " r" + rnd.nextInt(96) + ", " + back,
                        "    " + X86_JUMPS[c] + " " + back);
            }
            int c = rnd.nextInt(CONDITIONS.length);
            out.line("    BRANCH." + CONDITIONS[c] + " r" + rnd.nextInt(96) + ", " + label(b + 1),
                    "    " + X86_JUMPS[c] + " " + label(b + 1));
            b++;
        }
        out.line(label(b) + ":  NOP", label(b) + ":  nop");
    }

    /** Buffers of data lists; every 64 lines a framebuffer descriptor with two render targets. */
    private static void data(BenchmarkSources.Pair out, int lines) throws IOException {
        SplittableRandom rnd = out.random;
        out.line(".buffer color, size=64 * 64 * 4", "    .data");
        out.line(".stream main", "    .text");
        out.line("    NOP", "    nop");
        int buffer = 0;
        while (out.lines + 4 < lines) {
            if (out.lines % 65_536 < 4) {
                out.line(".buffer data" + buffer + ", align=64", "    .data");
                buffer++;
            }
            int kind = rnd.nextInt(64);
            if (kind == 0) {
                out.line("    .align 64", "    .p2align 6");
                out.line(".fbd width=64, height=64", "    .zero 128");
                for (int i = 0; i < 2; i++) {
                    String format = FORMATS[rnd.nextInt(FORMATS.length)];
                    out.line("    .rt format=" + format + ", layout=linear, base=color, row_stride=256, clear=0x"
                            + Integer.toHexString(rnd.nextInt()), "    .zero 64");
                }
            } else if (kind < 28) {
                StringBuilder c = new StringBuilder("    .word ");
                StringBuilder g = new StringBuilder("    .long ");
                for (int i = 0; i < 4; i++) {
                    String v = "0x" + Integer.toHexString(rnd.nextInt());
                    c.append(i == 0 ? "" : ", ").append(v);
                    g.append(i == 0 ? "" : ", ").append(v);
                }
                out.line(c.toString(), g.toString());
            } else if (kind < 44) {
                String v = String.format(Locale.ROOT, "0x%x, %d", rnd.nextLong(), rnd.nextLong(1L << 40));
                out.line("    .dword " + v, "    .quad " + v);
            } else if (kind < 54) {
                String v = rnd.nextInt(1 << 16) + ", " + rnd.nextInt(1 << 16) + ", 0x" + Integer.toHexString(rnd.nextInt(1 << 16));
                out.line("    .hword " + v, "    .short " + v);
            } else {
                StringBuilder v = new StringBuilder();
                for (int i = 0; i < 8; i++) {
                    v.append(i == 0 ? "" : ", ").append(rnd.nextInt(256));
                }
                out.line("    .byte " + v, "    .byte " + v);
            }
        }
    }

    /** LOAD_MULTIPLE and STORE_MULTIPLE with lists of up to 16 registers. */
    private static void registerLists(BenchmarkSources.Pair out, int lines) throws IOException {
        SplittableRandom rnd = out.random;
        out.line(".stream main", "    .text");
        while (out.lines < lines) {
            int base = rnd.nextInt(78);
            StringBuilder list = new StringBuilder("r").append(base);
            int r = base;
            int more = 2 + rnd.nextInt(9);
            for (int i = 0; i < more && r < base + 14; i++) {
                r += 1 + rnd.nextInt(Math.min(3, base + 15 - r));
                list.append(":r").append(r);
            }
            int d = 2 * rnd.nextInt(47);
            int off = 8 * rnd.nextInt(-2048, 2048);
            String x = X86_REGS32[base % 14];
            if (rnd.nextBoolean()) {
                out.line("    LOAD_MULTIPLE " + list + ", [d" + d + " + " + off + "]",
                        "    movl " + off + "(%rsp), %" + x);
            } else {
                out.line("    STORE_MULTIPLE [d" + d + " + " + off + "], " + list,
                        "    movl %" + x + ", " + off + "(%rsp)");
            }
        }
    }
}
