package dev.csfstudio.asm;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Integer expressions: C operators and precedence, 64-bit, symbols, builtins. */
class ExpressionsTest {

    private static long value(String expr) {
        Program p = Sources.ok(".buffer b\n.dword " + expr + "\n");
        return ByteBuffer.wrap(p.section("b").orElseThrow().bytes()).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    @Test
    void multiplicationBindsTighterThanAddition() {
        assertEquals(7, value("1 + 2 * 3"));
    }

    @Test
    void shiftBindsLooserThanAddition() {
        assertEquals(16, value("1 << 2 + 2"));
    }

    @Test
    void bitwiseOperatorsFollowCPrecedence() {
        assertEquals(1 | 6 & 3 ^ 8, value("1 | 6 & 3 ^ 8"));
    }

    @Test
    void unaryOperators() {
        assertEquals(~5L, value("~5"));
        assertEquals(-4, value("-(2 + 2)"));
    }

    @Test
    void divisionAndRemainderTruncateLikeC() {
        assertEquals(-2, value("-7 / 3"));
        assertEquals(-1, value("-7 % 3"));
    }

    @Test
    void arithmeticIsSixtyFourBit() {
        assertEquals(1L << 40, value("1 << 40"));
        assertEquals(-1L, value("0xffffffffffffffff"));
    }

    @Test
    void equConstantsAndForwardReferences() {
        assertEquals(42, value("LATER + 2\n.equ LATER, 40"));
    }

    @Test
    void setIsRedefinable() {
        Program p = Sources.ok(".buffer b\n.set N, 1\n.byte N\n.set N, 2\n.byte N\n");
        byte[] b = p.section("b").orElseThrow().bytes();
        assertEquals(1, b[0]);
        assertEquals(2, b[1]);
    }

    @Test
    void equRedefinitionIsAnError() {
        Diagnostic d = Sources.assemble(".equ N, 1\n.equ N, 2\n").errors().get(0);
        assertEquals("duplicate-symbol", d.code().id());
    }

    @Test
    void lo32AndHi32SplitA64BitValue() {
        assertEquals(0x9abcdef0L, value("lo32(0x123456789abcdef0)"));
        assertEquals(0x12345678L, value("hi32(0x123456789abcdef0)"));
    }

    @Test
    void sizeofGivesTheByteSizeOfASection() {
        assertEquals(24, value("sizeof(s)\n.stream s\nNOP\nNOP\nNOP"));
    }

    @Test
    void unknownFunctionSuggestsAKnownOne() {
        Diagnostic d = Sources.assemble(".buffer b\n.dword sizeoff(b)\n").errors().get(0);
        assertEquals("unknown function 'sizeoff'; did you mean 'sizeof'?", d.message());
    }

    @Test
    void circularConstantsAreAnError() {
        Diagnostic d = Sources.assemble(".equ A, B\n.equ B, A\n.buffer x\n.word A\n").errors().get(0);
        assertEquals("circular-definition", d.code().id());
    }
}
