package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.program.Diagnostic;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** {@code .desc NAME, field=value, ...}: any descriptor a RUN_* job reads, written by name from the table. */
class NamedDescriptorDirectiveTest {

    private static int word(byte[] b, int index) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(index * 4);
    }

    private static byte[] bytes(String source) {
        return Sources.ok(source).section("d").orElseThrow().bytes();
    }

    private static Diagnostic error(String source) {
        AssemblyResult r = Sources.assemble(source);
        assertTrue(r.hasErrors(), () -> source + " assembled");
        return r.errors().get(0);
    }

    @Test
    void aShaderProgramTakesItsStageByNameAndItsTypeByDefault() {
        byte[] b = bytes(".buffer d\nspd: .desc shader_program, stage=compute, binary=0x7f0040\n");
        assertEquals(32, b.length);
        assertEquals(1 << 4 | 8, word(b, 0)); // stage compute (1), type shader (8): genxml's default
        assertEquals(0x7f0040, word(b, 2));
    }

    @Test
    void fieldsTakeTheTablesModifiers() {
        byte[] b = bytes(".buffer d\n.desc compute_size_workgroup, workgroup_size_x=64, workgroup_size_y=2\n");
        assertEquals(63 | 1 << 10, word(b, 0)); // minus(1); z defaults to 1
    }

    @Test
    void descriptorsFollowEachOtherAndAddressesResolveAfterLayout() {
        byte[] b = bytes(".buffer d, at=0x20000\n.desc resource, address=table, size=32\ntable: .desc resource\n");
        assertEquals(0x20010, word(b, 0)); // the second entry's address
        assertEquals(1 << 24, word(b, 1)); // contains_descriptors defaults to 1
        assertEquals(32, word(b, 2));
    }

    @Test
    void anUnknownDescriptorSuggestsTheClosest() {
        Diagnostic d = error(".buffer d\n.desc shader_progam, stage=compute\n");
        assertTrue(d.message().startsWith("no descriptor 'shader_progam' for .desc; did you mean 'shader_program'?"),
                d.message());
    }

    @Test
    void anEnumValueWrittenWithALeadingDigitSuggestsItsSpelling() {
        Diagnostic d = error(".buffer d\n.desc texture, dimension=2d, width=4, height=4\n");
        assertEquals(2, d.range().line());
        assertEquals(27, d.range().column());
        assertTrue(d.message().startsWith("unexpected 'd'") && d.message().endsWith("did you mean '_2d'?"), d.message());
    }

    @Test
    void theFramebufferIsWrittenWithFbd() {
        assertEquals("no descriptor 'framebuffer_parameters' for .desc: write it with .fbd",
                error(".buffer d\n.desc framebuffer_parameters, width=16\n").message());
    }

    @Test
    void anUnknownFieldNamesTheDescriptorsFields() {
        String message = error(".buffer d\n.desc local_storage, tls_sise=3\n").message();
        assertTrue(message.startsWith("unknown field 'tls_sise' for .desc; did you mean 'tls_size'?"), message);
    }

    @Test
    void aValueOutsideTheFieldIsAnError() {
        String message = error(".buffer d\n.desc scissor, scissor_maximum_x=0x10000\n").message();
        assertTrue(message.contains("out of range"), message);
    }

    @Test
    void theNameComesFirst() {
        assertTrue(error(".buffer d\n.desc stage=compute\n").message()
                .startsWith(".desc needs the descriptor's name first: .desc NAME, field=value, ..."));
    }
}
