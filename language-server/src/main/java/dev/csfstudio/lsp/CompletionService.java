package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.EnumType;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.Modifier;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;

/** Completion from the ISA and descriptor tables plus the symbols of the last analysis. */
public final class CompletionService {

    /** Most symbols one completion answer lists (a long document can define thousands of labels). */
    static final int MAX_SYMBOLS = 200;

    private final InstructionSet isa;
    private final DescriptorSet descriptors;

    public CompletionService(InstructionSet isa, DescriptorSet descriptors) {
        this.isa = isa;
        this.descriptors = descriptors;
    }

    /**
     * @param analysis the latest analysis of the document, possibly of an older version (symbols
     *                 rarely change while typing, and completion must not wait for the assembler)
     */
    public CompletionList complete(TextDocument doc, Position position, Optional<DocumentAnalysis> analysis) {
        String text = doc.line(position.getLine());
        int column = Math.min(position.getCharacter(), text.length());
        SourceLine line = SourceLine.scan(text);
        List<CompletionItem> items = new ArrayList<>();
        if (line.inCommentOrString(column)) {
            return new CompletionList(false, items);
        }
        int[] word = line.wordAround(column);
        Range replace = new Range(new Position(position.getLine(), word[0]), new Position(position.getLine(), word[1]));
        String prefix = text.substring(word[0], column);
        boolean incomplete = false;
        Optional<SourceLine.Token> head = line.head();
        boolean inHead = head.isEmpty() || column <= head.get().end() && column >= head.get().start();
        boolean afterDot = word[0] > 0 && text.charAt(word[0] - 1) == '.';

        Optional<String> key = keyBefore(text, word[0]);
        // ".KEY=" written as a modifier of the mnemonic (a modifier token starts at its dot)
        boolean modifierKey = key.isPresent() && line.modifiers().stream()
                .anyMatch(t -> t.start() == word[0] - key.get().length() - 2);
        if (head.isPresent() && modifierKey) {
            isa.byMnemonic(head.get().text()).ifPresent(def -> modifierValues(def, key.get(), replace, items));
        } else if (head.isPresent() && head.get().kind() == SourceLine.Kind.MNEMONIC && afterDot
                && line.operandIndexAt(column) < 0 && column > head.get().end()) {
            isa.byMnemonic(head.get().text()).ifPresent(def -> modifiers(def, line, replace, items));
        } else if (head.isEmpty() || inHead) {
            if (afterDot && word[0] == (head.isPresent() ? head.get().start() + 1 : word[0])) {
                Range withDot = new Range(new Position(position.getLine(), word[0] - 1), replace.getEnd());
                directives(withDot, items);
            } else {
                mnemonics(replace, items);
                if (head.isEmpty()) {
                    directives(replace, items);
                }
            }
        } else if (head.get().kind() == SourceLine.Kind.DIRECTIVE) {
            incomplete = directiveOperands(head.get().text(), line, column, replace, prefix, position.getLine(),
                    analysis, items);
        } else {
            Optional<InstructionDef> def = isa.byMnemonic(head.get().text());
            int index = line.operandIndexAt(column);
            OperandKind.Tokens tokens = def.filter(d -> index >= 0 && index < d.operands().size())
                    .map(d -> d.operands().get(index).kind().tokens()).orElse(null);
            incomplete = operands(tokens, replace, prefix, position.getLine(), analysis, items);
        }
        return new CompletionList(incomplete, items);
    }

    private void mnemonics(Range replace, List<CompletionItem> items) {
        for (InstructionDef def : isa.instructions()) {
            CompletionItem item = new CompletionItem(def.mnemonic());
            item.setKind(CompletionItemKind.Keyword);
            item.setDetail(def.signature());
            item.setDocumentation(markdown(def.doc()));
            item.setInsertTextFormat(InsertTextFormat.Snippet);
            item.setTextEdit(Either.forLeft(new TextEdit(replace, snippet(def))));
            items.add(item);
        }
    }

