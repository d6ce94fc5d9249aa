package dev.csfstudio.asm;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.program.SymbolReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every use of a symbol is a reference with its exact range, for go-to-definition and rename. */
class ReferencesTest {

    private static List<SymbolReference> refs(AssemblyResult r, String name) {
        return r.references().stream().filter(x -> x.name().equals(name)).toList();
    }

    private static SourceRange at(int line, int col, int endCol) {
        return new SourceRange(Sources.MAIN, line, col, line, endCol);
    }

    @Test
    void entryAndSubmitNamesAreReferencesToTheStream() {
        AssemblyResult r = Sources.assemble(".entry go\n.queue q\n.submit q, go\n.stream go\nNOP\n");
        List<SymbolReference> uses = refs(r, "go");
        assertEquals(List.of(at(1, 8, 10), at(3, 12, 14)), uses.stream().map(SymbolReference::range).sorted(
                java.util.Comparator.comparingInt(SourceRange::line)).toList());
        assertEquals(SymbolKind.STREAM, uses.get(0).target().kind());
    }

    @Test
    void fbdAndSizeofArgumentsAreReferences() {
        AssemblyResult r = Sources.assemble(".buffer fb\nd: .fbd width=1, height=1\n.rt format=R8, base=0, row_stride=1\n"
                + ".stream main\nMOVE48 d40, fbd(d)\nMOVE32 r1, sizeof(fb)\n");
        assertEquals(at(5, 17, 18), refs(r, "d").get(0).range());
        assertEquals(SymbolKind.LABEL, refs(r, "d").get(0).target().kind());
        assertEquals(at(6, 19, 21), refs(r, "fb").get(0).range());
    }

    @Test
    void constantsInExpressionsAreReferences() {
        AssemblyResult r = Sources.assemble(".equ N, 3\nMOVE32 r1, N * 2\n");
        SymbolReference use = refs(r, "N").stream().filter(x -> x.range().line() == 2).findFirst().orElseThrow();
        assertEquals(at(2, 12, 13), use.range());
        assertEquals(3, use.target().value());
    }

    @Test
    void undefinedUseIsAReferenceWithoutTarget() {
        AssemblyResult r = Sources.assemble(".buffer b\n.word nothing\n");
        assertNull(refs(r, "nothing").get(0).target());
    }

    @Test
    void localLabelReferencesPointAtTheChosenDefinition() {
        AssemblyResult r = Sources.assemble("1: NOP\n1: BRANCH.ne r0, 1b\n");
        SymbolReference use = refs(r, "1b").get(0);
        assertEquals(2, use.target().definition().line());
    }
}
