package dev.csfstudio.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;

/** An assembly listing: for every statement that produced bytes, its address, contents and source line. */
final class Listing {

    private static final int DATA_BYTES_SHOWN = 8;

    private Listing() {
    }

    /** Writes the listing to {@code w} as it goes (a million statements make a million lines). */
    static void write(Program program, Writer w) throws IOException {
        List<Section> sections = program.sections().stream().sorted(Comparator.comparingLong(Section::address)).toList();
        for (Section section : sections) {
            w.write(String.format(Locale.ROOT, "%s %s (vm %s) at 0x%016x, %d bytes%n",
                    section.kind().name().toLowerCase(Locale.ROOT), section.name(), section.vm(),
                    section.address(), section.size()));
            for (AssembledLine line : section.lines()) {
                w.write(String.format(Locale.ROOT, "  %016x  %-16s  %s%n", line.address(),
                        contents(section, line), line.sourceText().strip()));
            }
        }
    }

    /**
     * A stream's instruction word (also a raw {@code .inst} or {@code UNKNOWN_n} word) as a number, as the
     * disassembler and mesa print words; data as its first bytes in memory order.
     */
    private static String contents(Section section, AssembledLine line) {
        int start = (int) (line.address() - section.address());
        if (section.kind() == SectionKind.STREAM && line.size() == 8) {
            return String.format(Locale.ROOT, "%016x", section.word(start / 8));
        }
        StringBuilder sb = new StringBuilder();
        int shown = Math.min(line.size(), DATA_BYTES_SHOWN);
        for (int i = 0; i < shown && start + i < section.bytes().length; i++) {
            sb.append(String.format(Locale.ROOT, "%02x", section.bytes()[start + i]));
        }
        if (line.size() > DATA_BYTES_SHOWN) {
            sb.append("...");
        }
        return sb.toString();
    }
}
