package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.symbols.LabelDef;
import dev.csfstudio.asm.symbols.LabelUses;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Labels in streams that no reference names: each is a warning. */
public final class UnusedLabels implements LabelUses {

    /** Labels some reference names, by ordinal. */
    private final BitSet used = new BitSet();
    /** Labels defined in streams (the ones a warning is about), and how many of them are used. */
    private int streamLabels;
    private int usedStreamLabels;

    /** A label was defined in {@code section}. */
    public void defined(SectionBuilder section) {
        if (section.kind == SectionKind.STREAM) {
            streamLabels++;
        }
    }

    @Override
    public void used(LabelDef label) {
        if (!used.get(label.ordinal())) {
            used.set(label.ordinal());
            if (label.section().kind == SectionKind.STREAM) {
                usedStreamLabels++;
            }
        }
    }

    /** A warning for every stream label among {@code labels} (in definition order) that is never used. */
    public List<Diagnostic> warnings(List<LabelDef> labels) {
        List<Diagnostic> out = new ArrayList<>();
        if (usedStreamLabels == streamLabels) {
            return out; // all used: no need to visit a hundred thousand labels to find none
        }
        for (LabelDef l : labels) {
            if (l.section().kind == SectionKind.STREAM && !used.get(l.ordinal())) {
                out.add(Diagnostic.warning(l.range(), DiagnosticCode.UNUSED_LABEL, "label '" + l.name() + "' is never used"));
            }
        }
        return out;
    }
}
