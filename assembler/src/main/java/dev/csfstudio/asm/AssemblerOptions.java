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
 */
public record AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth, long maxSourceBytes,
                               int maxIncludes, Arch arch, boolean goldensRequired) {

    public static final int DEFAULT_MAX_INCLUDE_DEPTH = 32;
    /** 256 MiB: ten times the largest generated stream the benchmarks assemble. */
    public static final long DEFAULT_MAX_SOURCE_BYTES = 256L << 20;
    public static final int DEFAULT_MAX_INCLUDES = 10_000;

    public AssemblerOptions {
        includeRoots = List.copyOf(includeRoots);
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
                goldensRequired);
    }

    /** These options with golden images required or not ({@code csf test --update-golden} writes missing ones). */
    public AssemblerOptions withGoldensRequired(boolean required) {
        return new AssemblerOptions(base, includeRoots, maxIncludeDepth, maxSourceBytes, maxIncludes, arch, required);
    }

    public static AssemblerOptions defaults() {
        return new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), DEFAULT_MAX_INCLUDE_DEPTH);
    }
}
