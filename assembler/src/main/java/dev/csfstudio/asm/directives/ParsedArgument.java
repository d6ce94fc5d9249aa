package dev.csfstudio.asm.directives;

import dev.csfstudio.grammar.CsfParser;

/** What a parsed directive argument says as {@code key=value} or as a plain value: read alike by every directive. */
final class ParsedArgument {

    private ParsedArgument() {
    }

    /** The argument as {@code key=value}, or null for a plain value. */
    static CsfParser.NamedArgumentContext named(CsfParser.ArgumentContext argument) {
        return argument instanceof CsfParser.NamedArgumentContext na ? na : null;
    }

    /** Its key, or null for a plain value. */
    static String key(CsfParser.ArgumentContext argument) {
        CsfParser.NamedArgumentContext named = named(argument);
        return named == null ? null : named.key.getText();
    }

    /** A plain value's text, or null for {@code key=value}. */
    static String plainText(CsfParser.ArgumentContext argument) {
        return named(argument) == null ? argument.getText() : null;
    }
}
