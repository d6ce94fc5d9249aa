package dev.csfstudio.asm.layout;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.program.SectionKind;
import org.junit.jupiter.api.Test;

class SectionBuilderTest {

    @Test
    void jumpTargetsRecordedOutOfOrderAreAllFound() {
        SectionBuilder section = new SectionBuilder("main", SectionKind.STREAM, null, null, 0);
        for (long offset : new long[] {64, 8, 40, 8, 0, 96}) {
            section.addJumpTarget(offset);
        }
        for (long offset : new long[] {0, 8, 40, 64, 96}) {
            assertTrue(section.isJumpTarget(offset), "target " + offset);
        }
        assertFalse(section.isJumpTarget(16));
        section.addJumpTarget(16);
        assertTrue(section.isJumpTarget(16), "a target added after a query");
    }
}
