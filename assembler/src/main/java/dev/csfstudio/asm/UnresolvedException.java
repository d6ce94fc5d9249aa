package dev.csfstudio.asm;

import dev.csfstudio.program.SourceRange;

/** An expression needs a value that is not known yet (a label before layout). */
final class UnresolvedException extends RuntimeException {

    private final transient SourceRange range;

    UnresolvedException(String name, SourceRange range) {
        super(name, null, false, false);
        this.range = range;
    }

    SourceRange range() {
        return range;
    }
}
