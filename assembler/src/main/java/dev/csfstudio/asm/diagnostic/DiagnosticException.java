package dev.csfstudio.asm.diagnostic;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

/**
 * Carries a diagnostic out of deep evaluation code to the statement being assembled, which records it
 * and moves on. Never escapes the assembler.
 */
public final class DiagnosticException extends RuntimeException {

    private final transient Diagnostic diagnostic;

    public DiagnosticException(Diagnostic diagnostic) {
        super(diagnostic.message(), null, false, false);
        this.diagnostic = diagnostic;
    }

    public static DiagnosticException error(SourceRange range, DiagnosticCode code, String message) {
        return new DiagnosticException(Diagnostic.error(range, code, message));
    }

    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
