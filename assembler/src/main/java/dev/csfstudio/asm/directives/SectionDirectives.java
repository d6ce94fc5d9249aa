package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.layout.Layout;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.SymbolTable;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code .stream NAME [at=, align=]}, {@code .buffer NAME [size=, align=, at=, dumpable]} and {@code .vm NAME}:
 * the section and VM the statements that follow are placed in.
 */
public final class SectionDirectives {

    private static final List<String> STREAM_OPTIONS = List.of("at", "align");
    private static final List<String> BUFFER_OPTIONS = List.of("size", "align", "at", "dumpable");

    private final Placement placement;
    private final SymbolTable symbols;
    private final NameScope names;

    public SectionDirectives(Placement placement, SymbolTable symbols, NameScope names) {
        this.placement = placement;
        this.symbols = symbols;
        this.names = names;
    }

    /** {@code .vm NAME}: the VM the sections that follow live in. */
    public void declareVm(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        SourceRange r = args.range(d);
        String vm = args.plainName(d, 0, "a VM name");
        args.expectArgs(d, 1);
        placement.enterVm(vm, r);
        s.skip(true);
    }

    /** Opens (or re-opens, to append) a stream or buffer; its options only on its first declaration. */
    public void open(Statement s, CsfParser.DirectiveContext d, SectionKind kind, ArgumentScope args) {
        s.skip(true);
        String name = args.plainName(d, 0, "a " + (kind == SectionKind.STREAM ? "stream" : "buffer") + " name");
        open(kind, name, args.range(d.argument(0)), SectionOption.of(d, s.src().path()), args);
    }

    /** A {@code .stream}/{@code .buffer} line the plain scanner read: what {@link #open(Statement, CsfParser.DirectiveContext, SectionKind, ArgumentScope)} does. */
    public void open(Statement s, SectionArguments a, ArgumentScope args) {
        s.skip(true);
        open(a.kind(), a.name(), new SourceRange(s.src().path(), s.lineNo(), a.nameColumn(), s.lineNo(), a.nameEndColumn()),
                SectionOption.of(a, s.src().path(), s.lineNo()), args);
    }

    private void open(SectionKind kind, String name, SourceRange nameRange, List<SectionOption> options,
                      ArgumentScope args) {
        SectionBuilder sec = placement.sections().get(name);
        boolean reopen = sec != null;
        if (reopen && sec.kind != kind) {
            throw new DiagnosticException(Diagnostic.error(nameRange, DiagnosticCode.DUPLICATE_SYMBOL, "'" + name + "' is already a "
                    + sec.kind.name().toLowerCase(Locale.ROOT)).withRelated(sec.declaration == null ? List.of()
                    : List.of(new Diagnostic.Related(sec.declaration, "declared here"))));
        }
        boolean firstDeclaration = !reopen;
        if (reopen && placement.declareImplicit(name)) {
            // instructions came before '.stream main': this is still its first declaration
            sec.declaration = nameRange;
            symbols.declareSection(name, nameRange);
            firstDeclaration = true;
        }
        if (!reopen) {
            if (symbols.isName(name)) {
                symbols.claimName(name, nameRange);
                return;
            }
            sec = placement.open(name, kind, nameRange);
            symbols.declareSection(name, nameRange);
        }
        List<String> allowed = kind == SectionKind.STREAM ? STREAM_OPTIONS : BUFFER_OPTIONS;
        Set<String> given = new HashSet<>();
        for (SectionOption a : options) {
            if (!firstDeclaration) {
                throw DiagnosticException.error(a.range(), DiagnosticCode.SYNTAX, "options belong on the first ." + kind.name()
                        .toLowerCase(Locale.ROOT) + " " + name + "; re-opening only appends");
            }
            String key = a.key() == null ? a.plainText() : a.key();
            if (!given.add(key.toLowerCase(Locale.ROOT))) {
                throw ArgumentScope.givenTwice(key, a.range());
            }
            option(sec, a, allowed, args);
        }
        placement.enter(sec);
    }

    private void option(SectionBuilder sec, SectionOption a, List<String> allowed, ArgumentScope args) {
        String key = a.key();
        if (key == null && allowed.contains("dumpable") && a.plainText().equalsIgnoreCase("dumpable")) {
            sec.dumpable = true;
            return;
        }
        if (key == null || !allowed.contains(key.toLowerCase(Locale.ROOT))) {
            throw args.unknownOption(key == null ? a.plainText() : key, a.range(), allowed);
        }
        String lower = key.toLowerCase(Locale.ROOT);
        if (lower.equals("dumpable")) {
            throw DiagnosticException.error(a.range(), DiagnosticCode.SYNTAX, "dumpable takes no value: write ', dumpable'");
        }
        long v = a.value(args, names);
        switch (lower) {
            case "at" -> {
                if (v < 0 || v >= Layout.VA_LIMIT) {
                    throw DiagnosticException.error(a.valueRange(), DiagnosticCode.OUT_OF_RANGE, "address 0x"
                            + Long.toHexString(v) + " out of range: allowed 0..0xffffffffffff (48-bit VA)");
                }
                sec.at = v;
            }
            case "align" -> {
                if (v <= 0 || Long.bitCount(v) != 1 || v > (1L << 30)) {
                    throw DiagnosticException.error(a.valueRange(), DiagnosticCode.OUT_OF_RANGE, "align=" + v
                            + " must be a power of two up to 2^30");
                }
                sec.align = Math.max(sec.align, v);
            }
            default -> {
                args.checkSize(v, a.valueRange(), "size");
                sec.fixedSize = v;
            }
        }
    }
}
