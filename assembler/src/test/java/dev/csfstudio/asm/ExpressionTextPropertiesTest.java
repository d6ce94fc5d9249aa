package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.ExpressionText;
import dev.csfstudio.program.SourceRange;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * One expression language: a constant expression has the same value, or the same error, whether the assembler
 * reads it in source ({@code .dword}), {@link ExpressionText} reads it as source, or {@link ExpressionText} reads
 * it in the debugger's dialect (the dialect only adds operators and memory reads, so it changes no constant
 * expression's meaning).
 */
class ExpressionTextPropertiesTest {

    /** The assembler's value of {@code expr}, or its first error's message. */
    private static String assembled(String expr) {
        AssemblyResult r = Sources.assemble(".buffer b\n.dword " + expr + "\n");
        if (r.hasErrors()) {
            return "error: " + r.errors().get(0).message();
        }
        return Long.toString(ByteBuffer.wrap(r.program().section("b").orElseThrow().bytes())
                .order(ByteOrder.LITTLE_ENDIAN).getLong());
    }

    /** Names nothing: only constant expressions have values here. */
    private static final ExpressionEvaluator.Scope NOTHING = new ExpressionEvaluator.Scope() {
        @Override
        public long symbol(String name, SourceRange range) {
            throw new AssertionError("a constant expression named " + name);
        }

        @Override
        public long localLabel(String ref, SourceRange range) {
            throw new AssertionError("a constant expression named " + ref);
        }

        @Override
        public long call(String function, ExpressionEvaluator.Arguments args, SourceRange range) {
            throw new AssertionError("a constant expression called " + function);
        }
    };

    private static String read(String expr, boolean dialect) {
        try {
            return Long.toString(ExpressionText.evaluate(expr, NOTHING, dialect ? (va, size, at) -> {
                throw new AssertionError("a constant expression read memory");
            } : null));
        } catch (DiagnosticException e) {
            return "error: " + e.diagnostic().message();
        }
    }

    @Provide
    Arbitrary<String> constants() {
        return expression(4);
    }

    private Arbitrary<String> leaves() {
        Arbitrary<String> common = Arbitraries.of("0", "1", "2", "3", "5", "7", "12", "16", "31", "0x10", "0b110");
        Arbitrary<String> hostile = Arbitraries.of("63", "64", "65", "0XfF", "0x_1", "0xffff_ffff_ffff_ffff",
                "99999999999999999999", "0x1ffffffffffffffff", "9223372036854775807", "0x8000000000000000",
                "0xAbCdEf12", "0x00000000000000000000001", "1.5", "2e3");
        return Arbitraries.frequencyOf(Tuple.of(6, common), Tuple.of(1, hostile));
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
        return Arbitraries.frequencyOf(Tuple.of(4, binary), Tuple.of(1, unary), Tuple.of(2, paren), Tuple.of(2, sub));
    }

    @Property(tries = 300)
    void aConstantExpressionMeansTheSameInSourceAndInTheDebuggersDialect(@ForAll("constants") String expr) {
        String source = assembled(expr);
        assertEquals(source, read(expr, false), expr);
        assertEquals(source, read(expr, true), expr);
    }

    @Example
    void precedenceIsCsInBoth() {
        String expr = "1 | 6 & 3 ^ 8 + 2 * 3 << 1 - 1 % 5 >> 1";
        assertEquals(Long.toString(1 | 6 & 3 ^ 8 + 2 * 3 << 1 - 1 % 5 >> 1), assembled(expr));
        assertEquals(assembled(expr), read(expr, true));
    }

    @Example
    void aNonAsciiNameIsRefusedInBothWithTheSameMessage() {
        String source = assembled("1 + é");
        assertEquals("error: unexpected character 'é'", source);
        assertEquals(source, read("1 + é", false));
        assertEquals(source, read("1 + é", true));
    }

    @Example
    void comparisonsAndLogicAreTheDialectsOnly() {
        assertEquals("1", read("1 + 1 == 2 && !0", true));
        assertEquals("error: unexpected '=='", read("1 + 1 == 2", false));
    }

    @Example
    void nestingDeeperThanTheLimitIsAMessage() {
        String deep = "(".repeat(500) + "1" + ")".repeat(500);
        String tooDeep = "error: expression nested more than " + ExpressionText.MAX_NESTING
                + " deep (brackets and unary operators): name its parts with .equ";
        assertEquals(tooDeep, read(deep, true));
        assertEquals(tooDeep, read("-".repeat(500) + "1", false));
    }

    @Example
    void aLongFlatChainIsNoNesting() {
        String chain = "1" + " + 1".repeat(100_000);
        assertEquals("100001", read(chain, true));
    }

    @Example
    void theNestingBoundIsSources() {
        int bound = dev.csfstudio.asm.scan.LineBounds.MAX_NESTING;
        assertEquals(bound, ExpressionText.MAX_NESTING);
        String deepest = "(".repeat(bound) + "-1" + ")".repeat(bound);
        assertEquals(assembled(deepest), read(deepest, true));
        String tooDeep = "(" + deepest + ")";
        assertTrue(assembled(tooDeep).startsWith("error: expression nested more than " + bound), assembled(tooDeep));
        assertEquals(assembled(tooDeep), read(tooDeep, true));
    }
}
