package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What names mean in the expressions of the statement being assembled: constants, labels, sections, local
 * labels, the functions {@code lo32}, {@code hi32}, {@code sizeof} and {@code fbd}, and branch targets,
 * against the {@link SymbolTable}. Until the table is frozen an address is unresolved (the use becomes a
 * fixup); every use is recorded as a {@link Reference}.
 */
public final class NameScope implements ExpressionEvaluator.Scope {

    public static final List<String> FUNCTIONS = List.of("fbd", "sizeof", "lo32", "hi32");

    /** The framebuffer pointer of the {@code .fbd} at an offset of a section, or null when none is there. */
    public interface FramebufferPointers {
        Long pointer(SectionBuilder section, long offset);
    }

    private final SymbolTable symbols;
    private final Map<String, SectionBuilder> sections;
    private final References references;
    private final LabelUses used;
    private final FramebufferPointers framebuffers;
    /** The file of the statement being assembled and its position in assembly order (local labels). */
    private Path file;
    private int index = Integer.MAX_VALUE;

    /** {@code used} hears of each label a reference names (for unused-label warnings). */
    public NameScope(SymbolTable symbols, Map<String, SectionBuilder> sections, References references,
                     LabelUses used, FramebufferPointers framebuffers) {
        this.symbols = symbols;
        this.sections = sections;
        this.references = references;
        this.used = used;
        this.framebuffers = framebuffers;
    }

    /** Resolves names for the statement at {@code index} of {@code file} from now on (null: none; after all). */
    public void at(Path file, int index) {
        this.file = file;
        this.index = index;
    }

    public ExpressionEvaluator evaluator(Path file) {
        return new ExpressionEvaluator(file, this);
    }

    private SourceRange range(org.antlr.v4.runtime.ParserRuleContext ctx) {
        return Parsing.range(file, ctx);
    }

    /**
     * The distance in instructions from the instruction after {@code s} to the label or address a branch
     * target names, or empty when it is a plain offset (numbers and constants).
     */
    public OptionalLong branchDistance(Statement s, CsfParser.ExprContext e) {
        LabelDef target = null;
        if (e instanceof CsfParser.SymbolExprContext sym) {
            String name = sym.IDENT().getText();
            if (symbols.isConstant(name)) {
                return OptionalLong.empty();
            }
            target = symbols.label(name);
            if (target == null) {
                if (sections.containsKey(name)) {
                    return addressDistance(s, e); // a stream's name is the address of its first instruction
                }
                evaluator(s.src().path()).eval(e); // reports the undefined symbol with suggestions
                return OptionalLong.empty();
            }
            ref(name, range(e), target);
        } else if (e instanceof CsfParser.LocalRefExprContext lr) {
            target = local(lr.LOCAL_REF().getText(), range(e), index);
            ref(lr.LOCAL_REF().getText(), range(e), target);
        } else if (referencesAddress(e)) {
            return addressDistance(s, e);
        } else {
            return OptionalLong.empty();
        }
        return labelDistance(s, target, range(e), e.getText());
    }

    /** The distance to {@code target}, a label that a branch target at {@code range} ({@code text}) names. */
    public OptionalLong labelDistance(Statement s, LabelDef target, SourceRange range, String text) {
        if (target.section() != s.section()) {
            throw DiagnosticException.error(range, DiagnosticCode.BRANCH_RANGE, "branch target '" + text + "' is in "
                    + target.section().kind.name().toLowerCase(Locale.ROOT) + " '" + target.section().name
                    + "', not in stream '" + s.section().name + "'; use CALL or JUMP to change streams");
        }
        symbols.requireAddresses(text, range);
        long delta = target.offset() - (s.offset() + 8);
        return OptionalLong.of(delta / 8);
    }

    /**
     * Whether a branch target expression is an address (it names a label, a local label or a section
     * outside function calls) rather than a plain instruction offset (numbers and constants only). In
     * pass 1 a name not known yet may be a label further down, so the decision waits for its fixup.
     */
    private boolean referencesAddress(CsfParser.ExprContext e) {
        if (e instanceof CsfParser.LocalRefExprContext) {
            return true;
        }
        if (e instanceof CsfParser.SymbolExprContext sym) {
            String name = sym.IDENT().getText();
            if (symbols.isLabel(name) || sections.containsKey(name)) {
                return true;
            }
            if (!symbols.isConstant(name) && !symbols.addressesKnown()) {
                throw new UnresolvedException(name, range(e));
            }
            return false;
        }
        if (e instanceof CsfParser.CallExprContext) {
            return false; // lo32/hi32/sizeof/fbd give numbers
        }
        boolean address = false;
        for (int i = 0; i < e.getChildCount(); i++) {
            if (e.getChild(i) instanceof CsfParser.ExprContext sub && referencesAddress(sub)) {
                address = true;
            }
        }
        return address;
    }

