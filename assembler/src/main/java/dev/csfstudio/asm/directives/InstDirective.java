package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;

/** {@code .inst EXPR}: a raw instruction word, in a stream, its value known after layout. */
public final class InstDirective {

    private final Placement placement;

    public InstDirective(Placement placement) {
        this.placement = placement;
    }

    /** Pass 1: an instruction slot in the stream in force. */
    public void place(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        SourceRange r = args.range(d);
        SectionBuilder sec = placement.section(s);
        args.expectArgs(d, 1);
        placeSlot(s, sec, r);
    }

    /**
     * Gives {@code s} an instruction's eight bytes in {@code sec}, which must be a stream (else {@code where}
     * says so, null: the statement's range, made only then); also for a {@code .inst} the scanner read.
     */
    public void placeSlot(Statement s, SectionBuilder sec, SourceRange where) {
        if (sec.kind != SectionKind.STREAM) {
            throw DiagnosticException.error(where != null ? where : s.range(), DiagnosticCode.MISPLACED_STATEMENT, ".inst in buffer '" + sec.name
                    + "'; instruction words belong in a .stream (use .dword for data)");
        }
        placement.place(s, sec, 8);
        s.instruction(true);
    }

    /** After layout: the word. */
    public void write(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        s.word(args.evaluator().eval(args.exprOf(ArgumentScope.argValue(d.argument(0)))));
        s.emitted(true);
        s.writeWord();
    }
}
