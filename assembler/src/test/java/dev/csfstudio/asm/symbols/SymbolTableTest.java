package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.SectionBuilder;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The symbol table's phases: define, freeze, resolve. */
class SymbolTableTest {

    private static final Path FILE = Path.of("/virtual/symbols.csf");
    private final List<Diagnostic> reported = new ArrayList<>();
    private final SymbolTable table = new SymbolTable(reported::add);
    private final SectionBuilder stream = new SectionBuilder("main", SectionKind.STREAM, "main", null, 0);

    private static SourceRange at(int line) {
        return SourceRange.at(FILE, line, 1, 4);
    }

    @Test
    void aDefinitionAfterTheFreezeIsRefused() {
        table.freeze();
        assertThrows(IllegalStateException.class, () -> table.defineLabel("late", stream, 0, at(1), 0));
        assertThrows(IllegalStateException.class, () -> table.claimName("late", at(1)));
        assertThrows(IllegalStateException.class, table::freeze);
    }

    @Test
    void addressesAreUnresolvedUntilTheFreeze() {
        table.defineLabel("loop", stream, 8, at(1), 0);
        assertThrows(UnresolvedException.class, () -> table.requireAddresses("loop", at(2)));
        table.freeze();
        assertDoesNotThrow(() -> table.requireAddresses("loop", at(2)));
        stream.address = 0x1000;
        assertEquals(0x1008, table.label("loop").address());
    }

    @Test
    void aSecondDefinitionOfANameIsReportedWithTheFirst() {
        table.defineLabel("x", stream, 0, at(1), 0);
        assertNull(table.defineLabel("x", stream, 8, at(2), 1));
        assertEquals(1, reported.size());
        assertEquals(DiagnosticCode.DUPLICATE_SYMBOL, reported.get(0).code());
        assertEquals(at(1), reported.get(0).related().get(0).range());
    }

    @Test
    void localLabelsRepeatAndResolveToTheNearestInTheirDirection() {
        LabelDef first = table.defineLabel("1", stream, 0, at(1), 0);
        LabelDef second = table.defineLabel("1", stream, 16, at(3), 2);
        assertEquals(first, table.findLocal("1b", 1));
        assertEquals(second, table.findLocal("1f", 1));
        assertNull(table.findLocal("1f", 2));
        assertEquals(List.of(), reported);
    }
}