    /** Instructions from the next instruction to the address an expression computes, inside this stream. */
    private OptionalLong addressDistance(Statement s, CsfParser.ExprContext e) {
        // pass 1: labels have no address yet, this defers to the fixup
        return addressDistance(s, evaluator(s.src().path()).eval(e), range(e), e.getText());
    }

    /** Instructions from the next instruction to {@code va}, which a branch target at {@code range} computes. */
    public OptionalLong addressDistance(Statement s, long va, SourceRange range, String text) {
        SectionBuilder sec = s.section();
        long end = sec.address + sec.size();
        if (va < sec.address || va > end) {
            throw DiagnosticException.error(range, DiagnosticCode.BRANCH_RANGE, "branch target '" + text + "' (0x"
                    + Long.toHexString(va) + ") is outside stream '" + sec.name + "' (0x"
                    + Long.toHexString(sec.address) + "..0x" + Long.toHexString(end)
                    + "); use CALL or JUMP to change streams");
        }
        if ((va - sec.address) % 8 != 0) {
            throw DiagnosticException.error(range, DiagnosticCode.BRANCH_RANGE, "branch target '" + text + "' (0x"
                    + Long.toHexString(va) + ") is not on an instruction: it is " + (va - sec.address)
                    + " bytes into stream '" + sec.name + "', not a multiple of 8");
        }
        return OptionalLong.of((va - (s.address() + 8)) / 8);
    }


    @Override
    public long symbol(String name, SourceRange range) {
        ConstantDef c = symbols.constant(name);
        if (c != null) {
            ref(name, range, c);
            return constantValue(c, range);
        }
        LabelDef l = symbols.label(name);
        if (l != null) {
            ref(name, range, l);
            symbols.requireAddresses(name, range);
            return l.address();
        }
        SectionBuilder s = sections.get(name);
        if (s != null) {
            ref(name, range, new SectionReferent(s));
            symbols.requireAddresses(name, range);
            return s.address;
        }
        symbols.requireAddresses(name, range);
        ref(name, range, null);
        throw undefined(name, range);
    }

    private DiagnosticException undefined(String name, SourceRange range) {
        List<String> near = closestName(name, symbols.names());
        return new DiagnosticException(Diagnostic.error(range, DiagnosticCode.UNDEFINED_SYMBOL, "undefined symbol '" + name + "'"
                + SpellingSuggestions.didYouMean(near)).withSuggestions(near));
    }

    /**
     * The value of constant {@code c} named at {@code range}: its value at the statement being assembled, else its first
     * definition's (the caller records the reference).
     */
    public long constantValue(ConstantDef c, SourceRange range) {
        if (c.current != null) {
            return c.current;
        }
        if (c.awaitsLayout) {
            // a .set above changed it to a value known after layout: its first value is no longer the one here
            symbols.requireAddresses(c.name, range);
        }
        if (c.evaluating) {
            throw DiagnosticException.error(range, DiagnosticCode.CIRCULAR_DEFINITION, "'" + c.name + "' is defined in terms of itself");
        }
        c.evaluating = true;
        try {
            return c.first.evaluate(this);
        } finally {
            c.evaluating = false;
        }
    }

    @Override
    public long localLabel(String ref, SourceRange range) {
        LabelDef l = local(ref, range, index);
        ref(ref, range, l);
        symbols.requireAddresses(ref, range);
        return l.address();
    }

    /** The local label {@code ref} at {@code range} names, its reference recorded (a branch target's distance). */
    public LabelDef localTarget(String ref, SourceRange range) {
        LabelDef l = local(ref, range, index);
        ref(ref, range, l);
        return l;
    }

    private LabelDef local(String ref, SourceRange range, int index) {
        String name = ref.substring(0, ref.length() - 1);
        boolean backward = Character.toLowerCase(ref.charAt(ref.length() - 1)) == 'b';
        LabelDef found = symbols.findLocal(ref, index);
        if (found == null) {
            symbols.requireAddresses(ref, range);
            throw DiagnosticException.error(range, DiagnosticCode.UNDEFINED_SYMBOL, "no local label '" + name + ":' "
                    + (backward ? "before" : "after") + " this line for '" + ref + "'");
        }
        return found;
    }

