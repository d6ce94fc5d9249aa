package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.runtime.JobInputs;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.report.RunRecorder;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.Modifier;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.isa.OperandSpec;

/** Hover text from the ISA/descriptor tables, the analysis (words, addresses) and the last run (registers). */
public final class HoverService {

    private final InstructionSet isa;
    private final DescriptorSet descriptors;

    public HoverService(InstructionSet isa, DescriptorSet descriptors) {
        this.isa = isa;
        this.descriptors = descriptors;
    }

    /**
     * @param registers the entry queue's registers after the last run of this document, if one finished
     * @param markup    the client's format
     */
    public Optional<Hover> hover(TextDocument doc, Position position, Optional<DocumentAnalysis> analysis,
                                 Optional<long[]> registers, Markup markup) {
        return hover(doc, position, analysis, registers, List.of(), markup);
    }

    /**
     * {@link #hover}, with the jobs the last run started on the hovered line: hover on a RUN_* adds what each read
     * (the run summary's job inputs).
     */
    public Optional<Hover> hover(TextDocument doc, Position position, Optional<DocumentAnalysis> analysis,
                                 Optional<long[]> registers, List<JobInputs.Job> jobsHere, Markup markup) {
        return hover(doc, position, analysis, registers, jobsHere, List.of(), markup);
    }

    /**
     * {@link #hover}, with the jobs the last run started and the WAITs it reached on the hovered line: hover on a
     * WAIT adds the asynchronous operations in flight on its entries each time the run reached it (what it waited
     * for), or that nothing was.
     */
    public Optional<Hover> hover(TextDocument doc, Position position, Optional<DocumentAnalysis> analysis,
                                 Optional<long[]> registers, List<JobInputs.Job> jobsHere,
                                 List<RunReport.Wait> waitsHere, Markup markup) {
        int lineNo = position.getLine();
        SourceLine line = SourceLine.scan(doc.line(lineNo));
        Optional<SourceLine.Token> token = line.tokenAt(position.getCharacter());
        if (token.isEmpty()) {
            return Optional.empty();
        }
        SourceLine.Token t = token.get();
        String text = switch (t.kind()) {
            case MNEMONIC -> Optional.ofNullable(instruction(t.text(), analysis.flatMap(a -> a.assembledLine(lineNo)),
                    markup)).map(about -> about + jobInputs(jobsHere, markup) + waitedFor(waitsHere, markup)).orElse(null);
            case MODIFIER -> modifier(line, t, markup);
            case REGISTER -> register(t.text(), registers, markup);
            case DIRECTIVE -> Directives.byName(t.text())
                    .map(d -> markup.code(d.syntax()) + "\n" + d.doc() + clearColour(d, lineNo, analysis)).orElse(null);
            case FIELD_NAME -> descriptorField(line, t.text(), markup) == null ? null
                    : descriptorField(line, t.text(), markup) + line.head().flatMap(h -> Directives.byName(h.text()))
                            .map(d -> clearColour(d, lineNo, analysis)).orElse("");
            case SYMBOL, LABEL_DEFINITION -> DescLine.is(line) && DescLine.nameToken(line).equals(token)
                    ? DescLine.descriptor(line, descriptors).map(def -> descriptorSummary(def, markup)).orElse(null)
                    : analysis.flatMap(a -> a.symbolAt(lineNo, t.start())
                    .or(() -> a.symbol(t.text()))).map(sym -> symbol(sym, markup)).orElse(null);
            default -> null;
        };
        if (text == null) {
            return Optional.empty();
        }
        Range range = new Range(new Position(lineNo, t.start()), new Position(lineNo, t.end()));
        return Optional.of(new Hover(new MarkupContent(markup.kind(), text), range));
    }

