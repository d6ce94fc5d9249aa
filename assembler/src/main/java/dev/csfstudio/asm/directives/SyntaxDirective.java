package dev.csfstudio.asm.directives;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code .syntax pandecode} or {@code .syntax csf}: how the rest of the file is read. */
public final class SyntaxDirective {

    private SyntaxDirective() {
    }

    /** Whether the rest of the file is pandecode's text; a wrong mode is reported and leaves {@code current}. */
    public static boolean pandecode(CsfParser.DirectiveContext d, boolean current, ArgumentScope args) {
        List<CsfParser.ArgumentContext> arguments = d.argument();
        String mode = arguments.size() == 1 && arguments.get(0) instanceof CsfParser.PlainArgumentContext p
                ? p.getText().toLowerCase(Locale.ROOT) : "";
        if (!mode.equals("pandecode") && !mode.equals("csf")) {
            args.report(Diagnostic.error(args.range(d), DiagnosticCode.SYNTAX, ".syntax takes 'pandecode' (mesa's pandecode text"
                    + " until the end of the file or '.syntax csf') or 'csf' (this language), got '"
                    + arguments.stream().map(a -> a.getText()).collect(Collectors.joining(", ")) + "'")
                    .withSuggestions(List.of(".syntax pandecode", ".syntax csf")));
            return current;
        }
        return mode.equals("pandecode");
    }
}
