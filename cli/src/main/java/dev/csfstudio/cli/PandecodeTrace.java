package dev.csfstudio.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;

/**
 * Recovers command-stream buffers from a mesa {@code PAN_MESA_DEBUG=trace} dump.
 *
 * <p>pandecode prints every executed instruction as its eight bytes (little-endian, {@code " %02x"} each)
 * followed by an indent of two spaces per call depth and mesa's text; other tools print the word as
 * {@code 0x} and 16 hex digits. Everything else in the dump (descriptor decodes, headers) is skipped.
 * The dump is an execution trace without addresses, so buffers are rebuilt from control flow: a deeper
 * indent after CALL starts the called buffer, a shallower one returns to the caller after its CALL, JUMP
 * starts a new buffer, and a BRANCH moves within the buffer when the next executed word shows it was
 * taken. Whenever the trace contradicts what was already rebuilt, a new buffer begins, so no word is
 * ever invented or dropped.
 */
final class PandecodeTrace {

    /** One executed instruction line of the dump. */
    record TraceLine(int lineNumber, long word, int indent) {
    }

    /** A rebuilt buffer: instructions in memory order. */
    record RecoveredStream(String name, long[] words) {
    }

    // "  8 bytes  <indent>MNEMONIC..." (pandecode) or "0x<16 digits> <indent>MNEMONIC..."; mnemonics are upper case.
    private static final Pattern BYTES = Pattern.compile(
            "^\\s*((?:[0-9a-fA-F]{2}[ \\t]+){7}[0-9a-fA-F]{2})([ \\t]+)([A-Z_][A-Z0-9_]*.*)$");
    private static final Pattern WORD = Pattern.compile(
            "^\\s*0[xX]([0-9a-fA-F]{16})[:]?([ \\t]+)([A-Z_][A-Z0-9_]*.*)$");

    private final InstructionSet isa = InstructionSet.v10();
    private final int callOpcode = opcode("CALL");
    private final int exceptionHandlerOpcode = opcode("SET_EXCEPTION_HANDLER");
    private final int jumpOpcode = opcode("JUMP");
    private final InstructionDef branch = isa.byMnemonic("BRANCH").orElseThrow();
    private final BitField branchOffset = branch.field("offset").orElseThrow();
    private final BitField branchCondition = branch.field("cond").orElseThrow();
    private final long conditionAlways = isa.enums().get("condition").values().get("always");

    private int opcode(String mnemonic) {
        return isa.byMnemonic(mnemonic).orElseThrow().opcode();
    }

    /** The instruction lines of a dump, in execution order. */
    static List<TraceLine> parse(List<String> lines) {
        List<TraceLine> result = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            Matcher m = BYTES.matcher(line);
            if (m.matches()) {
                String[] bytes = m.group(1).trim().split("[ \\t]+");
                long word = 0;
                for (int b = 7; b >= 0; b--) {
                    word = (word << 8) | Integer.parseInt(bytes[b], 16);
                }
                result.add(new TraceLine(n + 1, word, indentWidth(m.group(2))));
                continue;
            }
            m = WORD.matcher(line);
            if (m.matches()) {
                result.add(new TraceLine(n + 1, Long.parseUnsignedLong(m.group(1), 16), indentWidth(m.group(2))));
            }
        }
        return result;
    }

    private static int indentWidth(String whitespace) {
        int width = 0;
        for (char c : whitespace.toCharArray()) {
            width = c == '\t' ? (width / 8 + 1) * 8 : width + 1;
        }
        return width;
    }

    /** Rebuilds the buffers the traced instructions came from; the first is the root stream. */
    List<RecoveredStream> recover(List<TraceLine> trace) {
        List<List<Long>> buffers = new ArrayList<>();
        Deque<Frame> callers = new ArrayDeque<>();
        List<Long> current = null;
        int position = 0;
        TraceLine previous = null;
        for (TraceLine line : trace) {
            if (previous == null) {
                current = newBuffer(buffers);
                position = 0;
            } else if (line.indent() > previous.indent()) {
                int op = (int) InstructionDef.OPCODE.extract(previous.word());
                if (op == callOpcode || op == exceptionHandlerOpcode) {
                    callers.push(new Frame(current, position + 1, previous.indent()));
                }
                current = newBuffer(buffers);
                position = 0;
            } else if (line.indent() < previous.indent()) {
                Frame caller = null;
                while (!callers.isEmpty() && callers.peek().indent() >= line.indent()) {
                    caller = callers.pop();
                    if (caller.indent() == line.indent()) {
                        break;
                    }
                }
                if (caller != null && caller.indent() == line.indent()) {
                    current = caller.buffer();
                    position = caller.returnIndex();
                } else {
                    current = newBuffer(buffers);
                    position = 0;
                }
            } else {
                position = next(current, position, previous.word(), line.word());
                if (position < 0) {
                    current = newBuffer(buffers);
                    position = 0;
                }
            }
            if (position < current.size() && current.get(position) != line.word() || position > current.size()) {
                // The trace disagrees with what was rebuilt here: the words came from elsewhere.
                current = newBuffer(buffers);
                position = 0;
            }
            if (position == current.size()) {
                current.add(line.word());
            }
            previous = line;
        }
        List<RecoveredStream> streams = new ArrayList<>();
        List<long[]> seen = new ArrayList<>();
        for (List<Long> buffer : buffers) {
            long[] words = buffer.stream().mapToLong(Long::longValue).toArray();
            if (words.length == 0 || seen.stream().anyMatch(w -> Arrays.equals(w, words))) {
                continue;
            }
            seen.add(words);
            streams.add(new RecoveredStream(streams.isEmpty() ? "main"
                    : String.format(Locale.ROOT, "cs%d", streams.size()), words));
        }
        return streams;
    }

    /**
     * Where the instruction after the one at {@code position} sits in the same buffer, or -1 when it
     * cannot be there (a JUMP, or a branch out of the buffer's start).
     */
    private int next(List<Long> buffer, int position, long word, long nextWord) {
        int op = (int) InstructionDef.OPCODE.extract(word);
        if (op == jumpOpcode) {
            return -1;
        }
        if (op != branch.opcode() || branchOffset.extract(word) == 0) {
            return position + 1;
        }
        long target = position + 1 + branchOffset.extract(word);
        boolean always = branchCondition.extract(word) == conditionAlways;
        boolean fallThroughMatches = position + 1 < buffer.size() && buffer.get(position + 1) == nextWord;
        boolean targetMatches = target >= 0 && target < buffer.size() && buffer.get((int) target) == nextWord;
        // A conditional branch counts as taken only when the rebuilt target holds the next executed word.
        boolean taken = always || (targetMatches && !fallThroughMatches);
        if (!taken) {
            return position + 1;
        }
        return target >= 0 && target <= buffer.size() ? (int) target : -1;
    }

    private static List<Long> newBuffer(List<List<Long>> buffers) {
        List<Long> buffer = new ArrayList<>();
        buffers.add(buffer);
        return buffer;
    }

    private record Frame(List<Long> buffer, int returnIndex, int indent) {
    }
}
