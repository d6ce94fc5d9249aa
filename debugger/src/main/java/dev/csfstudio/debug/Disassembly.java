package dev.csfstudio.debug;

import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.MemoryRead;
import org.eclipse.lsp4j.debug.DisassembledInstruction;
import org.eclipse.lsp4j.debug.DisassembledInstructionPresentationHint;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * DAP {@code disassemble} around a GPU VA of a VM: the instruction words as memory holds them now (a patched
 * instruction shows as patched), each with the source line that assembled it where the program has one and
 * the label at its address; words no page maps are "invalid" entries, never made-up instructions.
 */
final class Disassembly {

    private Disassembly() {
    }

    static List<DisassembledInstruction> around(Program program, Machine machine, String vm, long start, int count) {
        Disassembler disassembler = new Disassembler(program.arch().instructionSet());
        Map<Long, String> labels = new HashMap<>();
        for (Symbol s : program.symbols().values()) {
            if (s.kind() == SymbolKind.LABEL || s.kind() == SymbolKind.STREAM) {
                labels.putIfAbsent(s.value(), s.name());
            }
        }
        List<DisassembledInstruction> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long va = start + 8L * i;
            DisassembledInstruction d = new DisassembledInstruction();
            d.setAddress(ValueText.hex(va));
            byte[] word = machine.readMemory(vm, va, 8).toOptional().map(MemoryRead::readablePrefix).orElse(new byte[0]);
            if (word.length < 8) {
                d.setInstruction("?? (not mapped in VM " + vm + ")");
                d.setPresentationHint(DisassembledInstructionPresentationHint.INVALID);
                out.add(d);
                continue;
            }
            long w = ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getLong();
            d.setInstructionBytes(HexFormat.ofDelimiter(" ").formatHex(word));
            d.setInstruction(disassembler.disassemble(w));
            String label = labels.get(va);
            if (label != null) {
                d.setSymbol(label);
            }
            program.lineAt(vm, va).filter(l -> l.range() != null && l.range().file() != null).ifPresent(l -> located(d, l));
            out.add(d);
        }
        return out;
    }

    private static void located(DisassembledInstruction d, AssembledLine l) {
        d.setLocation(Frames.source(l.range().file()));
        d.setLine(l.range().line());
        d.setColumn(l.range().column());
        d.setEndLine(l.range().endLine());
        d.setEndColumn(l.range().endColumn());
    }
}
