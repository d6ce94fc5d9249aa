package dev.csfstudio.debug;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.AssemblyResult;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The debugger's expressions are the assembler's: random expressions over numbers, constants, sections and the
 * functions have the same value, or the same error, in a stopped session's {@code evaluate} as in the source the
 * session runs ({@code .dword} in a buffer after everything else); a syntax error's words are the same, without the
 * list of what the grammar expected instead, wherever the expression stands: an {@code .equ}, an instruction's
 * operand, data, an {@code .expect}, {@code evaluate} or a breakpoint's condition.
 */
class OneExpressionLanguageTest {

    @TempDir
    Path dir;

    private static final String PROGRAM = """
            .equ K, 7
            .equ BIG, 0x123456789
            .buffer color, size=64
            .stream main
                MOVE32 r1, #5
                NOP
            """;

    private static final String[] LEAVES = {"0", "1", "2", "3", "7", "16", "31", "63", "64", "0x10", "0b110", "0x1_0",
            "0xffff_ffff_ffff_ffff", "99999999999999999999", "1.5", "K", "BIG", "color", "main", "sizeof(color)",
            "lo32(BIG)", "hi32(BIG)", "sizeof(K)", "lo32(1, 2)"}; // an undefined name: the debugger also names registers
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "<<", ">>", "&", "^", "|"};

    private static String expression(Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return LEAVES[random.nextInt(LEAVES.length)];
        }
        return switch (random.nextInt(4)) {
            case 0 -> "-~+".charAt(random.nextInt(3)) + expression(random, depth - 1);
            case 1 -> "(" + expression(random, depth - 1) + ")";
            default -> expression(random, depth - 1) + " " + BINARY[random.nextInt(BINARY.length)] + " "
                    + expression(random, depth - 1);
        };
    }

    /** The assembler's value of {@code expr} in {@link #PROGRAM}, as the debugger prints it, or its first error. */
    private String assembled(String expr) throws Exception {
        Path file = dir.resolve("probe.csf");
        Files.writeString(file, PROGRAM + ".buffer probe\n    .dword " + expr + "\n");
        AssemblyResult r = new Assembler(AssemblerOptions.defaults()).assemble(file);
        if (r.hasErrors()) {
            String message = r.errors().get(0).message();
            int expecting = message.indexOf("; expecting ");
            return "error: " + (expecting < 0 ? message : message.substring(0, expecting)); // the grammar's list: its own
        }
        long v = ByteBuffer.wrap(r.program().section("probe").orElseThrow().bytes()).order(ByteOrder.LITTLE_ENDIAN).getLong();
        return ValueText.dword(v);
    }

    private static String evaluated(DapSession s, String expr) {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(expr);
        a.setContext("watch");
        try {
            return DapSession.get(s.server.evaluate(a)).getResult();
        } catch (ResponseErrorException | CompletionException e) {
            String message = DapSession.refusal(s.server.evaluate(a));
            return "error: " + message.substring(message.indexOf(": ") + 2); // without "column N: "
        }
    }

    @Test
    void randomExpressionsHaveTheAssemblersValueOrError() throws Exception {
        Random random = new Random(22);
        try (DapSession s = DapSession.stoppedAt(dir, "main.csf", PROGRAM, 6)) {
            for (int i = 0; i < 300; i++) {
                String expr = expression(random, 4);
                assertEquals(assembled(expr), evaluated(s, expr), expr);
            }
        }
    }

    /**
     * Bad expressions, each an error wherever an expression stands (none is another statement's syntax there: no
     * string, {@code #}, register list or trailing {@code key=value}), and none valid in the debugger's dialect.
     */
    private static final String[] BAD = {"1 +", "(1", "1)", "1 + * 2", "\u00e9", "1 + \u00e9", "K \u00e9", "1 $ 2",
            "lo32(", "lo32(1,", "lo32(1", "lo32(1 2)", "1 2", "0b2", ")", "~", "-", "1 <<", "1 $", "1 ! 2", "'a'",
            "f(1)(2)", "1 >>> 2", "1 = 2", "1 .foo", "1 + // a comment", "1 + ; a comment", "1 + \"s",
            "1 + (2 " + "x".repeat(60) + ")", "(".repeat(300) + "1" + ")".repeat(300),
            "1 / 0", "5 % (K - 7)", "1 << 64", "1 >> -1", "1.5", "K + 2e3", "99999999999999999999", "0x1_0000_0000_0000_0000",
            "0x_", "lo32(1, 2)", "hi32()"};

    /** The first error of {@code line} (the expression at column {@code at}) in {@link #PROGRAM}: its column in the expression and words. */
    private String assembledError(String line, int at) throws Exception {
        Path file = dir.resolve("probe.csf");
        Files.writeString(file, PROGRAM + line + "\n");
        AssemblyResult r = new Assembler(AssemblerOptions.defaults()).assemble(file);
        if (!r.hasErrors()) {
            return "no error in " + line;
        }
        var d = r.errors().get(0);
        String message = d.message();
        int expecting = message.indexOf("; expecting ");
        return "column " + (d.range().column() - at + 1) + ": " + (expecting < 0 ? message : message.substring(0, expecting));
    }

    @Test
    void aBadExpressionHasTheSameErrorInSourceInExpectAndInTheDebugger() throws Exception {
        List<String> evaluated = new ArrayList<>();
        try (DapSession s = DapSession.stoppedAt(dir, "main.csf", PROGRAM, 6)) {
            for (String expr : BAD) {
                EvaluateArguments a = new EvaluateArguments();
                a.setExpression(expr);
                a.setContext("watch");
                try {
                    evaluated.add("value " + DapSession.get(s.server.evaluate(a)).getResult());
                } catch (ResponseErrorException | CompletionException e) {
                    evaluated.add(DapSession.refusal(s.server.evaluate(a)));
                }
            }
        }
        List<String> conditions = conditionErrors();
        for (int i = 0; i < BAD.length; i++) {
            String expr = BAD[i];
            String equ = assembledError(".equ X, " + expr, 9);
            assertEquals(equ, evaluated.get(i), "evaluate " + expr);
            assertEquals("breakpoint condition '" + expr + "': " + equ, conditions.get(i), "condition " + expr);
            assertEquals(equ, assembledError("    MOVE48 d40, " + expr, 17), "operand " + expr);
            assertEquals(equ, assembledError(".buffer probe\n    .dword " + expr, 12), ".dword " + expr);
            assertEquals(equ, assembledError(".expect d0 == " + expr, 15), ".expect " + expr);
        }
    }

    /** What a breakpoint with each of {@link #BAD} as its condition says when its line is reached. */
    private List<String> conditionErrors() {
        String program = ".equ K, 7\n.stream main\n" + "    NOP\n".repeat(BAD.length + 1);
        List<String> said = new ArrayList<>();
        try (DapSession s = DapSession.on(dir, "conditions.csf", program).launch()) {
            for (int i = 0; i < BAD.length; i++) {
                org.eclipse.lsp4j.debug.SourceBreakpoint b = DapSession.at(i + 3);
                b.setCondition(BAD[i]);
                s.breakpoints(b);
                if (i == 0) {
                    s.configurationDone();
                } else {
                    s.continue_();
                }
                s.stopped();
                List<String> console = s.console();
                said.add(console.get(console.size() - 1).strip());
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return said;
    }
}