    /** {@code BRANCH.${1|le,gt,...|} ${2:rN}, ${3:label}}: required modifiers as choices, operands as placeholders. */
    static String snippet(InstructionDef def) {
        StringBuilder sb = new StringBuilder(def.mnemonic());
        int tab = 1;
        for (Modifier m : def.modifiers()) {
            if (m.required()) {
                sb.append(".${").append(tab++).append('|').append(String.join(",", m.spellings())).append("|}");
            }
        }
        List<OperandSpec> required = def.operands().stream().filter(o -> !o.optional()).toList();
        for (int i = 0; i < required.size(); i++) {
            sb.append(i == 0 ? " " : ", ");
            sb.append(required.get(i).kind().snippet(tab++));
        }
        return sb.toString();
    }

    private void modifiers(InstructionDef def, SourceLine line, Range replace, List<CompletionItem> items) {
        Set<Modifier> present = new HashSet<>();
        for (SourceLine.Token t : line.modifiers()) {
            String spelling = t.text().substring(1);
            for (Modifier m : def.modifiers()) {
                if (m.match(spelling).isPresent() && !(t.start() <= replace.getEnd().getCharacter()
                        && t.end() >= replace.getStart().getCharacter())) {
                    present.add(m);
                }
            }
        }
        int order = 0;
        for (Modifier m : def.modifiers()) {
            order++;
            if (present.contains(m)) {
                continue;
            }
            List<String> spellings = m.spellings();
            for (String spelling : spellings) {
                CompletionItem item = new CompletionItem(spelling);
                item.setKind(CompletionItemKind.EnumMember);
                item.setDetail(def.mnemonic() + " " + m.field().name() + m.field().bits()
                        + (m.required() ? " (required)" : ""));
                item.setSortText(String.format(Locale.ROOT, "%02d_%s", order, spelling));
                item.setTextEdit(Either.forLeft(new TextEdit(replace, spelling)));
                items.add(item);
            }
        }
    }

    /**
     * The {@code KEY} of a {@code KEY=} that ends right before column {@code at} (not {@code ==}, {@code <=}...):
     * the cursor is at the key's value.
     */
    static Optional<String> keyBefore(String text, int at) {
        if (at < 2 || text.charAt(at - 1) != '=') {
            return Optional.empty();
        }
        int start = at - 1;
        while (start > 0 && SourceLine.isWordChar(text.charAt(start - 1))) {
            start--;
        }
        return start == at - 1 ? Optional.empty() : Optional.of(text.substring(start, at - 1));
    }

    /** After {@code .tile_order=}: the rest of every spelling of the instruction's modifiers that starts so. */
    private static void modifierValues(InstructionDef def, String key, Range replace, List<CompletionItem> items) {
        String stem = key.toLowerCase(Locale.ROOT) + "=";
        for (Modifier m : def.modifiers()) {
            for (String spelling : m.spellings()) {
                if (spelling.toLowerCase(Locale.ROOT).startsWith(stem)) {
                    String value = spelling.substring(stem.length());
                    CompletionItem item = new CompletionItem(value);
                    item.setKind(CompletionItemKind.EnumMember);
                    item.setDetail(def.mnemonic() + "." + spelling + " · " + m.field().name() + m.field().bits()
                            + " = " + m.match(spelling).getAsLong());
                    item.setTextEdit(Either.forLeft(new TextEdit(replace, value)));
                    items.add(item);
                }
            }
        }
    }

    private void directives(Range replace, List<CompletionItem> items) {
        for (Directives.Directive d : Directives.all()) {
            CompletionItem item = new CompletionItem(d.name());
            item.setKind(CompletionItemKind.Keyword);
            item.setDetail(d.syntax());
            item.setDocumentation(markdown(d.doc()));
            item.setTextEdit(Either.forLeft(new TextEdit(replace, d.name())));
            items.add(item);
        }
    }

