package dev.csfstudio.debug;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Where each source line of a program (its main file and every {@code .include}d one) put its
 * instructions: the lines a breakpoint can be on, and the GPU VAs (per VM) it stops at.
 */
final class SourceMap {

    /** An instruction a line assembled to, in the VM of its stream. */
    record Location(String vm, long va) {
    }

    /** A breakpoint's line resolved: the instruction line it lands on (maybe later) and where that is. */
    sealed interface Resolution permits Placed, Unplaceable {
    }

    record Placed(int line, List<Location> locations) implements Resolution {
    }

    record Unplaceable(String reason) implements Resolution {
    }

    private final Map<Path, NavigableMap<Integer, List<Location>>> instructions = new HashMap<>();
    /** Lines that assembled to data (buffer contents, descriptors): never a breakpoint's place. */
    private final Map<Path, Map<Integer, String>> data = new HashMap<>();

    SourceMap(Program program) {
        for (Section s : program.sections()) {
            for (AssembledLine l : s.lines()) {
                if (l.range() == null || l.range().file() == null) {
                    continue;
                }
                Path file = key(l.range().file());
                int line = l.range().line();
                if (s.kind() == SectionKind.STREAM && l.instruction() != null) {
                    instructions.computeIfAbsent(file, f -> new TreeMap<>())
                            .computeIfAbsent(line, n -> new ArrayList<>()).add(new Location(s.vm(), l.address()));
                } else if (l.size() > 0) {
                    data.computeIfAbsent(file, f -> new HashMap<>()).putIfAbsent(line, s.name());
                }
            }
        }
    }

    static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }

    /** Whether the program read {@code file} and assembled instructions from it. */
    boolean hasInstructions(Path file) {
        return instructions.containsKey(key(file));
    }

    /**
     * The instruction line a breakpoint on {@code line} of {@code file} stops at: the line itself, or the
     * next line with an instruction; none for data lines and lines after the file's last instruction.
     */
    Resolution resolve(Path file, int line) {
        NavigableMap<Integer, List<Location>> lines = instructions.get(key(file));
        if (lines == null) {
            return new Unplaceable("the program assembles no instruction from " + file.getFileName()
                    + " (it is not the launched source or one of its .includes)");
        }
        String buffer = data.getOrDefault(key(file), Map.of()).get(line);
        if (buffer != null && !lines.containsKey(line)) {
            return new Unplaceable("line " + line + " holds data of '" + buffer + "', not an instruction");
        }
        Map.Entry<Integer, List<Location>> next = lines.ceilingEntry(line);
        if (next == null) {
            return new Unplaceable("no instruction on or after line " + line + " of " + file.getFileName());
        }
        return new Placed(next.getKey(), List.copyOf(next.getValue()));
    }
}
