package dev.csfstudio.asm;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.asm.emit.InstructionEncoder;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.scan.DeclaredArch;
import dev.csfstudio.asm.source.ParsedSource;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.source.SourceLines;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Severity;

import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandProblem;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.WrittenOperand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;

/**
 * The canonical layout of a document ("format document"): mnemonics upper case with every modifier in
 * table order as the disassembler prints them, literal operands printed as the disassembler prints
 * them, optional operands left out written with the value they take (the form the assembler accepts
 * without a warning), labels, expressions and comments kept as written, statements in aligned columns.
 * Lines with a syntax error, and instruction lines after {@code .syntax pandecode} (pandecode's text,
 * which reads differently), are kept as they are. Formatting changes no word of the assembled program,
 * and formatting formatted text changes nothing.
 */
public final class CanonicalFormatter {

    /** Column (0-based) where instructions and most directives start. */
    public static final int STATEMENT_COLUMN = 8;
    /** Width the mnemonic with its modifiers is padded to, so operands line up. */
    public static final int MNEMONIC_WIDTH = 24;

    /** Directives that structure a file and therefore start at column 0. */
    private static final Set<String> TOP_LEVEL = Set.of(".stream", ".buffer", ".vm", ".queue", ".submit", ".inject",
            ".entry", ".include", ".equ", ".set", ".arch", ".syntax", ".expect");

    private CanonicalFormatter() {
    }

    public static String format(String text) {
        ParsedSource parsed = Parsing.parse(text);
        Arch arch = DeclaredArch.in(SourceText.of(text).bytes()).orElse(Arch.DEFAULT);
        Set<Integer> broken = new HashSet<>();
        for (Diagnostic d : parsed.diagnostics()) {
            for (int l = d.range().line(); l <= d.range().endLine(); l++) {
                broken.add(l);
            }
        }
        Map<Integer, CsfParser.LineContext> statements = new HashMap<>();
        for (CsfParser.LineContext line : parsed.tree().line()) {
            if (line.getChildCount() > 0 && line.getStart().getType() != Token.EOF) {
                if (line.getStop() != null && line.getStop().getLine() != line.getStart().getLine()) {
                    broken.add(line.getStart().getLine());
                }
                statements.put(line.getStart().getLine(), line);
            }
        }
        Map<Integer, String> comments = new HashMap<>();
        for (Token t : parsed.tokens().getTokens()) {
            if (t.getType() == CsfLexer.COMMENT) {
                comments.put(t.getLine(), t.getText().stripTrailing());
            }
        }
        int[] starts = SourceLines.lineStarts(text);
        StringBuilder out = new StringBuilder();
        boolean pandecode = false;
        for (int n = 1; n <= starts.length; n++) {
            String original = SourceLines.line(text, starts, n);
            CsfParser.LineContext line = statements.get(n);
            CsfParser.StatementContext st = line == null ? null : line.statement();
            if (st != null && st.directive() != null && Directives.nameOf(st.directive()).equals(".syntax")
                    && !broken.contains(n)) {
                pandecode = syntaxIsPandecode(st.directive(), pandecode);
            }
            String formatted;
            if (broken.contains(n) || pandecode && st != null && st.instruction() != null) {
                formatted = original.stripTrailing();
            } else if (line == null) {
                formatted = comments.containsKey(n) ? original.stripTrailing() : "";
            } else {
                formatted = formatLine(arch, parsed, line, comments.get(n));
            }
            out.append(formatted);
            if (n < starts.length) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** What {@code .syntax MODE} makes of the lines after it: the assembler's reading, a wrong mode changing nothing. */
    private static boolean syntaxIsPandecode(CsfParser.DirectiveContext d, boolean current) {
        List<CsfParser.ArgumentContext> arguments = d.argument();
        String mode = arguments.size() == 1 && arguments.get(0) instanceof CsfParser.PlainArgumentContext p
                ? p.getText().toLowerCase(Locale.ROOT) : "";
        return mode.equals("pandecode") || !mode.equals("csf") && current;
    }

    private static String formatLine(Arch arch, ParsedSource parsed, CsfParser.LineContext line, String comment) {
        StringBuilder sb = new StringBuilder();
        for (CsfParser.LabelContext l : line.label()) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(l.name.getText()).append(':');
        }
        CsfParser.StatementContext st = line.statement();
        if (st != null) {
            String head;
            List<String> operands;
            boolean topLevel = false;
            if (st.instruction() != null) {
                String[] parts = instruction(arch, parsed, st.instruction());
                head = parts[0];
                operands = List.of(parts).subList(1, parts.length);
            } else {
                CsfParser.DirectiveContext d = st.directive();
                head = Directives.nameOf(d);
                topLevel = TOP_LEVEL.contains(head);
                operands = d.expectation() != null ? List.of(expectation(parsed, d.expectation()))
                        : d.argument().stream().map(a -> written(parsed, a)).toList();
            }
            if (!(topLevel && sb.length() == 0)) {
                pad(sb, STATEMENT_COLUMN);
            }
            sb.append(head);
            if (!operands.isEmpty()) {
                if (topLevel) {
                    sb.append(' ');
                } else {
                    pad(sb, sb.length() - head.length() + MNEMONIC_WIDTH);
                }
                sb.append(String.join(", ", operands));
            }
        }
        if (comment != null) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(comment);
        }
        return sb.toString().stripTrailing();
    }

