package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;

/**
 * Quick fixes: every replacement the assembler suggested for a diagnostic (misspelt mnemonics, modifiers
 * and labels, the nearest valid value of a range error), the nearest valid register for a register out
 * of range or of the wrong kind ({@code r200} → {@code r95}, {@code r40} → {@code d40} where a pair
 * belongs), "use a label" for a numeric branch offset, and the WAIT the scoreboard check asks for, inserted before a
 * line that reads or writes a register a load or store may still have in flight.
 */
public final class CodeActionService {

    private final InstructionSet isa;

    public CodeActionService(InstructionSet isa) {
        this.isa = isa;
    }

    public List<Either<Command, CodeAction>> actions(DocumentAnalysis a, CodeActionParams params) {
        List<Either<Command, CodeAction>> out = new ArrayList<>();
        String uri = a.document().uri();
        for (Diagnostic d : params.getContext().getDiagnostics()) {
            List<String> replacements = suggestions(d.getData());
            DiagnosticCode code = DiagnosticMapper.codeOf(d).orElse(null);
            if (code == DiagnosticCode.SCOREBOARD_LOAD_IN_FLIGHT || code == DiagnosticCode.SCOREBOARD_STORE_IN_FLIGHT) {
                // The suggestion is the WAIT that makes the line safe: a line to insert before it, not a replacement.
                for (String wait : replacements) {
                    out.add(Either.forRight(waitBefore(a, d, wait)));
                }
                continue;
            }
            nearestRegister(a, d).ifPresent(replacements::add);
            for (String replacement : replacements) {
                CodeAction action = new CodeAction(title(a, d.getRange(), replacement));
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(d));
                action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(new TextEdit(d.getRange(), replacement)))));
                action.setIsPreferred(out.isEmpty());
                out.add(Either.forRight(action));
            }
            if (DiagnosticMapper.codeOf(d).orElse(null) == DiagnosticCode.OUT_OF_RANGE) {
                nearestValidForm(a, d).ifPresent(action -> out.add(Either.forRight(action)));
            }
        }
        out.addAll(StreamTestService.quickFixes(uri, params.getContext().getDiagnostics()));
        Range r = params.getRange();
        for (int line = r.getStart().getLine(); line <= r.getEnd().getLine(); line++) {
            branchToLabel(a, line).ifPresent(action -> out.add(Either.forRight(action)));
        }
        return out;
    }

    /**
     * Inserts {@code wait} on a line of its own before the diagnostic's instruction, after any label on its line (so
     * that a branch to the label goes through the WAIT too), indented as the instruction is.
     */
    private static CodeAction waitBefore(DocumentAnalysis a, Diagnostic d, String wait) {
        int line = d.getRange().getStart().getLine();
        String text = a.document().line(line);
        int column = SourceLine.scan(text).head().map(SourceLine.Token::start).orElse(0);
        StringBuilder indent = new StringBuilder();
        for (int i = 0; i < column; i++) {
            indent.append(text.charAt(i) == '\t' ? '\t' : ' ');
        }
        CodeAction action = quickFix("Insert '" + wait + "' before line " + (line + 1), d,
                Map.of(a.document().uri(), List.of(new TextEdit(range(line, column, column), wait + "\n" + indent))));
        action.setIsPreferred(true);
        return action;
    }

    private static String title(DocumentAnalysis a, Range range, String replacement) {
        String current = range.getStart().getLine() == range.getEnd().getLine()
                ? a.document().line(range.getStart().getLine()).substring(
                        Math.min(range.getStart().getCharacter(), a.document().line(range.getStart().getLine()).length()),
                        Math.min(range.getEnd().getCharacter(), a.document().line(range.getStart().getLine()).length()))
                : "";
        return current.isEmpty() ? "Replace with '" + replacement + "'"
                : "Change '" + current + "' to '" + replacement + "'";
    }

    /** The replacement texts the server stored in the diagnostic's data (see DiagnosticMapper). */
    private static List<String> suggestions(Object data) {
        List<String> out = new ArrayList<>();
        if (data instanceof JsonArray array) {
            for (JsonElement e : array) {
                if (e.isJsonPrimitive()) {
                    out.add(e.getAsString());
                }
            }
        } else if (data instanceof List<?> list) {
            list.forEach(o -> out.add(String.valueOf(o)));
        }
        return out;
    }

    /**
     * The register the diagnostic's register operand should be: the last register (or pair) when it is
     * out of range, the pair or single register of the same number when it is of the other kind.
     */
    private Optional<String> nearestRegister(DocumentAnalysis a, Diagnostic d) {
        DiagnosticCode code = DiagnosticMapper.codeOf(d).orElse(null);
        int lineNo = d.getRange().getStart().getLine();
        if (d.getRange().getEnd().getLine() != lineNo
                || !(code == DiagnosticCode.OUT_OF_RANGE || code == DiagnosticCode.OPERAND_KIND)) {
            return Optional.empty();
        }
        String text = a.document().line(lineNo);
        int start = Math.min(d.getRange().getStart().getCharacter(), text.length());
        String written = text.substring(start, Math.min(d.getRange().getEnd().getCharacter(), text.length()));
        if (!written.matches("[rRdD][0-9]{1,9}")) {
            return Optional.empty();
        }
        SourceLine line = SourceLine.scan(text);
        Optional<InstructionDef> def = line.head().filter(h -> h.kind() == SourceLine.Kind.MNEMONIC)
                .flatMap(h -> isa.byMnemonic(h.text()));
        int index = line.operandIndexAt(start);
        if (def.isEmpty() || index < 0 || index >= def.get().operands().size()) {
            return Optional.empty();
        }
        OperandKind kind = def.get().operands().get(index).kind();
        return kind.nearestRegister(Integer.parseInt(written.substring(1)), isa.registerCount())
                .filter(fix -> !fix.equals(written.toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * The nearest valid form of a line whose literal is out of range, found in the ISA table: a byte count
     * rounded up to the multiple the field stores, or the sibling instruction whose operand of the same
     * kind holds the value (MOVE32 rN, #big becomes MOVE48 dN, #big).
     */
    private Optional<CodeAction> nearestValidForm(DocumentAnalysis a, Diagnostic d) {
        int lineNo = d.getRange().getStart().getLine();
        if (d.getRange().getEnd().getLine() != lineNo) {
            return Optional.empty();
        }
        String text = a.document().line(lineNo);
        int start = Math.min(d.getRange().getStart().getCharacter(), text.length());
        int end = Math.min(d.getRange().getEnd().getCharacter(), text.length());
        OptionalLong value = literal(text.substring(start, end));
        SourceLine line = SourceLine.scan(text);
        Optional<SourceLine.Token> head = line.head().filter(h -> h.kind() == SourceLine.Kind.MNEMONIC);
        Optional<InstructionDef> def = head.flatMap(h -> isa.byMnemonic(h.text()));
        int index = line.operandIndexAt(start);
        if (value.isEmpty() || def.isEmpty() || index < 0 || index >= def.get().operands().size()) {
            return Optional.empty();
        }
        String uri = a.document().uri();
        OperandSpec op = def.get().operands().get(index);
        long v = value.getAsLong();
        if (op.kind().step() > 1) {
            OptionalLong rounded = op.kind().roundedUp(op, v);
            return rounded.stream().mapToObj(r -> quickFix("Round up to #" + r + " (a multiple of " + op.kind().step()
                    + ")", d, Map.of(uri, List.of(new TextEdit(d.getRange(), "#" + r))))).findFirst();
        }
        if (!line.modifiers().isEmpty()) {
            return Optional.empty();
        }
        for (InstructionDef sibling : isa.instructions()) {
            List<TextEdit> edits = siblingEdits(def.get(), sibling, line, lineNo, index, v);
            if (edits != null) {
                return Optional.of(quickFix("Use " + sibling.mnemonic() + " (" + op.field().width() + "-bit "
                        + op.field().name() + " is too narrow)", d, Map.of(uri, edits)));
            }
        }
        return Optional.empty();
    }

    /** The edits turning {@code line} into {@code sibling}, or null when it cannot hold the operands. */
    private static List<TextEdit> siblingEdits(InstructionDef def, InstructionDef sibling, SourceLine line, int lineNo,
                                               int index, long value) {
        if (sibling == def || !sibling.modifiers().stream().noneMatch(m -> m.required())
                || sibling.operands().size() != def.operands().size()) {
            return null;
        }
        OperandSpec wide = sibling.operands().get(index);
        if (wide.kind() != def.operands().get(index).kind() || value < wide.minValue() || value > wide.maxValue()) {
            return null;
        }
        SourceLine.Token head = line.head().orElseThrow();
        List<TextEdit> edits = new ArrayList<>();
        edits.add(new TextEdit(range(lineNo, head.start(), head.end()), sibling.mnemonic()));
        for (int i = 0; i < def.operands().size(); i++) {
            OperandKind from = def.operands().get(i).kind();
            OperandKind to = sibling.operands().get(i).kind();
            if (from == to) {
                continue;
            }
            if (!from.widensTo(to)) {
                return null;
            }
            SourceLine.Token register = operandToken(line, i);
            if (register == null || register.kind() != SourceLine.Kind.REGISTER
                    || Integer.parseInt(register.text().substring(1)) % 2 != 0) {
                return null;
            }
            edits.add(new TextEdit(range(lineNo, register.start(), register.start() + 1), "d"));
        }
        return edits;
    }

    private static CodeAction quickFix(String title, Diagnostic d, Map<String, List<TextEdit>> changes) {
        CodeAction action = new CodeAction(title);
        action.setKind(CodeActionKind.QuickFix);
        action.setDiagnostics(List.of(d));
        action.setEdit(new WorkspaceEdit(changes));
        return action;
    }

    private static Range range(int line, int start, int end) {
        return new Range(new Position(line, start), new Position(line, end));
    }

    /** A number as written in source ({@code #}, sign, 0x/0b prefixes, _ separators); empty for expressions. */
    static OptionalLong literal(String text) {
        String t = text.strip().replace("_", "");
        if (t.startsWith("#")) {
            t = t.substring(1);
        }
        boolean negative = t.startsWith("-");
        if (negative) {
            t = t.substring(1);
        }
        try {
            java.math.BigInteger v;
            if (t.startsWith("0x") || t.startsWith("0X")) {
                v = new java.math.BigInteger(t.substring(2), 16);
            } else if (t.startsWith("0b") || t.startsWith("0B")) {
                v = new java.math.BigInteger(t.substring(2), 2);
            } else {
                v = new java.math.BigInteger(t);
            }
            if (negative) {
                v = v.negate();
            }
            return v.bitLength() < 64 ? OptionalLong.of(v.longValue()) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** A branch with a numeric offset: name its target with an existing label, or add one there. */
    private Optional<CodeAction> branchToLabel(DocumentAnalysis a, int line) {
        Optional<AssembledLine> assembled = a.assembledLine(line);
        if (assembled.isEmpty() || assembled.get().instruction() == null) {
            return Optional.empty();
        }
        AssembledLine l = assembled.get();
        List<OperandSpec> operands = l.instruction().operands();
        int index = -1;
        for (int i = 0; i < operands.size(); i++) {
            if (operands.get(i).kind().acceptsLabels()) {
                index = i;
            }
        }
        if (index < 0) {
            return Optional.empty();
        }
        SourceLine scanned = SourceLine.scan(a.document().line(line));
        SourceLine.Token number = operandToken(scanned, index);
        if (number == null || number.kind() != SourceLine.Kind.NUMBER) {
            return Optional.empty();
        }
        BitField offsetField = operands.get(index).field();
        long target = l.address() + 8 + 8 * offsetField.extract(l.word());
        Range numberRange = new Range(new Position(line, number.start()), new Position(line, number.end()));
        String uri = a.document().uri();
        Optional<Symbol> existing = a.result().symbols().stream()
                .filter(s -> s.kind() == SymbolKind.LABEL && s.value() == target && l.section().equals(s.section()))
                .findFirst();
        if (existing.isPresent()) {
            CodeAction action = new CodeAction("Use label '" + existing.get().name() + "' as the branch target");
            action.setKind(CodeActionKind.RefactorRewrite);
            action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(new TextEdit(numberRange, existing.get().name())))));
            return Optional.of(action);
        }
        Optional<AssembledLine> targetLine = a.result().lines().stream()
                .filter(t -> t.address() == target && t.section().equals(l.section()) && a.isMainFile(t.range().file()))
                .findFirst();
        if (targetLine.isEmpty()) {
            return Optional.empty();
        }
        String name = freshName(a, target);
        int targetRow = targetLine.get().range().line() - 1;
        CodeAction action = new CodeAction("Add label '" + name + "' at the branch target and use it");
        action.setKind(CodeActionKind.RefactorRewrite);
        action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(
                new TextEdit(new Range(new Position(targetRow, 0), new Position(targetRow, 0)), name + ":\n"),
                new TextEdit(numberRange, name)))));
        return Optional.of(action);
    }

    private static SourceLine.Token operandToken(SourceLine line, int index) {
        Optional<SourceLine.Token> head = line.head();
        if (head.isEmpty()) {
            return null;
        }
        SourceLine.Token found = null;
        for (SourceLine.Token t : line.tokens()) {
            if (t.start() > head.get().end() && line.operandIndexAt(t.start()) == index
                    && t.kind() != SourceLine.Kind.COMMA && t.kind() != SourceLine.Kind.COMMENT) {
                if (found != null) {
                    return null; // an expression, not a plain number
                }
                found = t;
            }
        }
        return found;
    }

    private static String freshName(DocumentAnalysis a, long target) {
        String base = "L_" + Long.toHexString(target);
        String name = base;
        for (int i = 2; a.symbol(name).isPresent(); i++) {
            name = base + "_" + i;
        }
        return name;
    }
}
