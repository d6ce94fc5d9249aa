package dev.csfstudio.asm;

import java.nio.file.Path;
import java.util.List;

import dev.csfstudio.isa.Arch;

/**
 * How to assemble.
 *
 * @param base            first GPU virtual address of automatic layout in every VM
 * @param includeRoots    directories {@code .include} may read from; empty = anywhere
 * @param maxIncludeDepth how deeply includes may nest before it is reported as an error
 * @param maxSourceBytes  most bytes of source one assembly reads, the main file and every inclusion together (a
 *                        file included twice counts twice)
 * @param maxIncludes     most {@code .include}s one assembly follows
 * @param arch            the architecture a source is assembled for unless its {@code .arch} directive says
 *                        otherwise ({@code --arch}, the Maven plugin's {@code arch} parameter)
 * @param goldensRequired whether a golden PNG an {@code .expect image} names must exist (an error otherwise);
 *                        false when a test run is to write missing goldens ({@code csf test --update-golden})
 * @param maxReservedBytes most bytes all sections of one assembly may hold together, sizes given by {@code size=},
 *                        {@code .zero} and {@code .fill} included: each is an array of that size once laid out
 * @param scoreboardSteps  how far the scoreboard check may walk its paths: -1 (the default) as far as its own limit
 *                         per instruction, N at most N instructions' steps (it then stops and says so once), 0 not at
 *                         all: no scoreboard check (bench/asm-check.sh's baseline, the same source without it)
 */
public record AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth, long maxSourceBytes,
                               int maxIncludes, Arch arch, boolean goldensRequired, long maxReservedBytes,
                               long scoreboardSteps) {

    public static final int DEFAULT_MAX_INCLUDE_DEPTH = 32;
    /** 256 MiB: ten times the largest generated stream the benchmarks assemble. */
    public static final long DEFAULT_MAX_SOURCE_BYTES = 256L << 20;
    public static final int DEFAULT_MAX_INCLUDES = 10_000;
    /** 512 MiB: two of the largest render targets a run may read back (8192 x 8192, four bytes a pixel). */
    public static final long DEFAULT_MAX_RESERVED_BYTES = 512L << 20;

    public AssemblerOptions {
        includeRoots = List.copyOf(includeRoots);
    }

    /** The scoreboard check with its own limit. */
    public AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth, long maxSourceBytes,
                            int maxIncludes, Arch arch, boolean goldensRequired, long maxReservedBytes) {
        this(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, goldensRequired, maxReservedBytes,
                -1);
    }

    /** The default reservation limit. */
    public AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth, long maxSourceBytes,
                            int maxIncludes, Arch arch, boolean goldensRequired) {
        this(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, goldensRequired,
                DEFAULT_MAX_RESERVED_BYTES);
    }

    /** Golden images required. */
    public AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth, long maxSourceBytes,
                            int maxIncludes, Arch arch) {
        this(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, true);
    }

    /** The default architecture. */
    public AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth, long maxSourceBytes,
                            int maxIncludes) {
        this(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, Arch.DEFAULT);
    }

    /** The default byte and inclusion limits and architecture. */
    public AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth) {
        this(base, includeRoots, maxIncludeDepth, DEFAULT_MAX_SOURCE_BYTES, DEFAULT_MAX_INCLUDES);
    }

    /** These options for another default architecture. */
    public AssemblerOptions withArch(Arch newArch) {
        return new AssemblerOptions(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, newArch,
                goldensRequired, maxReservedBytes, scoreboardSteps);
    }

    /** These options with golden images required or not ({@code csf test --update-golden} writes missing ones). */
    public AssemblerOptions withGoldensRequired(boolean required) {
        return new AssemblerOptions(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, required,
                maxReservedBytes, scoreboardSteps);
    }

    /** These options with another limit on the bytes all sections hold together. */
    public AssemblerOptions withMaxReservedBytes(long bytes) {
        return new AssemblerOptions(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, goldensRequired,
                bytes, scoreboardSteps);
    }

    /** These options with another scoreboard check budget (-1: its own limit, 0: no check). */
    public AssemblerOptions withScoreboardSteps(long steps) {
        return new AssemblerOptions(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, goldensRequired,
                maxReservedBytes, steps);
    }

    public static AssemblerOptions defaults() {
        return new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), DEFAULT_MAX_INCLUDE_DEPTH);
    }
}