    private boolean directiveOperands(String directive, SourceLine line, int column, Range replace, String prefix,
                                      int lineNo, Optional<DocumentAnalysis> analysis, List<CompletionItem> items) {
        Optional<Directives.Directive> d = Directives.byName(directive);
        Optional<SourceLine.Token> field = fieldBeingAssigned(line, column);
        if (directive.equalsIgnoreCase(".expect")) {
            List<String> words = line.tokens().stream().filter(t -> t.start() > line.head().get().end()
                    && t.end() < column).map(t -> t.text().toLowerCase(Locale.ROOT)).toList();
            if (field.isPresent()) {
                // line=N, tolerance=N, vm=VM: numbers and names, never a register
                return operands(OperandKind.Tokens.IMMEDIATE, replace, prefix, lineNo, analysis, items);
            }
            if (words.isEmpty()) {
                Directives.EXPECT_SUBJECTS.forEach((subject, doc) -> keyword(subject, doc, replace, items));
                // a register of the entry queue (r4, d40) is a subject too
            } else if (words.equals(List.of("status"))) {
                for (Expectation.Ending ending : Expectation.Ending.values()) {
                    keyword(ending.spelling(), "how the run ends", replace, items);
                }
                return false;
            } else if (words.equals(List.of("fault")) || words.equals(List.of("status", "fault"))) {
                Expectation.FAULT_KINDS.forEach(kind -> keyword(kind, "the kind of fault the run ends with", replace,
                        items));
                return false;
            }
        }
        if (DescLine.is(line) && DescLine.atName(line, column)) {
            for (DescriptorDef def : DescLine.nameable(descriptors)) {
                CompletionItem item = new CompletionItem(def.name());
                item.setKind(CompletionItemKind.Struct);
                item.setDetail(DescLine.summary(def));
                item.setTextEdit(Either.forLeft(new TextEdit(replace, def.name())));
                items.add(item);
            }
            return false;
        }
        Optional<DescriptorDef> named = d.isPresent() && d.get().descriptor() != null
                ? Optional.of(descriptors.get(d.get().descriptor())) : DescLine.descriptor(line, descriptors);
        if (named.isPresent()) {
            DescriptorDef descriptor = named.get();
            if (field.isPresent()) {
                Optional<DescriptorField> f = descriptor.field(field.get().text());
                if (f.isPresent() && f.get().enumType() != null) {
                    enumValues(f.get().enumType(), replace, items);
                    return false;
                }
                if (f.isPresent() && f.get().width() == 1 && !f.get().log2() && f.get().bias() == 0
                        && f.get().scale() == 1) {
                    keyword("0", "off", replace, items);
                    keyword("1", "on", replace, items);
                    return false;
                }
                return operands(OperandKind.Tokens.IMMEDIATE, replace, prefix, lineNo, analysis, items);
            }
            for (DescriptorField f : descriptor.fields()) {
                CompletionItem item = new CompletionItem(f.name());
                item.setKind(CompletionItemKind.Field);
                item.setDetail((f.required() ? "required" : "default " + f.defaultValue())
                        + " · word " + f.word() + " [" + f.msb() + ":" + f.lsb() + "]");
                item.setDocumentation(markdown(f.doc()));
                item.setTextEdit(Either.forLeft(new TextEdit(replace, f.name() + "=")));
                items.add(item);
            }
            d.map(Directives.Directive::extraKeys).orElse(Map.of()).forEach((key, doc) -> {
                CompletionItem item = new CompletionItem(key);
                item.setKind(CompletionItemKind.Field);
                item.setDocumentation(markdown(doc));
                item.setTextEdit(Either.forLeft(new TextEdit(replace, key + "=")));
                items.add(item);
            });
            return false;
        }
        // a directive's KEY= (at=, align=, size=, vm=) takes a number or a name, never a register
        return operands(field.isPresent() ? OperandKind.Tokens.IMMEDIATE : null, replace, prefix, lineNo, analysis,
                items);
    }

    /** In {@code .rt format=R8|}, the field name before the {@code =} the cursor follows. */
    private static Optional<SourceLine.Token> fieldBeingAssigned(SourceLine line, int column) {
        SourceLine.Token last = null;
        for (SourceLine.Token t : line.tokens()) {
            if (t.start() >= column) {
                break;
            }
            if (t.kind() == SourceLine.Kind.COMMA) {
                last = null;
            } else if (t.kind() == SourceLine.Kind.FIELD_NAME && t.end() < column) {
                last = t;
            }
        }
        return Optional.ofNullable(last);
    }

    private static void keyword(String word, String doc, Range replace, List<CompletionItem> items) {
        CompletionItem item = new CompletionItem(word);
        item.setKind(CompletionItemKind.Keyword);
        item.setDocumentation(markdown(doc));
        item.setTextEdit(Either.forLeft(new TextEdit(replace, word)));
        items.add(item);
    }