    @Override
    public long call(String function, ExpressionEvaluator.Arguments args, SourceRange range) {
        String fn = function.toLowerCase(Locale.ROOT);
        if (!FUNCTIONS.contains(fn)) {
            List<String> near = SpellingSuggestions.closest(function, FUNCTIONS);
            throw new DiagnosticException(Diagnostic.error(range, DiagnosticCode.UNKNOWN_FUNCTION, "unknown function '" + function
                    + "'" + (near.isEmpty() ? "; known: " + String.join(", ", FUNCTIONS) : SpellingSuggestions.didYouMean(near)))
                    .withSuggestions(near));
        }
        if (args.count() != 1) {
            throw DiagnosticException.error(range, DiagnosticCode.SYNTAX, fn + "() takes one argument");
        }
        return switch (fn) {
            case "lo32" -> args.value(0) & 0xffff_ffffL;
            case "hi32" -> args.value(0) >>> 32;
            case "sizeof" -> {
                String name = args.name(0);
                if (!symbols.addressesKnown() && name != null && !sections.containsKey(name)) {
                    throw new UnresolvedException(name, args.range(0)); // a section declared further down
                }
                if (name == null || !sections.containsKey(name)) {
                    throw DiagnosticException.error(args.range(0), DiagnosticCode.UNDEFINED_SYMBOL, "sizeof() needs a stream or "
                            + "buffer name, got '" + args.text(0) + "'");
                }
                SectionBuilder s = sections.get(name);
                ref(s.name, args.range(0), new SectionReferent(s));
                symbols.requireAddresses(s.name, args.range(0));
                yield s.size();
            }
            default -> framebufferPointer(args);
        };
    }

    private long framebufferPointer(ExpressionEvaluator.Arguments args) {
        LabelDef l;
        String name = args.name(0);
        String localRef = args.localRef(0);
        SourceRange at = args.range(0);
        if (name != null && symbols.isLabel(name)) {
            l = symbols.label(name);
            ref(l.name(), at, l);
        } else if (localRef != null) {
            l = local(localRef, at, index);
            ref(localRef, at, l);
        } else {
            if (name != null && !symbols.addressesKnown()) {
                throw new UnresolvedException(name, at);
            }
            List<String> near = closestName(args.text(0), symbols.labelNames());
            throw new DiagnosticException(Diagnostic.error(at, DiagnosticCode.UNDEFINED_SYMBOL,
                    "fbd() needs the label of a .fbd, got '" + args.text(0) + "'" + SpellingSuggestions.didYouMean(near))
                    .withSuggestions(near));
        }
        symbols.requireAddresses(l.name(), at);
        Long pointer = framebuffers.pointer(l.section(), l.offset());
        if (pointer == null) {
            throw DiagnosticException.error(at, DiagnosticCode.NOT_A_DESCRIPTOR, "'" + args.text(0)
                    + "' does not label a .fbd directive");
        }
        return pointer;
    }

    /**
     * Records that columns {@code column..endColumn} of line {@code line} of {@code file} name {@code target}, a
     * reference the caller knows is the only one of its range.
     */
    public void refNew(String name, Path file, int line, int column, int endColumn, Referent target) {
        references.addNew(name, file, line, column, endColumn, target);
        if (target instanceof LabelDef l) {
            used.used(l);
        }
    }

    /** Records that {@code range} names {@code target} (null: nothing of that name), once per range. */
    public void ref(String name, SourceRange range, Referent target) {
        if (references.add(new Reference(name, range, target))) {
            if (target instanceof LabelDef l) {
                used.used(l);
            }
        }
    }

    /**
     * Suggestions among the program's own names (labels, streams, queues): each costs a look at every name,
     * so a file with many names and many misspellings gets suggestions only until {@link #SUGGESTION_WORK}
     * names have been looked at in all, and plain messages after that; suggesting stays linear.
     */
    public List<String> closestName(String name, Collection<String> candidates) {
        if (suggestionWork > SUGGESTION_WORK) {
            return List.of();
        }
        suggestionWork += candidates.size();
        return SpellingSuggestions.closest(name, candidates);
    }

    static final long SUGGESTION_WORK = 1_000_000;
    private long suggestionWork;
}
