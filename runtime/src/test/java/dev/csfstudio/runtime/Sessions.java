package dev.csfstudio.runtime;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.asm.source.SourceReader;

import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

/** Debug sessions in tests: a stream's source text on a fresh machine, and the debugger's usual moves. */
final class Sessions {

    static final Path FILE = Path.of("session.csf");

    private Sessions() {
    }

    static Program assemble(String text) {
        AssemblyResult r = new Assembler().assembleText(FILE, text, SourceReader.fileSystem());
        if (r.hasErrors() || r.program() == null) {
            fail("does not assemble:\n" + r.errors().stream().map(Diagnostic::headline).collect(Collectors.joining("\n")));
        }
        return r.program();
    }

    static Machine load(Program program, RunOptions options) {
        Machine.LoadResult loaded = Machine.load(program, options);
        return assertInstanceOf(Machine.Loaded.class, loaded, () -> String.valueOf(loaded)).machine();
    }

    static Machine load(Program program) {
        return load(program, RunOptions.defaults());
    }

    static Machine load(String text) {
        return load(assemble(text));
    }

    /** The GPU VA of the instruction on source line {@code line} (as the DAP server maps a line). */
    static long va(Program program, int line) {
        for (Section s : program.streams()) {
            for (AssembledLine l : s.lines()) {
                if (l.instruction() != null && l.range().line() == line) {
                    return l.address();
                }
            }
        }
        throw new AssertionError("no instruction on line " + line);
    }

    static InstructionBreakpoint breakAt(Machine m, int line) {
        return m.addBreakpoint("main", va(m.program(), line)).orElseThrow();
    }

    /** The source line of {@code queue}'s next instruction (0 when it has none). */
    static int line(Machine m, String queue) {
        CallFrame top = m.queue(queue).orElseThrow().callStack().get(0);
        return top.line() == null ? 0 : top.line().line();
    }

    static long register(Machine m, String queue, int r) {
        return m.queue(queue).orElseThrow().registers()[r];
    }

    /** Steps {@code queue} until its next instruction is on {@code line}. */
    static void stepTo(Machine m, String queue, int line) {
        for (int i = 0; i < 10_000 && line(m, queue) != line; i++) {
            assertInstanceOf(StopReason.Stepped.class, m.step(queue));
        }
        assertEquals(line, line(m, queue), "never reached line " + line);
    }
}
