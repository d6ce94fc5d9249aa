package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.emit.ControlFlow;
import dev.csfstudio.asm.emit.InstructionEncoder;
import dev.csfstudio.asm.source.SourceFile;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.PandecodeText;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.LazyList;
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * mesa's pandecode text in one assembly: under {@code .syntax pandecode} an instruction line read as pandecode
 * prints it, and in the default syntax a syntax error on such a line turned into one error that says so.
 */
public final class PandecodeReader {

    private final Arch arch;
    /** Files already warned that pandecode's register lists hide the base register. */
    private final Set<Path> listBaseWarned = new HashSet<>();

    public PandecodeReader(Arch arch) {
        this.arch = arch;
    }

    /**
     * Line {@code n} as {@code .syntax pandecode} reads it: {@code canonical} (the ordinary reading) for a
     * directive or label-only line, or for canonical text that is not pandecode's (unless it has syntax
     * errors: pandecode's mismatch is the error then); else the word pandecode's text means, with what that
     * text cannot say as warnings.
     */
    public ScannedStatement read(SourceFile src, int n, ScannedStatement canonical) {
        PandecodeLine line = PandecodeLine.of(src.lineText(n));
        if (line == null) {
            return canonical;
        }
        PandecodeText.Reading reading = line.read(arch);
        String[] labels = line.labels().toArray(String[]::new);
        int[] labelColumns = new int[2 * labels.length];
        for (int i = 0; i < labels.length; i++) {
            labelColumns[2 * i] = line.labelColumns().get(i)[0];
            labelColumns[2 * i + 1] = line.labelColumns().get(i)[1];
        }
        int column = line.column();
        int endColumn = line.endColumn();
        if (!(reading instanceof PandecodeText.Word w)) {
            PandecodeText.Mismatch m = (PandecodeText.Mismatch) reading;
            return canonical.clean() ? canonical : new ScannedStatement.Rejected(labels, labelColumns, column, endColumn,
                    Diagnostic.error(SourceRange.at(src.path(), n, column + m.offset(), Math.max(1, endColumn - column - m.offset())),
                            DiagnosticCode.PANDECODE_SYNTAX, "not pandecode's text: " + m.message()));
        }
        boolean unconditional = false;
        BitField target = null;
        if (w.def() != null) {
            unconditional = ControlFlow.isUnconditional(new InstructionEncoder.Encoded(w.def(), w.word()));
            target = ControlFlow.targetField(w.def());
        }
        LineScanner.EncodedLine encoded = new LineScanner.EncodedLine(labels, labelColumns, column, endColumn, w.def(),
                w.word(), unconditional, target, true, false);
        // the warnings are made when pass 1 adds them, once the instruction is placed: a register list's base is
        // said once per file among the instructions placed (one in a buffer is an error, not that warning)
        SourceRange at = new SourceRange(src.path(), n, column, n, endColumn);
        return new ScannedStatement.FlaggedInstruction(encoded, new LazyList<>(() -> lost(w, at)));
    }

    /** What pandecode's text of {@code w} leaves unsaid; a register list's base once per file. */
    private List<Diagnostic> lost(PandecodeText.Word w, SourceRange at) {
        List<Diagnostic> warnings = new ArrayList<>();
        for (PandecodeText.Lost lost : w.lost()) {
            boolean listBase = lost.kind() == PandecodeText.Lost.Kind.REGISTER_LIST_BASE;
            if (listBase && !listBaseWarned.add(at.file())) {
                continue;
            }
            warnings.add(Diagnostic.warning(at, DiagnosticCode.PANDECODE_LOST, lost.what() + ": " + lost.assumed()
                    + (listBase ? " (said once per file)" : "")));
        }
        return warnings;
    }

    /**
     * Whether bytes {@code [from, end)} hold {@code // 0x} or {@code //0x}: the only comment pandecode's text of an
     * instruction carries (a NOP's ignored bits), which the default syntax drops. A byte scan, for every line.
     */
    static boolean mayCarryPayload(byte[] t, int from, int end) {
        for (int p = from; p + 4 < end; p++) {
            if (t[p] == '/' && t[p + 1] == '/') {
                int q = t[p + 2] == ' ' ? p + 3 : p + 2;
                return q + 1 < end && t[q] == '0' && (t[q + 1] | 0x20) == 'x';
            }
        }
        return false;
    }

    /**
     * Default syntax: the warning for line {@code n} when it is pandecode's text of a word whose bits its comment
     * carries ({@code NOP // 0x1234}), which this syntax reads as a comment, assembling another word; else null.
     */
    Diagnostic droppedComment(SourceFile src, int n) {
        PandecodeLine line = PandecodeLine.of(src.lineText(n));
        if (line == null || !(line.read(arch, true) instanceof PandecodeText.Word whole)) {
            return null;
        }
        PandecodeLine bare = PandecodeLine.of(src.lineText(n).substring(0, line.endColumn() - 1));
        if (bare == null || !(bare.read(arch, true) instanceof PandecodeText.Word w) || w.word() == whole.word()) {
            return null;
        }
        String canonical = new Disassembler(arch.instructionSet()).disassemble(whole.word());
        return Diagnostic.warning(SourceRange.at(src.path(), n, line.column(), line.endColumn() - line.column()),
                DiagnosticCode.PANDECODE_SPELLING, String.format(java.util.Locale.ROOT, "the comment is ignored here, so this"
                        + " is 0x%016x; pandecode writes 0x%016x this way: add '.syntax pandecode' before it, or write '%s'",
                        w.word(), whole.word(), canonical)).withSuggestions(List.of(canonical));
    }

    /**
     * Default syntax: syntax errors on a line that is pandecode's text of an instruction become one error
     * that says so, with the canonical text of the word it means.
     */
    public List<Diagnostic> hint(SourceFile src, int n, List<Diagnostic> found) {
        boolean error = false;
        for (Diagnostic d : found) {
            error |= d.severity() == Severity.ERROR;
        }
        if (!error) {
            return found;
        }
        PandecodeLine line = PandecodeLine.of(src.lineText(n));
        if (line == null || !(line.read(arch, true) instanceof PandecodeText.Word w)) {
            return found;
        }
        String canonical = new Disassembler(arch.instructionSet()).disassemble(w.word());
        return List.of(Diagnostic.error(SourceRange.at(src.path(), n, line.column(), line.endColumn() - line.column()),
                DiagnosticCode.PANDECODE_SPELLING, "this is pandecode's spelling; add '.syntax pandecode' before it, or write '"
                        + canonical + "'").withSuggestions(List.of(canonical)));
    }
}