    private void enumValues(EnumType type, Range replace, List<CompletionItem> items) {
        type.values().forEach((name, value) -> {
            CompletionItem item = new CompletionItem(name);
            item.setKind(CompletionItemKind.EnumMember);
            item.setDetail(type.name() + " = " + value);
            item.setTextEdit(Either.forLeft(new TextEdit(replace, name)));
            items.add(item);
        });
    }

    /** Registers (named inputs first), then labels and constants; a branch target offers labels first. */
    /** @return whether the symbol list was cut short */
    private boolean operands(OperandKind.Tokens tokens, Range replace, String prefix, int line,
                             Optional<DocumentAnalysis> analysis, List<CompletionItem> items) {
        boolean registers = tokens == null || tokens.acceptsRegisters() || tokens.acceptsPairs();
        if (registers) {
            for (NamedRegister named : isa.namedRegisters()) {
                CompletionItem item = new CompletionItem(named.register());
                item.setKind(CompletionItemKind.Variable);
                item.setDetail(named.name());
                item.setDocumentation(markdown(named.doc()));
                item.setSortText("0_" + named.register());
                item.setTextEdit(Either.forLeft(new TextEdit(replace, named.register())));
                items.add(item);
            }
            boolean pairs = tokens != null && tokens.acceptsPairs();
            boolean singles = !pairs;
            for (int r = 0; r < isa.registerCount(); r++) {
                if (singles) {
                    items.add(register("r" + r, "32-bit register", r, replace));
                }
                if (pairs && r % 2 == 0) {
                    items.add(register("d" + r, "register pair r" + r + ":r" + (r + 1), r, replace));
                }
            }
        }
        if (analysis.isEmpty()) {
            return false;
        }
        boolean labelsFirst = tokens != null && tokens.acceptsLabels();
        Candidates candidates = symbolsInScope(analysis.get(), prefix, line);
        for (Symbol s : candidates.symbols()) {
            CompletionItem item = new CompletionItem(s.name());
            boolean label = s.kind() == SymbolKind.LABEL;
            item.setKind(s.kind() == SymbolKind.CONSTANT ? CompletionItemKind.Constant
                    : label ? CompletionItemKind.Reference : CompletionItemKind.Module);
            item.setDetail(s.kind().name().toLowerCase(Locale.ROOT) + " = " + hex(s.value()));
            item.setSortText((labelsFirst && label ? "0_" : "1_") + s.name());
            item.setTextEdit(Either.forLeft(new TextEdit(replace, s.name())));
            items.add(item);
        }
        return candidates.incomplete();
    }

    private record Candidates(List<Symbol> symbols, boolean incomplete) {
    }

    /**
     * Global symbols starting with what the user typed. A document with thousands of labels offers the
     * {@value #MAX_SYMBOLS} defined nearest the cursor and marks the list incomplete, so the client asks
     * again as the prefix grows.
     */
    private static Candidates symbolsInScope(DocumentAnalysis analysis, String prefix, int line) {
        String p = prefix.toLowerCase(Locale.ROOT);
        List<Symbol> matching = new ArrayList<>();
        for (Symbol s : analysis.result().symbols()) {
            if (s.kind() != SymbolKind.LOCAL_LABEL && s.name().toLowerCase(Locale.ROOT).startsWith(p)) {
                matching.add(s);
            }
        }
        if (matching.size() <= MAX_SYMBOLS) {
            return new Candidates(matching, false);
        }
        matching.sort(java.util.Comparator.comparingInt(s -> s.definition() == null ? Integer.MAX_VALUE
                : Math.abs(s.definition().line() - 1 - line)));
        return new Candidates(matching.subList(0, MAX_SYMBOLS), true);
    }

    private static CompletionItem register(String name, String detail, int number, Range replace) {
        CompletionItem item = new CompletionItem(name);
        item.setKind(CompletionItemKind.Variable);
        item.setDetail(detail);
        item.setSortText(String.format(Locale.ROOT, "2_%c%03d", name.charAt(0), number));
        item.setTextEdit(Either.forLeft(new TextEdit(replace, name)));
        return item;
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    static MarkupContent markdown(String text) {
        return new MarkupContent(MarkupKind.MARKDOWN, text);
    }
}
