package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.emit.ConstantAssignment;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.ConstantDef;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.SymbolTable;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.SourceRange;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code .equ NAME, EXPR} and {@code .set NAME, EXPR} (redefinable): defined in pass 1 with the value known
 * there, and evaluated again in statement order after layout, when labels have addresses. A line the plain
 * scanner read ({@link ConstantAssignment}) takes the same steps as the parsed directive, without its tree.
 */
public final class ConstantDirectives {

    private final SymbolTable symbols;
    private final NameScope names;
    /** The constant each definition of pass 1 defined or set, by its statement's row: its fixup finds it there. */
    private final Map<Integer, ConstantDef> defined = new HashMap<>();

    public ConstantDirectives(SymbolTable symbols, NameScope names) {
        this.symbols = symbols;
        this.names = names;
    }

    /** Pass 1: the constant's definition, and its value if it names nothing still to be placed. */
    public void define(Statement s, CsfParser.DirectiveContext d, boolean redefinable, ArgumentScope args) {
        s.skip(false);
        args.expectArgs(d, 2);
        String name = args.plainName(d, 0, "a constant name");
        SourceRange r = args.range(d.argument(0));
        CsfParser.ExprContext e = args.exprOf(ArgumentScope.argValue(d.argument(1)));
        define(s, name, r, redefinable, new ConstantDef.Parsed(e, args.evaluator()));
    }

    /** Pass 1 of a definition the plain scanner read: what {@link #define(Statement, CsfParser.DirectiveContext, boolean, ArgumentScope)} does. */
    public void define(Statement s, ConstantAssignment a) {
        s.skip(false);
        define(s, a.name(), nameRange(s, a), a.redefinable(), new ConstantDef.Symbolic(a.value(), s.src().path(), s.lineNo()));
    }

    private void define(Statement s, String name, SourceRange r, boolean redefinable, ConstantDef.Definition value) {
        ConstantDef c = symbols.constant(name);
        if (c == null) {
            if (!symbols.claimName(name, r)) {
                s.skip(true);
                return;
            }
            c = new ConstantDef(name, redefinable, r, value);
            symbols.defineConstant(c);
        } else if (!redefinable || !c.redefinable) {
            s.skip(true);
            symbols.claimName(name, r);
            return;
        }
        defined.put(s.index(), c);
        try {
            c.current = value.evaluate(names);
            c.awaitsLayout = false;
        } catch (UnresolvedException ex) {
            c.current = null; // labels are known after layout; its fixup evaluates it again
            c.awaitsLayout = true;
        }
    }

    /** After layout: the constant's value at its definition, in order ({@code .set} may change it). */
    public void evaluate(Statement s, CsfParser.DirectiveContext d, ArgumentScope args) {
        ConstantDef c = symbols.constant(args.plainName(d, 0, "a constant name"));
        names.ref(c.name, args.range(d.argument(0)), c);
        c.current = args.evaluator().eval(args.exprOf(ArgumentScope.argValue(d.argument(1))));
    }

    /** After layout, a definition the plain scanner read: what {@link #evaluate(Statement, CsfParser.DirectiveContext, ArgumentScope)} does. */
    public void evaluate(Statement s, ConstantAssignment a) {
        ConstantDef c = defined.get(s.index());
        c = c != null ? c : symbols.constant(a.name());
        // the name's one reference, made once (pass 1 recorded none): no need to check the range for a repeat
        names.refNew(c.name, s.src().path(), s.lineNo(), a.nameColumn(), a.nameEndColumn(), c);
        c.current = a.value().evaluate(names, s.src().path(), s.lineNo());
    }

    private static SourceRange nameRange(Statement s, ConstantAssignment a) {
        return new SourceRange(s.src().path(), s.lineNo(), a.nameColumn(), s.lineNo(), a.nameEndColumn());
    }
}
