package dev.csfstudio.cli;

import java.util.Comparator;
import java.util.Locale;

import dev.csfstudio.asm.AssembledLine;
import dev.csfstudio.asm.Program;
import dev.csfstudio.asm.Section;

/** An assembly listing: for every statement that produced bytes, its address, contents and source line. */
final class Listing {

    private static final int DATA_BYTES_SHOWN = 8;

    private Listing() {
    }

    static String render(Program program) {
        StringBuilder sb = new StringBuilder();
        program.sections().stream().sorted(Comparator.comparingLong(Section::address)).forEach(section -> {
            sb.append(String.format(Locale.ROOT, "%s %s (vm %s) at 0x%016x, %d bytes%n",
                    section.kind().name().toLowerCase(Locale.ROOT), section.name(), section.vm(),
                    section.address(), section.size()));
            for (AssembledLine line : section.lines()) {
                sb.append(String.format(Locale.ROOT, "  %016x  %-16s  %s%n", line.address(),
                        contents(section, line), line.sourceText().strip()));
            }
        });
        return sb.toString();
    }

    /** The instruction word, or the first bytes of data in memory order. */
    private static String contents(Section section, AssembledLine line) {
        if (line.instruction() != null) {
            return String.format(Locale.ROOT, "%016x", line.word());
        }
        StringBuilder sb = new StringBuilder();
        int start = (int) (line.address() - section.address());
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
