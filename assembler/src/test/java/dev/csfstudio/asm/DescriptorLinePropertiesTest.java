package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.scan.LineScanner;
import dev.csfstudio.asm.scan.ScannedStatement;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A {@code .fbd}/{@code .rt} line of {@code field=value} arguments with literal or named values is read by the plain
 * scanner and its fields written after layout without a syntax tree: the whole assembly result is the one the
 * parser's path gives, whatever the fields, values, names, spelling, placement and errors.
 */
class DescriptorLinePropertiesTest {

    private static final Path FILE = Path.of("/virtual/descriptors.csf");

    private static ScannedStatement scanned(String line) {
        return PlainInstructionScannerPropertiesTest.scanLine(FILE, line);
    }

    private static boolean fastPath(String line) {
        return scanned(line) instanceof LineScanner.Descriptor;
    }

    @Provide
    Arbitrary<String> arguments() {
        Arbitrary<String> key = Arbitraries.of("width", "height", "WIDTH", "Height", "rt_count", "render_target_count",
                "zs_crc", "sample_count", "sample_pattern", "z_clear", "z_internal_format", "zs_write_format",
                "crc_base", "tiler", "frame_argument", "widht", "x.y", "format", "layout", "base", "row_stride", "clear",
                "clear0", "clear3", "srgb", "internal_format", "writeback_format", "rgb_base", "clear_color_1",
                "clear_rgba", "clear_raw", "writeback_msaa", "dithered_clear", "surface_stride");
        Arbitrary<String> value = Arbitraries.of("0", "1", "2", "3", "4", "8", "16", "64", "65536", "65537", "-1", "-64",
                "0x10", "0X40", "0xff0000ff", "0xffffffffffffffff", "0x8000000000000000", "-0x8000000000000000",
                "0b101", "1_0", "12b", "1.5", "1e3", "color", "buf", "here", "undefined_name", "k", "R8", "R8G8B8A8",
                "RAW24", "RAW192", "R5G6B5", "linear", "tiled_u_interleaved", "lineer", "d24s8", "ordered_4x_grid",
                "single", "d24", "(0, 1, 0, 1)", "\"s\"", "k + 1", "lo32(color)", "color(", "5 6", "",
                "-1.5", "-(1.5)", "+2.5", "(1.5)", "1.5 * 2", "- 0.5", "color + 64", "(k << 2) | 1", "fbd(d)", "sizeof(buf)",
                "1 / 0", "~0", "-(linear)", "(R8)", "k % 0", "1 << 64", "hi32(color) + lo32(buf)", "-0x8000000000000000 * 1");
        Arbitrary<String> gap = Arbitraries.of("", "", " ", "  ");
        return Combinators.combine(key, gap, gap, value).as((k, g1, g2, v) -> k + g1 + "=" + g2 + v);
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "", "d: ", "here: ", "x: y: ");
        Arbitrary<String> directive = Arbitraries.of(".fbd", ".rt", ".rt", ".FBD", ".Rt");
        Arbitrary<String> args = arguments().list().ofMinSize(0).ofMaxSize(7).map(a -> String.join(", ", a));
        Arbitrary<String> tail = Arbitraries.of("", "", " ; note", " // c", ",", " ,", " x");
        return Combinators.combine(labels, directive, args, tail).as((l, d, a, t) -> "    " + l + d + " " + a + t);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of(".align 64", ".align 64", ".word 5", ".buffer fb2, align=64",
                ".stream main", "NOP", "MOVE48 d40, fbd(d)", ".equ k, 64", ".set k, 3", "loop: NOP",
                ".fbd width=64, height=64", ".rt format=R8, base=0, row_stride=8", "");
        Arbitrary<String> body = Arbitraries.oneOf(lines(), lines(), other).list().ofMinSize(1).ofMaxSize(6)
                .map(ls -> String.join("\n", ls));
        Arbitrary<String> head = Arbitraries.of(".buffer color, size=64\n.buffer fb, align=64\n",
                ".equ k, 16\n.buffer fb, align=64\n", ".stream main\n", ".buffer fb, align=64\n.word 1\n");
        return Combinators.combine(head, body).as((h, b) -> h + b + "\n.buffer buf\n.word 0\n");
    }

    @Property(tries = 3000)
    void scannedDescriptorsAssembleAsTheParserPathDoes(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, DescriptorLinePropertiesTest::fastPath);
    }

    @Example
    void renderTargetOfLiteralsAndNamesIsScanned() {
        LineScanner.Descriptor d = assertInstanceOf(LineScanner.Descriptor.class,
                scanned("  rt0: .rt format=R8, base=color, row_stride = 0x100, clear=-1 ; c"));
        assertArrayEquals(new String[] {"format", "base", "row_stride", "clear"}, d.arguments().keys());
        assertEquals("R8", d.arguments().values()[0].names()[0]);
        assertEquals("color", d.arguments().values()[1].names()[0]);
        assertEquals(256, d.arguments().values()[2].literals()[0]);
        assertEquals(2, d.arguments().values()[3].size()); // -1 is the minus of 1, as the parser reads it
        assertArrayEquals(new int[] {48, 53, 61, 63}, java.util.Arrays.copyOfRange(d.arguments().valueColumns(), 4, 8));
        assertEquals(8, d.column());
        assertEquals(63, d.endColumn());
    }

    @Example
    void tuplesAreLeftToTheParser() {
        assertNull(scanned(".rt format=R8, base=0, row_stride=8, clear_rgba=(0, 1, 0, 1)"));
        assertNull(scanned(".rt format=R8, base=0, row_stride=8, clear=(0, 1)"));
        assertNull(scanned(".fbd"));
    }

    @Example
    void expressionValuesAreScanned() {
        assertInstanceOf(LineScanner.Descriptor.class, scanned(".rt format=R8, base=color + 64, row_stride=(k << 2) | 1"));
    }
}
