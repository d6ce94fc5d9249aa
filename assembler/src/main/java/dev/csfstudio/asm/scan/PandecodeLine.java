package dev.csfstudio.asm.scan;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.PandecodeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One source line as {@code .syntax pandecode} reads it: labels first, then an instruction in pandecode's
 * exact text (read by {@link PandecodeText}); a trailing comment is dropped unless it is NOP's {@code // 0x..}.
 * Directives, blank and comment-only lines are not instruction lines and take the ordinary path.
 *
 * @param labels      the labels' names and 1-based start/end columns
 * @param column      1-based column of the instruction text
 * @param instruction the instruction text (comment included)
 */
public record PandecodeLine(List<String> labels, List<int[]> labelColumns, int column, String instruction) {

    /** pandecode's text per architecture, made when a file first reads it. */
    private static final Map<Arch, PandecodeText> TEXTS = new ConcurrentHashMap<>();

    /** The instruction line, or null when the line holds none (the ordinary path reads it). */
    public static PandecodeLine of(String line) {
        List<String> labels = new ArrayList<>();
        List<int[]> columns = new ArrayList<>();
        int at = skip(line, 0);
        while (true) {
            int end = Lexicon.identifierPartEnd(line, at, line.length());
            if (end == at || end >= line.length() || line.charAt(end) != ':') {
                break;
            }
            labels.add(line.substring(at, end));
            columns.add(new int[] {at + 1, end + 1});
            at = skip(line, end + 1);
        }
        if (at >= line.length() || line.charAt(at) == '.' || Lexicon.isCommentStart(line, at, line.length())) {
            return null;
        }
        return new PandecodeLine(labels, columns, at + 1, line.substring(at).stripTrailing());
    }

    private static int skip(String line, int at) {
        while (at < line.length() && Lexicon.isSpace(line.charAt(at))) {
            at++;
        }
        return at;
    }

    /** The instruction read as pandecode's text; a trailing comment is tried without when the whole fails. */
    public PandecodeText.Reading read(Arch arch) {
        return read(arch, false);
    }

    /** {@link #read}, with {@code wordOnly} as {@link PandecodeText#read(String, boolean)} has it. */
    public PandecodeText.Reading read(Arch arch, boolean wordOnly) {
        PandecodeText text = TEXTS.computeIfAbsent(arch, a -> new PandecodeText(a.instructionSet()));
        PandecodeText.Reading whole = text.read(instruction, wordOnly);
        int comment = commentStart(instruction);
        if (whole instanceof PandecodeText.Word || comment < 0) {
            return whole;
        }
        PandecodeText.Reading bare = text.read(instruction.substring(0, comment), wordOnly);
        return bare instanceof PandecodeText.Word ? bare : whole;
    }

    /** The end of the instruction text without its trailing comment. */
    public int endColumn() {
        int comment = commentStart(instruction);
        return column + (comment < 0 ? instruction.length() : instruction.substring(0, comment).stripTrailing().length());
    }

    private static int commentStart(String text) {
        int slash = text.indexOf("//");
        int semi = text.indexOf(';');
        return slash < 0 ? semi : semi < 0 ? slash : Math.min(slash, semi);
    }
}
