package dev.csfstudio.program;

import java.util.List;

/**
 * A problem found in a source file: a value, never an exception. The CLI prints it GCC-style, the
 * language server maps it one to one onto an LSP diagnostic.
 *
 * @param code        the kind of problem; its {@link DiagnosticCode#id() id} ({@code unknown-mnemonic}) is what
 *                    clients key code actions on
 * @param suggestions replacement texts for {@code range}, best first (e.g. the mnemonic meant)
 * @param related     further locations (e.g. the first definition of a duplicate label)
 */
public record Diagnostic(Severity severity, SourceRange range, DiagnosticCode code, String message,
                         List<String> suggestions, List<Related> related) {

    /** Another location that explains this diagnostic. */
    public record Related(SourceRange range, String message) {
    }

    public Diagnostic {
        suggestions = List.copyOf(suggestions);
        related = List.copyOf(related);
    }

    public static Diagnostic error(SourceRange range, DiagnosticCode code, String message) {
        return new Diagnostic(Severity.ERROR, range, code, message, List.of(), List.of());
    }

    public static Diagnostic warning(SourceRange range, DiagnosticCode code, String message) {
        return new Diagnostic(Severity.WARNING, range, code, message, List.of(), List.of());
    }

    public Diagnostic withSuggestions(List<String> replacements) {
        return new Diagnostic(severity, range, code, message, replacements, related);
    }

    public Diagnostic withRelated(List<Related> more) {
        return new Diagnostic(severity, range, code, message, suggestions, more);
    }

    /** {@code file:line:col: error: message}. */
    public String headline() {
        return range.position() + ": " + severity.label() + ": " + message;
    }
}
