package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;

/**
 * What the assembler does with one directive: {@code place} in pass 1 (check it, take effect, place what it
 * emits) and {@code finish} after layout, for a statement pass 1 left neither skipped nor done (values that
 * needed addresses).
 */
public record DirectiveHandler(Step place, Step finish) {

    /**
     * One step on one directive statement, given what its arguments mean in it ({@code args}: its file's ranges and
     * names); problems are thrown as diagnostics.
     */
    public interface Step {
        void run(Statement statement, CsfParser.DirectiveContext directive, ArgumentScope args);
    }

    private static final Step NOTHING = (s, d, args) -> { };

    /** A directive finished in pass 1. */
    public static DirectiveHandler placing(Step place) {
        return new DirectiveHandler(place, NOTHING);
    }
}
