package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DescriptorDefTest {

    private static DescriptorField field(String name, String... aliases) {
        return new DescriptorField(name, 0, 7, 0, 0, 1, false, null, "0", false, false, false, List.of(aliases), null, "");
    }

    private final DescriptorField width = field("width", "w");
    private final DescriptorField wide = field("wide", "width_px", "W2");
    private final DescriptorField alias = field("height", "wide");
    private final DescriptorDef def = new DescriptorDef("fbd", 64, List.of(width, wide, alias));

    @Test
    void aFieldIsFoundByItsNameInAnyCase() {
        assertEquals(width, def.field("WIDTH").orElseThrow());
    }

    @Test
    void aFieldIsFoundByAnAliasInAnyCase() {
        assertEquals(wide, def.field("w2").orElseThrow());
    }

    @Test
    void aNameWinsOverAnotherFieldsAlias() {
        assertEquals(wide, def.field("wide").orElseThrow());
    }

    @Test
    void anUnknownNameFindsNothing() {
        assertTrue(def.field("depth").isEmpty());
    }

    @Test
    void aNonAsciiSpellingFindsWhatEqualsIgnoreCaseMatches() {
        // U+212A KELVIN SIGN equals 'k' ignoring case; U+017F LONG S equals 's' only upper-cased
        DescriptorDef d = new DescriptorDef("rt", 64, List.of(field("kind"), field("stride")));
        assertEquals("kind", d.field("\u212Aind").orElseThrow().name());
        assertEquals("stride", d.field("\u017Ftride").orElseThrow().name());
    }

    /**
     * A field a descriptor directive may leave out packs its default: a zero default (genxml's "no default") must be
     * storable, so a field whose stored form cannot hold 0 (a minus(1) or log2 field) is required or has a default
     * of its own. Caught a texture's width and height and v12's tiler context tile size that `.desc` refused when
     * left out ("value 0 (default 0) out of range").
     */
    @Test
    void everyFieldLeftOutPacksItsDefault() {
        Map<String, DescriptorSet> sets = Map.of("v10", DescriptorSet.v10(), "v12", DescriptorSet.v12(), "v13",
                DescriptorSet.v13());
        for (Map.Entry<String, DescriptorSet> set : sets.entrySet()) {
            for (DescriptorDef d : set.getValue().all()) {
                for (DescriptorField f : d.fields()) {
                    if ("0".equals(f.defaultValue())) {
                        assertTrue(f.accepts(0), set.getKey() + " " + d.name() + "." + f.name()
                                + ": left out it would pack 0, which it cannot store; mark it required or give a default");
                    }
                }
            }
        }
    }
}
