package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * A plane descriptor is decoded with the layout its plane type names (the tables' variant line, as
 * pandecode_tex_plane picks one), and level-of-detail fields print as pandecode unpacks genxml's ulod/slod.
 */
class PlaneLayoutsTest {

    private static byte[] planeOfType(int planeType) {
        byte[] bytes = new byte[32];
        bytes[0] = (byte) (10 | planeType << 4); // descriptor type plane
        return bytes;
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void eachPlaneTypePicksItsLayout(Arch arch) {
        DescriptorSet set = arch.descriptors();
        DescriptorDef plane = set.get("plane");
        assertEquals("null_plane", set.layoutOf(plane, planeOfType(0), 0).name());
        assertEquals("plane", set.layoutOf(plane, planeOfType(1), 0).name());
        assertEquals("astc_2d_plane", set.layoutOf(plane, planeOfType(4), 0).name());
        assertEquals("astc_3d_plane", set.layoutOf(plane, planeOfType(5), 0).name());
        assertEquals("afbc_plane", set.layoutOf(plane, planeOfType(6), 0).name());
        assertEquals("chroma_2p_plane", set.layoutOf(plane, planeOfType(8), 0).name());
        assertEquals("afrc_plane", set.layoutOf(plane, planeOfType(10), 0).name());
        assertEquals("afrc_chroma_2p_plane", set.layoutOf(plane, planeOfType(11), 0).name());
        // a type genxml does not name is read with the generic layout
        assertEquals("plane", set.layoutOf(plane, planeOfType(3), 0).name());
        // a descriptor with no variant line is its own layout
        assertEquals("texture", set.layoutOf(set.get("texture"), planeOfType(6), 0).name());
    }

    @Test
    void anAfbcPlaneReadsItsOwnFieldsWhereTheGenericOneHasOthers() {
        DescriptorSet set = DescriptorSet.v10();
        byte[] bytes = planeOfType(6);
        bytes[1] = 2;                  // superblock size 64x4 (bits 10:8)
        bytes[3] = (byte) (10 << 2);   // compression mode R8G8B8A8 (bits 31:26)
        bytes[20] = 0x40;              // header slice size, word 5
        DescriptorDef afbc = set.layoutOf(set.get("plane"), bytes, 0);
        assertEquals("_64x4", text(afbc, "superblock_size", bytes));
        assertEquals("r8g8b8a8", text(afbc, "compression_mode", bytes));
        assertEquals("64", text(afbc, "header_slice_size", bytes));
    }

    @Test
    void aChromaPlaneHasItsSizeInWordFiveAndASecondPointer() {
        DescriptorDef chroma = DescriptorSet.v12().get("chroma_2p_plane");
        byte[] bytes = planeOfType(8);
        bytes[20] = 15;                // width - 1
        bytes[24] = 0x10;
        bytes[27] = 0x7f;              // secondary pointer 0x7f000010
        assertEquals(16, chroma.field("width").orElseThrow().read(bytes, 0));
        assertEquals(0x7f000010L, chroma.field("secondary_pointer").orElseThrow().read(bytes, 0));
    }

    private static String text(DescriptorDef def, String field, byte[] bytes) {
        DescriptorField f = def.field(field).orElseThrow();
        return f.text(f.read(bytes, 0));
    }

    @Test
    void lodFieldsPrintAsPandecodeUnpacksThem() {
        DescriptorDef sampler = DescriptorSet.v10().get("sampler");
        DescriptorField min = sampler.field("minimum_lod").orElseThrow();
        DescriptorField bias = sampler.field("lod_bias").orElseThrow();
        assertEquals(DescriptorField.Lod.ULOD, min.lod());
        assertEquals(DescriptorField.Lod.SLOD, bias.lod());
        assertEquals("1.5", min.text(384));
        assertEquals("0.00390625", min.text(1));
        assertEquals("31.99609375", min.text(0x1fff));
        assertEquals("-1.0", bias.text(0xff00));  // 16-bit two's complement
        assertEquals("127.99609375", bias.text(0x7fff));
        assertEquals("0.0", bias.text(0));
    }

    @Test
    void otherFieldsPrintAsBefore() {
        DescriptorDef sampler = DescriptorSet.v10().get("sampler");
        assertEquals("clamp_to_edge", sampler.field("wrap_mode_s").orElseThrow().text(9));
        assertEquals("0", sampler.field("border_color_r").orElseThrow().text(0));
        assertEquals("0x3f800000", sampler.field("border_color_r").orElseThrow().text(0x3f800000L));
        assertEquals("1.0", DescriptorSet.v10().get("depth_stencil").field("depth_units").orElseThrow().text(0x3f800000L));
        assertEquals("4660", DescriptorSet.v10().get("texture").field("width").orElseThrow().text(4660));
    }
}
