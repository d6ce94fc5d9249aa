package dev.csfstudio.asm.expr;

import dev.csfstudio.program.SourceRange;

/** An expression needs a value that is not known yet (a label before layout). */
public final class UnresolvedException extends RuntimeException {

    private final transient SourceRange range;

    public UnresolvedException(String name, SourceRange range) {
        super(name, null, false, false);
        this.range = range;
    }

    public SourceRange range() {
        return range;
    }
}
