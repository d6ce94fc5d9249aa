package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.layout.Layout;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The data directives in buffers: {@code .byte}, {@code .hword}, {@code .word}, {@code .dword} with
 * expressions, {@code .zero}, {@code .fill} and {@code .align}; their room in pass 1, their values after
 * layout. (Data lines of literals never get here: the scanner reads them and pass 1 writes them.)
 */
public final class DataDirectives {

    private final Placement placement;

    public DataDirectives(Placement placement) {
        this.placement = placement;
    }

    /** Pass 1 of {@code .byte}, {@code .hword}, {@code .word}, {@code .dword} with expressions: their room. */
    public void placeValues(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        String name = Directives.nameOf(d);
        SourceRange r = args.range(d);
        SectionBuilder sec = dataSection(name, args.range(d));
        int width = width(name);
        if (d.argument().isEmpty()) {
            throw DiagnosticException.error(r, DiagnosticCode.SYNTAX, name + " needs at least one value");
        }
        placement.place(s, sec, (long) width * d.argument().size());
    }

    /** After layout: the values of a data directive with expressions. */
    public void writeValues(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        ExpressionEvaluator ev = args.evaluator();
        String name = Directives.nameOf(d);
        int width = width(name);
        byte[] out = s.section().bytes();
        int at = s.offset();
        List<Diagnostic> errors = new ArrayList<>();
        for (CsfParser.ArgumentContext a : d.argument()) {
            try {
                CsfParser.ExprContext e = args.exprOf(ArgumentScope.argValue(a));
                long v = ev.eval(e);
                checkDataRange(v, width, e, name, args);
                for (int i = 0; i < width; i++) {
                    out[at + i] = (byte) (v >>> (8 * i));
                }
            } catch (DiagnosticException ex) {
                errors.add(ex.diagnostic());
            }
            at += width;
        }
        errors.forEach(args::report);
        s.emitted(true);
    }

    /** {@code .zero N}. */
    public void placeZeros(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        String name = Directives.nameOf(d);
        SectionBuilder sec = dataSection(name, args.range(d));
        args.expectArgs(d, 1);
        long n = args.constantArg(d, 0);
        args.checkSize(n, d.argument(0), "byte count");
        placement.place(s, sec, n);
        s.done(true);
        s.emitted(true);
    }

    /** Pass 1 of {@code .fill COUNT, SIZE[, VALUE]}: its room. */
    public void placeFill(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        String name = Directives.nameOf(d);
        SourceRange r = args.range(d);
        SectionBuilder sec = dataSection(name, args.range(d));
        if (d.argument().size() < 2 || d.argument().size() > 3) {
            throw DiagnosticException.error(r, DiagnosticCode.SYNTAX, ".fill takes COUNT, SIZE[, VALUE]");
        }
        long count = args.constantArg(d, 0);
        long size = args.constantArg(d, 1);
        if (size != 1 && size != 2 && size != 4 && size != 8) {
            throw DiagnosticException.error(args.range(d.argument(1)), DiagnosticCode.OUT_OF_RANGE, ".fill size " + size
                    + " must be 1, 2, 4 or 8");
        }
        args.checkSize(count, d.argument(0), "count");
        args.checkSize(count * size, d, "byte count");
        placement.place(s, sec, count * size);
    }

    /** After layout: the values of {@code .fill}. */
    public void writeFill(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        ExpressionEvaluator ev = args.evaluator();
        int size = (int) args.constantArg(d, 1);
        long value = 0;
        if (d.argument().size() == 3) {
            CsfParser.ExprContext e = args.exprOf(ArgumentScope.argValue(d.argument(2)));
            value = ev.eval(e);
            checkDataRange(value, size, e, ".fill", args);
        }
        byte[] out = s.section().bytes();
        for (long at = s.offset(); at < s.offset() + s.size(); at += size) {
            for (int i = 0; i < size; i++) {
                out[(int) at + i] = (byte) (value >>> (8 * i));
            }
        }
        s.emitted(true);
    }

    /** {@code .align N}: zero padding. */
    public void align(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        SectionBuilder sec = placement.section(s);
        args.expectArgs(d, 1);
        alignTo(s, sec, args.constantArg(d, 0), args.range(d.argument(0)));
    }

    /** {@code .align n} of the section in force ({@code sec}, found first); {@code value} is where n is written. */
    public void alignTo(Statement s, SectionBuilder sec, long n, SourceRange value) {
        if (n <= 0 || Long.bitCount(n) != 1 || n > Layout.PAGE * 16) {
            throw DiagnosticException.error(value, DiagnosticCode.OUT_OF_RANGE, ".align " + n
                    + " must be a power of two from 1 to " + Layout.PAGE * 16);
        }
        long pad = (n - sec.cursor % n) % n;
        sec.align = Math.max(sec.align, n);
        placement.place(s, sec, pad);
        s.skip(true);
    }

    /** The current section, which must be a buffer for {@code directive} at {@code at}. */
    public SectionBuilder dataSection(String directive, SourceRange at) {
        SectionBuilder sec = placement.section(at.file(), at.line());
        if (sec.kind == SectionKind.STREAM) {
            throw misplaced(at, directive, sec);
        }
        return sec;
    }

    /** The width in bytes of {@code .byte}, {@code .hword}, {@code .word} or {@code .dword}. */
    public static int width(String directive) {
        return switch (directive) {
            case ".byte" -> 1;
            case ".hword" -> 2;
            case ".word" -> 4;
            default -> 8;
        };
    }

    private static void checkDataRange(long v, int width, CsfParser.ExprContext e, String directive, ArgumentScope args) {
        if (width >= 8) {
            return;
        }
        long min = -(1L << (8 * width - 1));
        long max = (1L << (8 * width)) - 1;
        if (v < min || v > max) {
            throw DiagnosticException.error(args.range(e), DiagnosticCode.OUT_OF_RANGE, "value " + v + " out of range for " + directive
                    + ": allowed " + min + ".." + max);
        }
    }

    /** The diagnostic for data in a stream. */
    public static DiagnosticException misplaced(SourceRange at, String directive, SectionBuilder sec) {
        return new DiagnosticException(Diagnostic.error(at, DiagnosticCode.MISPLACED_STATEMENT, "data directive "
                + directive + " in stream '" + sec.name + "'; put data in a .buffer (e.g. '.buffer data')")
                .withSuggestions(List.of(".buffer data")));
    }
}