    /** {@code status ok}, {@code word [a + 4] == 1, vm=main}: the parts as written, one blank between them. */
    private static String expectation(ParsedSource parsed, CsfParser.ExpectationContext e) {
        StringBuilder out = new StringBuilder(e.subject.getText());
        if (e.expectTarget() != null) {
            out.append(' ').append(written(parsed, e.expectTarget()));
        }
        e.laterTarget().forEach(t -> out.append(' ').append(written(parsed, t)));
        if (e.comparison() != null && e.value() != null) {
            out.append(' ').append(e.comparison().getText()).append(' ').append(written(parsed, e.value()));
        }
        e.expectOption().forEach(o -> out.append(", ").append(o.key.getText()).append('=')
                .append(written(parsed, o.value())));
        return out.toString();
    }

    private static void pad(StringBuilder sb, int column) {
        if (sb.length() >= column) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            return;
        }
        while (sb.length() < column) {
            sb.append(' ');
        }
    }

    /** Text of a node as written, inner whitespace included. */
    private static String written(ParsedSource parsed, ParserRuleContext ctx) {
        Token stop = ctx.getStop() == null || ctx.getStop().getStopIndex() < ctx.getStart().getStartIndex()
                ? ctx.getStart() : ctx.getStop();
        return parsed.tokens().getTokenSource().getInputStream()
                .getText(Interval.of(ctx.getStart().getStartIndex(), stop.getStopIndex())).strip();
    }

    /** The mnemonic head followed by each operand's text. */
    private static String[] instruction(Arch arch, ParsedSource parsed, CsfParser.InstructionContext ctx) {
        InstructionSet isa = arch.instructionSet();
        List<Diagnostic> ignored = new ArrayList<>();
        InstructionEncoder encoder = new InstructionEncoder(arch, null, ignored);
        InstructionEncoder.Mnemonic m = InstructionEncoder.split(null, ctx.mnemonic);
        List<String> out = new ArrayList<>();
        InstructionDef def = isa.byMnemonic(m.name()).orElse(null);
        if (def == null) {
            out.add(m.name().toUpperCase(Locale.ROOT) + ctx.mnemonic.getText().substring(m.name().length()));
            ctx.operand().forEach(o -> out.add(written(parsed, o)));
            return out.toArray(String[]::new);
        }
        Map<String, Long> values = new LinkedHashMap<>();
        List<InstructionEncoder.ModifierValue> mods = encoder.resolveModifiers(def, m, values);
        StringBuilder head = new StringBuilder(def.mnemonic());
        if (ignored.stream().anyMatch(d -> d.severity() == Severity.ERROR)) {
            head.append(ctx.mnemonic.getText().substring(m.name().length()));
        } else {
            mods.forEach(mv -> mv.modifier().format(mv.value()).ifPresent(t -> head.append('.').append(t)));
        }
        out.add(head.toString());
        List<CsfParser.OperandContext> given = ctx.operand();
        boolean shapeOk = given.size() <= def.operands().size()
                && given.size() >= def.operands().stream().filter(s -> !s.optional()).count();
        for (int i = 0; i < given.size(); i++) {
            String text = written(parsed, given.get(i));
            if (shapeOk) {
                String canonical = operand(def, def.operands().get(i), given.get(i), isa.registerCount());
                text = canonical != null ? canonical : text;
            }
            out.add(text);
        }
        OptionalLong base = InstructionEncoder.base(def, values);
        if (shapeOk && base.isPresent() && ignored.stream().noneMatch(d -> d.severity() == Severity.ERROR)) {
            // an optional operand left out keeps its value in the word the modifiers make: written out, the line
            // is the one the assembler's warning asks for and the word is the same
            for (int i = given.size(); i < def.operands().size(); i++) {
                out.add(def.operands().get(i).text(base.getAsLong()));
            }
        }
        return out.toArray(String[]::new);
    }

    /**
     * The disassembler's spelling of a literal operand, or null to keep the written text: the operand encoded by the one
     * encoder with numbers only (a name of an enumerated value is kept as written) and printed back by its kind.
     */
    private static String operand(InstructionDef def, OperandSpec spec, CsfParser.OperandContext o, int registers) {
        InstructionEncoder.TreeOperand written = new InstructionEncoder.TreeOperand(o, LITERALS);
        if (spec.enumType() != null && written.symbol() != null) {
            return null;
        }
        InstructionEncoder.Word word = new InstructionEncoder.Word();
        boolean encoded = word.encode(def, 0, List.of(spec), registers, new InstructionEncoder.TypedOperands() {
            @Override
            public WrittenOperand operand(int i) {
                return written;
            }

            @Override
            public void problem(int i, OperandProblem problem) {
                // an error keeps the operand as written (assembly reports it); a warning changes nothing here
            }

            @Override
            public void unevaluated(int i, Diagnostic d) {
                // not a literal: kept as written
            }
        });
        return encoded ? spec.text(word.word()) : null;
    }

    /** Operand values that are literal numbers; anything else is not evaluated here. */
    private static final InstructionEncoder.Operands LITERALS = new InstructionEncoder.Operands() {
        @Override
        public long evaluate(CsfParser.ExprContext e) {
            Long v = literal(e);
            if (v == null) {
                throw DiagnosticException.error(SourceRange.at(null, 1, 1, 1), DiagnosticCode.OPERAND_KIND, "not a literal");
            }
            return v;
        }

        @Override
        public OptionalLong branchOffset(CsfParser.ExprContext e) {
            return OptionalLong.empty();
        }
    };

    /** The value of a plain number, optionally negated; null for anything naming symbols. */
    private static Long literal(CsfParser.ExprContext e) {
        try {
            if (e instanceof CsfParser.NumberExprContext n) {
                return ExpressionEvaluator.parseNumber(n.getText(), SourceRange.at(null, 1, 1, 1));
            }
            if (e instanceof CsfParser.UnaryExprContext u && u.op.getText().equals("-")
                    && u.expr() instanceof CsfParser.NumberExprContext n) {
                return -ExpressionEvaluator.parseNumber(n.getText(), SourceRange.at(null, 1, 1, 1));
            }
        } catch (DiagnosticException ex) {
            return null;
        }
        return null;
    }
}
