package dev.csfstudio.asm;

import java.nio.file.Path;
import java.util.List;

/**
 * How to assemble.
 *
 * @param base            first GPU virtual address of automatic layout in every VM
 * @param includeRoots    directories {@code .include} may read from; empty = anywhere
 * @param maxIncludeDepth how deeply includes may nest before it is reported as an error
 */
public record AssemblerOptions(long base, List<Path> includeRoots, int maxIncludeDepth) {

    public static final int DEFAULT_MAX_INCLUDE_DEPTH = 32;

    public AssemblerOptions {
        includeRoots = List.copyOf(includeRoots);
    }

    public static AssemblerOptions defaults() {
        return new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), DEFAULT_MAX_INCLUDE_DEPTH);
    }
}
