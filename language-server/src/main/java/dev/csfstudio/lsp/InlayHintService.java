package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

import com.google.gson.JsonObject;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.isa.OperandSpec;

/**
 * At the end of each instruction line: its encoded word, the resolved branch target, and after a run the
 * final values of the registers the line names. The label is one string; {@code data} holds its parts by name
 * ({@link #WORD}, {@link #TARGET}, {@link #REGISTERS}) for clients that let users switch each part off.
 */
public final class InlayHintService {

    public static final String WORD = "word";
    public static final String TARGET = "target";
    public static final String REGISTERS = "registers";

    /** Most lines one request gets hints for (a million {@code .expect} lines would be a million hints). */
    public static final int MAX_LINES = 2_000;

    public List<InlayHint> hints(DocumentAnalysis a, Range range, Optional<RunFeedback> run) {
        List<InlayHint> out = new ArrayList<>();
        int first = Math.max(range.getStart().getLine(), 0);
        int last = Math.min(range.getEnd().getLine(), a.document().lineCount() - 1);
        boolean cut = last - first >= MAX_LINES;
        if (cut) {
            last = first + MAX_LINES - 1;
        }
        Range covered = new Range(new Position(first, 0), new Position(last, Integer.MAX_VALUE));
        for (int line = first; line <= last; line++) {
            Optional<AssembledLine> assembled = a.assembledLine(line);
            if (assembled.isEmpty() || assembled.get().instruction() == null) {
                continue;
            }
            AssembledLine l = assembled.get();
            String text = a.document().line(line);
            SourceLine scanned = SourceLine.scan(text);
            int end = scanned.comment().map(SourceLine.Token::start).orElse(text.length());
            while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            String word = String.format(Locale.ROOT, "0x%016x", l.word());
            StringBuilder label = new StringBuilder(word);
            JsonObject parts = new JsonObject();
            parts.addProperty(WORD, word);
            for (OperandSpec op : l.instruction().operands()) {
                if (op.kind().acceptsLabels()) {
                    long target = l.address() + 8 + 8 * op.field().extract(l.word());
                    String name = targetName(a, target, l.section());
                    label.append("  → ").append(name);
                    parts.addProperty(TARGET, name);
                }
            }
            run.ifPresent(f -> {
                StringBuilder registers = new StringBuilder();
                appendRegisters(registers, scanned, f.registers());
                if (registers.length() > 0) {
                    label.append("  after run: ").append(registers);
                    parts.addProperty(REGISTERS, registers.toString());
                }
            });
            InlayHint hint = new InlayHint(new Position(line, end), Either.forLeft(label.toString()));
            hint.setData(parts);
            hint.setKind(InlayHintKind.Type);
            hint.setPaddingLeft(true);
            out.add(hint);
        }
        run.ifPresent(f -> out.addAll(StreamTestService.hints(a, covered, f)));
        if (cut) {
            InlayHint stop = new InlayHint(new Position(last + 1, 0), Either.forLeft(String.format(Locale.ROOT,
                    "inlay hints stop here: one request gets those of %,d lines at most", MAX_LINES)));
            stop.setPaddingRight(true);
            out.add(stop);
        }
        return out;
    }

    private static String targetName(DocumentAnalysis a, long target, String section) {
        for (Symbol s : a.result().symbols()) {
            if (s.kind() == SymbolKind.LABEL && s.value() == target && section.equals(s.section())) {
                return s.name();
            }
        }
        return String.format(Locale.ROOT, "0x%x", target);
    }

    private static void appendRegisters(StringBuilder label, SourceLine line, long[] registers) {
        List<String> seen = new ArrayList<>();
        for (SourceLine.Token t : line.tokens()) {
            if (t.kind() != SourceLine.Kind.REGISTER) {
                continue;
            }
            String name = t.text().toLowerCase(Locale.ROOT);
            int n = Integer.parseInt(name.substring(1));
            boolean pair = name.charAt(0) == 'd';
            if (seen.contains(name) || n + (pair ? 1 : 0) >= registers.length) {
                continue;
            }
            seen.add(name);
            long value = pair ? (registers[n] & 0xffffffffL) | (registers[n + 1] & 0xffffffffL) << 32 : registers[n];
            label.append(seen.size() == 1 ? "" : ", ").append(name).append('=')
                    .append(String.format(Locale.ROOT, "0x%x", value));
        }
    }
}