    private String instruction(String mnemonic, Optional<AssembledLine> assembled, Markup markup) {
        Optional<InstructionDef> found = isa.byMnemonic(mnemonic);
        if (found.isEmpty()) {
            return null;
        }
        InstructionDef def = found.get();
        Optional<AssembledLine> line = assembled.filter(l -> l.instruction() == def);
        StringBuilder sb = new StringBuilder(markup.code(def.signature())).append('\n').append(def.doc()).append("\n\n");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("operand", "bits", line.isPresent() ? "value" : "meaning"));
        for (OperandSpec op : def.operands()) {
            StringBuilder bits = new StringBuilder();
            StringBuilder values = new StringBuilder();
            for (BitField f : op.fields()) {
                bits.append(bits.length() == 0 ? "" : " ").append(f.name()).append(f.bits());
                line.ifPresent(l -> values.append(values.length() == 0 ? "" : ", ").append(f.extract(l.word())));
            }
            rows.add(List.of(markup.inline(op.kind().placeholder()), bits.toString(),
                    line.isPresent() ? values.toString() : op.doc()));
        }
        for (Modifier m : def.modifiers()) {
            BitField f = m.field();
            long shown = line.map(l -> f.extract(l.word())).orElse(m.omittedValue());
            // the modifier as a source line writes it: the spelling of the value shown, else its first
            String spelling = m.spelling(shown).orElse(m.spellings().get(0));
            String value = line.map(l -> shown + m.format(shown).map(s -> " (." + s + ")").orElse(""))
                    .orElse(String.join(", ", m.spellings().size() > 8 ? m.spellings().subList(0, 8) : m.spellings()));
            rows.add(List.of(markup.inline("." + spelling), f.name() + f.bits(), value));
        }
        sb.append(markup.table(rows));
        line.ifPresent(l -> sb.append("\nEncoded: ").append(markup.inline(String.format(Locale.ROOT, "0x%016x", l.word())))
                .append(" at GPU address ").append(markup.inline(String.format(Locale.ROOT, "0x%x", l.address()))));
        return sb.toString();
    }

    private String modifier(SourceLine line, SourceLine.Token t, Markup markup) {
        Optional<InstructionDef> def = line.head().flatMap(h -> isa.byMnemonic(h.text()));
        if (def.isEmpty()) {
            return null;
        }
        String spelling = t.text().substring(1);
        for (Modifier m : def.get().modifiers()) {
            if (m.match(spelling).isPresent()) {
                BitField f = m.field();
                return markup.code("." + spelling) + "\nSets " + markup.inline(f.name()) + " " + f.bits() + " = "
                        + m.match(spelling).getAsLong() + " in " + def.get().mnemonic() + ".";
            }
        }
        return "Unknown modifier for " + def.get().mnemonic() + "; it takes "
                + String.join(", ", def.get().modifiers().stream().flatMap(m -> m.spellings().stream())
                .limit(24).map(s -> "." + s).toList()) + ".";
    }

    private String register(String name, Optional<long[]> registers, Markup markup) {
        String lower = name.toLowerCase(Locale.ROOT);
        int number = Integer.parseInt(lower.substring(1));
        boolean pair = lower.charAt(0) == 'd';
        StringBuilder sb = new StringBuilder(markup.code(lower));
        sb.append('\n').append(pair ? "Register pair r" + number + ":r" + (number + 1) : "32-bit register r" + number);
        if (number >= isa.registerCount() || (pair && number + 1 >= isa.registerCount())) {
            sb.append(" — out of range: ").append(isa.name()).append(" has r0..r").append(isa.registerCount() - 1).append('.');
        }
        for (NamedRegister named : isa.namedRegisters()) {
            if (named.register().equals(lower)) {
                sb.append("\n\n").append(markup.strong(named.name())).append(": ").append(named.doc());
            }
        }
        if (registers.isPresent() && number + (pair ? 1 : 0) < registers.get().length) {
            long[] r = registers.get();
            long value = pair ? (r[number] & 0xffffffffL) | (r[number + 1] & 0xffffffffL) << 32 : r[number];
            sb.append("\n\nAfter the last run: ").append(markup.inline(String.format(Locale.ROOT, "0x%x", value)))
                    .append(" (").append(pair ? Long.toUnsignedString(value) : Long.toString(value)).append(')');
        }
        return sb.toString();
    }

    private String descriptorField(SourceLine line, String name, Markup markup) {
        Optional<Directives.Directive> d = line.head().flatMap(h -> Directives.byName(h.text()));
        Optional<DescriptorDef> def = d.isPresent() && d.get().descriptor() != null
                ? Optional.of(descriptors.get(d.get().descriptor())) : DescLine.descriptor(line, descriptors);
        if (def.isEmpty()) {
            return null;
        }
        String extra = d.map(Directives.Directive::extraKeys).orElse(java.util.Map.of())
                .get(name.toLowerCase(java.util.Locale.ROOT));
        if (extra != null) {
            return markup.code(name) + "\n" + extra;
        }
        Optional<DescriptorField> f = def.get().field(name);
        return f.map(field -> markup.code(field.name()) + "\n" + field.doc() + "\n\nWord " + field.word() + " bits ["
                + field.msb() + ":" + field.lsb() + "], " + (field.required() ? "required" : "default "
                + markup.inline(field.defaultValue())) + (field.enumType() == null ? ""
                : "; values: " + String.join(", ", field.enumType().values().keySet()))).orElse(null);
    }

    /** What the jobs the last run started here read, as the run summary prints it; empty without such jobs. */
    private static String jobInputs(List<JobInputs.Job> jobs, Markup markup) {
        if (jobs.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n\nJob inputs after the last run");
        int shown = Math.min(jobs.size(), 2);
        for (JobInputs.Job job : jobs.subList(0, shown)) {
            sb.append("\n").append(markup.code("job " + job.number() + " " + job.mnemonic() + " (queue " + job.queue()
                    + ")" + job.describe()));
        }
        if (jobs.size() > shown) {
            sb.append("\n\n").append(jobs.size() - shown).append(" more job(s) on this line");
        }
        return sb.toString();
    }

    /**
     * What the WAITs the last run reached here waited for: per time reached (the first
     * {@link RunRecorder#WAITS_PER_LINE}), each operation in flight on its entries; empty without such WAITs.
     */
    private static String waitedFor(List<RunReport.Wait> waits, Markup markup) {
        if (waits.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n\nWaited for in the last run");
        for (RunReport.Wait w : waits) {
            StringBuilder ops = new StringBuilder();
            for (RunReport.InFlight op : w.waitedFor()) {
                ops.append(ops.length() == 0 ? "" : ", ").append(op.mnemonic())
                        .append(op.line() == null ? "" : " line " + op.line().line()).append(" (entry ")
                        .append(op.entry()).append(')');
            }
            sb.append("\n").append(markup.code("queue " + w.queue() + ": "
                    + (ops.length() == 0 ? "nothing in flight" : ops)));
        }
        if (waits.size() == RunRecorder.WAITS_PER_LINE) {
            sb.append("\n\nThe run keeps the first ").append(RunRecorder.WAITS_PER_LINE)
                    .append(" times it reached a WAIT");
        }
        return sb.toString();
    }

    /** A descriptor {@code .desc} names: its size and fields, each with its bits. */
    private static String descriptorSummary(DescriptorDef def, Markup markup) {
        StringBuilder sb = new StringBuilder(markup.code(def.name())).append('\n').append(DescLine.summary(def))
                .append(" (genxml's struct; fields not given take their defaults):");
        for (DescriptorField f : def.fields()) {
            sb.append("\n\n").append(markup.inline(f.name())).append(" word ").append(f.word()).append(" [")
                    .append(f.msb()).append(':').append(f.lsb()).append("] ").append(f.doc());
        }
        return sb.toString();
    }

    /** On a {@code .rt} line that assembled: the clear colour its clear words hold, decoded. */
    private String clearColour(Directives.Directive d, int lineNo, Optional<DocumentAnalysis> analysis) {
        if (!DescriptorSet.RENDER_TARGET.equals(d.descriptor()) || analysis.isEmpty()) {
            return "";
        }
        Optional<AssembledLine> line = analysis.get().assembledLine(lineNo);
        Optional<Section> section = line.flatMap(l -> Optional.ofNullable(analysis.get().result().program())
                .flatMap(p -> p.section(l.section())));
        if (line.isEmpty() || section.isEmpty() || line.get().size() < descriptorSize(d)) {
            return "";
        }
        int offset = (int) (line.get().address() - section.get().address());
        return ClearColor.ofRenderTarget(descriptors, section.get().bytes(), offset)
                .map(c -> "\n\nClear colour: " + c.describe()).orElse("");
    }

    private int descriptorSize(Directives.Directive d) {
        return descriptors.get(d.descriptor()).size();
    }

    private static String symbol(Symbol s, Markup markup) {
        String kind = s.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        String value = s.kind() == SymbolKind.CONSTANT
                ? s.value() + " (" + String.format(Locale.ROOT, "0x%x", s.value()) + ")"
                : "GPU address " + markup.inline(String.format(Locale.ROOT, "0x%x", s.value()));
        return markup.code(s.name()) + "\n" + kind + (s.section() != null && s.kind() != SymbolKind.STREAM
                && s.kind() != SymbolKind.BUFFER ? " in " + markup.inline(s.section()) : "") + ": " + value;
    }
}
