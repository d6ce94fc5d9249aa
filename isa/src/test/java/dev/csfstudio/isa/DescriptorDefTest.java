package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
}
