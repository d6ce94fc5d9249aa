package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.Position;
import org.junit.jupiter.api.Test;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.Modifier;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.program.Diagnostic;

/**
 * Every modifier name completion offers, and every one a hover shows, assembles: for every instruction and
 * every modifier of every architecture, the offered spelling is written on an instruction line (with the
 * instruction's other required modifiers and the operands of its canonical text) and the line assembles.
 */
class OfferedNamesAssembleTest {

    /** Modifier spellings hover shows in an instruction's table ({@code | `.name` |}). */
    private static final Pattern HOVER_MODIFIER = Pattern.compile("^\\| `\\.([^`]+)` \\|", Pattern.MULTILINE);

    @Test
    void everyModifierCompletionOffersAssemblesOnEveryArchitecture() {
        for (Arch arch : Arch.values()) {
            List<String> lines = new ArrayList<>();
            CompletionService completion = new CompletionService(arch.instructionSet(), arch.descriptors());
            for (InstructionDef def : arch.instructionSet().instructions()) {
                String operands = operands(arch.instructionSet(), def);
                for (String spelling : offered(completion, "        " + def.mnemonic() + ".")) {
                    lines.add(line(def, spelling, operands));
                    int equals = spelling.indexOf('=');
                    if (equals > 0) { // the value completion offers after KEY=
                        String key = "        " + def.mnemonic() + "." + spelling.substring(0, equals + 1);
                        for (String value : offered(completion, key)) {
                            lines.add(line(def, spelling.substring(0, equals + 1) + value, operands));
                        }
                    }
                }
            }
            assertAssemble(arch, lines);
        }
    }

    @Test
    void everyModifierAnInstructionHoverNamesAssemblesOnEveryArchitecture() {
        for (Arch arch : Arch.values()) {
            List<String> lines = new ArrayList<>();
            HoverService hover = new HoverService(arch.instructionSet(), arch.descriptors());
            for (InstructionDef def : arch.instructionSet().instructions()) {
                String text = "        " + def.mnemonic();
                String shown = hover.hover(new TextDocument("file:///a.csf", 1, text), new Position(0, 9),
                        Optional.empty(), Optional.empty(), Markup.MARKDOWN).orElseThrow().getContents().getRight()
                        .getValue();
                Matcher m = HOVER_MODIFIER.matcher(shown);
                int found = 0;
                while (m.find()) {
                    lines.add(line(def, m.group(1), operands(arch.instructionSet(), def)));
                    found++;
                }
                assertEquals(def.modifiers().size(), found, shown);
            }
            assertAssemble(arch, lines);
        }
    }

    private static List<String> offered(CompletionService completion, String text) {
        return completion.complete(new TextDocument("file:///a.csf", 1, text), new Position(0, text.length()),
                Optional.empty()).getItems().stream().map(CompletionItem::getTextEdit)
                .map(e -> e.getLeft().getNewText()).toList();
    }

    /** {@code MNEMONIC.spelling} with the other required modifiers (their first spelling) and the operands. */
    private static String line(InstructionDef def, String spelling, String operands) {
        StringBuilder sb = new StringBuilder("        ").append(def.mnemonic()).append('.').append(spelling);
        for (Modifier m : def.modifiers()) {
            if (m.required() && m.match(spelling).isEmpty()) {
                sb.append('.').append(m.spellings().get(0));
            }
        }
        return sb.append(operands).toString();
    }

    /**
     * The operands of the canonical text of a word of the instruction: every field at its default, or (where
     * that word has no canonical text, e.g. an empty register list) every operand field at 1, 2 or 4.
     */
    private static String operands(InstructionSet isa, InstructionDef def) {
        Disassembler disassembler = new Disassembler(isa);
        Optional<String> canonical = disassembler.canonicalText(def.baseWord(), Disassembler.TargetNamer.NONE);
        for (long value = 1; canonical.isEmpty() && value <= 4; value *= 2) {
            long word = def.baseWord();
            for (OperandSpec op : def.operands()) {
                for (BitField f : op.fields()) {
                    word = f.insert(word, value);
                }
            }
            canonical = disassembler.canonicalText(word, Disassembler.TargetNamer.NONE);
        }
        String text = canonical.orElseThrow(() -> new AssertionError(def.mnemonic() + ": no word has canonical text"));
        int space = text.indexOf(' ');
        return space < 0 ? "" : text.substring(space);
    }

    private static void assertAssemble(Arch arch, List<String> lines) {
        assertTrue(lines.size() > 50, arch + ": only " + lines.size() + " lines");
        StringBuilder source = new StringBuilder(".arch " + arch.spelling() + "\n.stream main\n");
        lines.forEach(l -> source.append(l).append('\n'));
        var result = new Assembler(AssemblerOptions.defaults().withArch(arch))
                .assembleText(Path.of("offered.csf"), source.toString(), null);
        List<String> failures = new ArrayList<>();
        for (Diagnostic d : result.errors()) {
            int line = d.range() == null ? 0 : d.range().line();
            failures.add((line >= 3 ? lines.get(line - 3).strip() : "line " + line) + ": " + d.message());
        }
        assertEquals(List.of(), failures, arch.toString());
    }
}
