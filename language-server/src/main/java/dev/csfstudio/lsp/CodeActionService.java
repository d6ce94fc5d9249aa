package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

import dev.csfstudio.asm.AssembledLine;
import dev.csfstudio.asm.Symbol;
import dev.csfstudio.asm.SymbolKind;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;

/**
 * Quick fixes: every replacement the assembler suggested for a diagnostic (misspelt mnemonics, modifiers
 * and labels, the nearest valid value of a range error), and "use a label" for a numeric branch offset.
 */
public final class CodeActionService {

    public List<Either<Command, CodeAction>> actions(DocumentAnalysis a, CodeActionParams params) {
        List<Either<Command, CodeAction>> out = new ArrayList<>();
        String uri = a.document().uri();
        for (Diagnostic d : params.getContext().getDiagnostics()) {
            for (String replacement : suggestions(d.getData())) {
                CodeAction action = new CodeAction(title(a, d.getRange(), replacement));
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(d));
                action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(new TextEdit(d.getRange(), replacement)))));
                action.setIsPreferred(out.isEmpty());
                out.add(Either.forRight(action));
            }
        }
        Range r = params.getRange();
        for (int line = r.getStart().getLine(); line <= r.getEnd().getLine(); line++) {
            branchToLabel(a, line).ifPresent(action -> out.add(Either.forRight(action)));
        }
        return out;
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
            if (operands.get(i).kind() == OperandKind.TARGET) {
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
