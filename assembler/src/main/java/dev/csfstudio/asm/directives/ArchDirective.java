package dev.csfstudio.asm.directives;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code .arch}: the architecture an assembly uses is chosen before anything is scanned (the main file's
 * {@code .arch} among its first lines, else the options'); each {@code .arch} statement is checked against it.
 */
public final class ArchDirective {

    private final Arch arch;
    /** What chose {@link #arch}, for messages. */
    private final String chosenBy;
    /** Where the main file's {@code .arch} stands (null: none so far). */
    private SourceRange declared;

    public ArchDirective(Arch arch, String chosenBy) {
        this.arch = arch;
        this.chosenBy = chosenBy;
    }

    /**
     * Checks {@code .arch NAME} ({@code mainFile}: in the main file; {@code firstContent}: its first instruction
     * or data so far, or null): only the main file chooses, before its first instruction or data (the scanners
     * have encoded with it since the first line); any other {@code .arch} may only repeat the architecture.
     */
    public void check(CsfParser.DirectiveContext d, boolean mainFile, SourceRange firstContent, ArgumentScope scope) {
        List<CsfParser.ArgumentContext> args = d.argument();
        String spelling = args.size() == 1 && args.get(0) instanceof CsfParser.PlainArgumentContext p ? p.getText()
                : args.stream().map(a -> a.getText()).collect(Collectors.joining(", "));
        Arch named = args.size() == 1 ? Arch.bySpelling(spelling).orElse(null) : null;
        SourceRange at = scope.range(d);
        if (named == null) {
            scope.report(Diagnostic.error(args.isEmpty() ? at : scope.range(args.get(0)), DiagnosticCode.ARCH, "unknown architecture '"
                    + spelling + "': expected one of " + Arch.spellings()));
            return;
        }
        if (declared != null) {
            if (named != arch) {
                scope.report(Diagnostic.error(at, DiagnosticCode.ARCH, ".arch " + named.spelling() + " conflicts with .arch "
                        + arch.spelling() + " given before; a program has one architecture")
                        .withRelated(List.of(new Diagnostic.Related(declared, "architecture set here"))));
            }
            return;
        }
        if (!mainFile) {
            if (named != arch) {
                scope.report(Diagnostic.error(at, DiagnosticCode.ARCH, "included file says .arch " + named.spelling()
                        + " but the main file is assembled for " + arch.spelling()
                        + " (" + chosenBy + "); an included file inherits the architecture: put '.arch "
                        + named.spelling() + "' in the main file before its first instruction"));
            }
            return;
        }
        if (firstContent != null) {
            scope.report(Diagnostic.error(at, DiagnosticCode.ARCH, ".arch must come before the first instruction or data: every"
                    + " line is encoded for the architecture it selects")
                    .withRelated(List.of(new Diagnostic.Related(firstContent, "first instruction or data"))));
            return;
        }
        declared = at;
    }
}
