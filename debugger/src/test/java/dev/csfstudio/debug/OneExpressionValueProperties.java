package dev.csfstudio.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Program;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.eclipse.lsp4j.debug.EvaluateArguments;

/**
 * One expression language, one value: a random well-formed expression over numbers (every radix, underscores),
 * names (constants, labels, sections, a local label reference {@code 1b}), the functions ({@code fbd lo32 hi32
 * sizeof}) and the operators has the same value, or the same error, as an {@code .equ}'s value, a {@code .dword}'s,
 * an instruction's operand ({@code MOVE48}, its low 48 bits), an {@code .expect}'s and in a stopped session's
 * {@code evaluate}, whichever reader met it (the plain scanner's or the parser).
 */
class OneExpressionValueProperties {

    /** The session stops at {@code here:}'s NOP, after the local label {@code 1:}, the last {@code 1:} in the file. */
    private static final String PROGRAM = """
            .equ K, 7
            .equ BIG, 0x123456789
            .buffer color, size=1024
            .buffer fb, align=64
            frame:
                .fbd width=16, height=16
                .rt format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=0xff0000ff
            .stream main
            1:
                MOVE32 r1, #5
            here:
                NOP
            """;
    private static final int STOP_LINE = 12;
    private static final long LOW_48 = (1L << 48) - 1;

    private static Path dir;
    private static DapSession session;

    @BeforeContainer
    static void startSession() throws IOException {
        dir = Files.createTempDirectory("one-expression-value");
        session = DapSession.stoppedAt(dir, "main.csf", PROGRAM, STOP_LINE);
    }

    @AfterContainer
    static void endSession() throws IOException {
        session.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Provide
    Arbitrary<String> expressions() {
        return expression(4);
    }

    private Arbitrary<String> leaves() {
        Arbitrary<String> numbers = Arbitraries.of("0", "1", "2", "3", "5", "7", "12", "16", "31", "63", "64", "0x10",
                "0XfF", "0b110", "0B1_0", "0x1_0", "0xffff_ffff_ffff_ffff", "9223372036854775807");
        Arbitrary<String> names = Arbitraries.of("K", "BIG", "color", "fb", "frame", "here", "main", "1b", "1B",
                "fbd(frame)", "sizeof(color)", "lo32(BIG)", "hi32(BIG)", "lo32 (K + 1)");
        return Arbitraries.frequencyOf(Tuple.of(3, numbers), Tuple.of(2, names));
    }

    private Arbitrary<String> expression(int depth) {
        if (depth == 0) {
            return leaves();
        }
        Arbitrary<String> sub = expression(depth - 1);
        Arbitrary<String> op = Arbitraries.of("+", "-", "*", "/", "%", "<<", ">>", "&", "^", "|");
        Arbitrary<String> gap = Arbitraries.of("", " ", "\t");
        Arbitrary<String> binary = Combinators.combine(sub, gap, op, gap, sub).as((l, g1, o, g2, r) -> l + g1 + o + g2 + r);
        Arbitrary<String> unary = Combinators.combine(Arbitraries.of("-", "~", "+", "- "), sub).as((u, e) -> u + e);
        Arbitrary<String> paren = sub.map(e -> "(" + e + ")");
        Arbitrary<String> call = Combinators.combine(Arbitraries.of("lo32", "hi32"), sub).as((f, e) -> f + "(" + e + ")");
        return Arbitraries.frequencyOf(Tuple.of(4, binary), Tuple.of(1, unary), Tuple.of(2, paren), Tuple.of(1, call),
                Tuple.of(2, sub));
    }

    /** {@link #PROGRAM} with {@code tail} after it, assembled: its program, or "error: " and the first message. */
    private static Object assemble(String tail) throws IOException {
        Path file = dir.resolve("probe.csf");
        Files.writeString(file, PROGRAM + tail);
        AssemblyResult r = new Assembler(AssemblerOptions.defaults()).assemble(file);
        return r.hasErrors() ? "error: " + r.errors().get(0).message() : r.program();
    }

    private static String equ(String expr) throws IOException {
        Object r = assemble(".equ V, " + expr + "\n");
        return r instanceof Program p ? ValueText.dword(p.symbols().get("V").value()) : (String) r;
    }

    private static String dword(String expr) throws IOException {
        Object r = assemble(".buffer probe\n    .dword " + expr + "\n");
        return r instanceof Program p ? ValueText.dword(ByteBuffer.wrap(p.section("probe").orElseThrow().bytes())
                .order(ByteOrder.LITTLE_ENDIAN).getLong()) : (String) r;
    }

    /** The operand's low 48 bits, which are the MOVE48 word's low 48 bits. */
    private static String operand(String expr) throws IOException {
        Object r = assemble(".stream probe\n    MOVE48 d40, (" + expr + ") & 0xffff_ffff_ffff\n");
        return r instanceof Program p ? ValueText.dword(p.section("probe").orElseThrow().word(0) & LOW_48) : (String) r;
    }

    private static String expected(String expr) throws IOException {
        Object r = assemble(".expect d0 == " + expr + "\n");
        if (r instanceof Program p) {
            Expectation.Register e = (Expectation.Register) p.expectations().get(0);
            return ValueText.dword(e.expected());
        }
        return (String) r;
    }

    private static String evaluated(String expr) {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(expr);
        a.setContext("watch");
        try {
            return DapSession.get(session.server.evaluate(a)).getResult();
        } catch (RuntimeException e) {
            String message = DapSession.refusal(session.server.evaluate(a));
            return "error: " + message.substring(message.indexOf(": ") + 2); // without "column N: "
        }
    }

    private static String low48(String value) {
        if (value.startsWith("error: ")) {
            return value;
        }
        return ValueText.dword(Long.parseUnsignedLong(value.substring(2, value.indexOf(' ')), 16) & LOW_48);
    }

    @Property(tries = 200)
    void anExpressionHasOneValueInSourceInExpectAndInTheDebugger(@ForAll("expressions") String expr) throws IOException {
        String value = evaluated(expr);
        assertEquals(value, equ(expr), () -> ".equ of " + expr);
        assertEquals(value, dword(expr), () -> ".dword of " + expr);
        assertEquals(value, expected(expr), () -> ".expect of " + expr);
        assertEquals(low48(value), operand(expr), () -> "MOVE48 of " + expr);
    }

    @Example
    void theFormsOnlySourceHadAreTheDebuggersToo() throws IOException {
        for (String expr : new String[] {"1b", "fbd(frame)", "fbd(frame) + 1b", "sizeof(color) >> 2"}) {
            String value = equ(expr);
            assertEquals(false, value.startsWith("error"), () -> expr + ": " + value);
            assertEquals(value, evaluated(expr), expr);
        }
    }
}
