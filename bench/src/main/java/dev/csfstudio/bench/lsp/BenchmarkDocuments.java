package dev.csfstudio.bench.lsp;

import java.util.Locale;

/** Generated sources for the editor benchmarks: a long stream of labelled loops, and a clear stream. */
final class BenchmarkDocuments {

    /** Lines per block of {@link #editorDocument}: label, three instructions with comments, a branch. */
    static final int BLOCK = 5;

    private BenchmarkDocuments() {
    }

    /** About {@code lines} lines: blocks of a label, arithmetic on immediates and a backward branch to it. */
    static String editorDocument(int lines) {
        StringBuilder sb = new StringBuilder(lines * 40);
        sb.append(".equ STEP, 1\n.stream main\n");
        for (int block = 0; block * BLOCK + 2 < lines; block++) {
            sb.append("l").append(block).append(":\n");
            sb.append("    MOVE32 r4, #1                ; counter\n");
            sb.append("    ADD_IMMEDIATE32 r4, r4, #STEP ; step\n");
            sb.append("    ADD_IMMEDIATE32 r5, r4, #-1\n");
            sb.append("    BRANCH.lt r5, l").append(block).append('\n');
        }
        return sb.toString();
    }

    /** A MOVE32 line (with a one-digit immediate) near {@code line}. */
    static int immediateLine(int line) {
        return 2 + (line / BLOCK) * BLOCK + 1;
    }

    /** A BRANCH line near {@code line}. */
    static int branchLine(int line) {
        return 2 + (line / BLOCK) * BLOCK + 4;
    }

    /** {@code instructions} instructions ending in a fragment job that clears a width x height RGBA8 target. */
    static String clearStream(int instructions, int width, int height) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, ".buffer color, size=%d%n", width * height * 4));
        sb.append(".buffer fb, align=64\nfbd:\n");
        sb.append(String.format(Locale.ROOT, "    .fbd width=%d, height=%d%n", width, height));
        sb.append(String.format(Locale.ROOT,
                "    .rt format=R8G8B8A8, layout=linear, base=color, row_stride=%d, clear=0xff0000ff%n", width * 4));
        sb.append(".stream main\n");
        sb.append("    MOVE48 d40, fbd(fbd)\n");
        sb.append("    MOVE32 r42, #0\n");
        sb.append(String.format(Locale.ROOT, "    MOVE32 r43, #0x%x%n", (height - 1) << 16 | (width - 1)));
        for (int i = 0; i < instructions - 4; i++) {
            sb.append("    ADD_IMMEDIATE32 r").append(i % 32).append(", r").append(i % 32).append(", #1\n");
        }
        sb.append("    RUN_FRAGMENT.tile_order=zorder\n");
        return sb.toString();
    }

    static int clearColorLine(String clear) {
        String[] lines = clear.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains("clear=0xff")) {
                return i;
            }
        }
        throw new IllegalStateException("no clear colour");
    }
}
