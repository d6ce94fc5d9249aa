package dev.csfstudio.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Execution;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.PandecodeText;
import dev.csfstudio.isa.Semantics;

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
 * ever invented or dropped. A called or jumped-to buffer keeps the GPU address its CALL/JUMP register pair
 * held, as far as the traced MOVEs and ADDs show it. Lines without bytes are read as pandecode's text, and
 * a {@code pandecode_cs_binary} listing ({@code main_cs@ADDR{ ... }}) gives each stream at its address.
 */
final class PandecodeTrace {

    /** One executed instruction line of the dump; {@code lost} says what its text (no bytes) did not carry. */
    record TraceLine(int lineNumber, long word, int indent, List<String> lost) {
        TraceLine(int lineNumber, long word, int indent) {
            this(lineNumber, word, indent, List.of());
        }
    }

    /**
     * A rebuilt buffer: instructions in memory order, at its GPU address when the trace shows it (else -1), which
     * line {@code addressLine} of the dump gave (its block's head, or the CALL or JUMP to it; 0 when none did).
     */
    record RecoveredStream(String name, long[] words, long address, int addressLine) {
        RecoveredStream(String name, long[] words) {
            this(name, words, -1, 0);
        }
    }

    /** What makes a dump's streams impossible to write as source: at line {@code line}, column {@code column}. */
    record Problem(int line, int column, String message) {
    }

    /**
     * The streams of a dump, what the text of its instruction lines lost, the problems that keep them from being
     * written as source that assembles (an address outside the 48-bit GPU address space), and the buffers the dump
     * prints ({@link PandecodeMemory}).
     */
    record Recovery(List<RecoveredStream> streams, int instructions, List<String> notes, List<Problem> problems,
                    List<PandecodeMemory.RecoveredBuffer> buffers) {
    }

    /** GPU virtual addresses are 48 bits: a stream must end at or below this. */
    static final long VA_LIMIT = 1L << 48;

    // pandecode_cs_binary: "main_cs@<hex>{" ... "} // main_cs@<hex>", label_<hex>: lines between
    private static final Pattern BLOCK = Pattern.compile("^\\s*(\\w+)@([0-9a-fA-F]+)\\s*\\{\\s*$");
    private static final Pattern BLOCK_END = Pattern.compile("^\\s*}.*$");
    private static final Pattern LABEL = Pattern.compile("^\\s*\\w+:\\s*$");

    // "  8 bytes  <indent>MNEMONIC..." (pandecode) or "0x<16 digits> <indent>MNEMONIC..."; mnemonics are upper case.
    private static final Pattern BYTES = Pattern.compile(
            "^\\s*((?:[0-9a-fA-F]{2}[ \\t]+){7}[0-9a-fA-F]{2})([ \\t]+)([A-Z_][A-Z0-9_]*.*)$");
    private static final Pattern WORD = Pattern.compile(
            "^\\s*0[xX]([0-9a-fA-F]{16})[:]?([ \\t]+)([A-Z_][A-Z0-9_]*.*)$");

    private final InstructionSet isa;
    private final PandecodeText pandecodeText;
    // pandecode nests the handler's instructions under SET_EXCEPTION_HANDLER as it nests a CALL's
    private final int exceptionHandlerOpcode;

    /** A reader of traces of {@code arch}'s streams. */
    PandecodeTrace(Arch arch) {
        this.isa = arch.instructionSet();
        this.pandecodeText = new PandecodeText(isa);
        this.exceptionHandlerOpcode = isa.byMnemonic("SET_EXCEPTION_HANDLER").orElseThrow().opcode();
    }

    /** What the table says the word does ({@link Semantics#RECORDED} for an unknown opcode). */
    private Semantics semantics(long word) {
        return isa.byWord(word).map(InstructionDef::semantics)
                .orElse(Semantics.RECORDED);
    }

    /**
     * Reads a dump of any of pandecode's forms: an execution trace with bytes, the same without bytes (the
     * words are read from pandecode's text), or a {@code pandecode_cs_binary} listing of streams at addresses.
     */
    Recovery read(List<String> lines) {
        Recovery code = lines.stream().anyMatch(l -> BLOCK.matcher(l).matches()) ? blocks(lines) : trace(lines);
        List<Problem> problems = new ArrayList<>(code.problems());
        List<String> notes = new ArrayList<>(code.notes());
        List<PandecodeMemory.RecoveredBuffer> buffers = PandecodeMemory.read(lines, problems, notes);
        return new Recovery(code.streams(), code.instructions(), notes, problems, buffers);
    }

    /** An execution trace's streams. */
    private Recovery trace(List<String> lines) {
        List<TraceLine> trace = parse(lines);
        List<String> notes = new ArrayList<>();
        trace.forEach(t -> t.lost().forEach(l -> notes.add("trace line " + t.lineNumber() + ": " + l)));
        List<RecoveredStream> streams = recover(trace);
        List<Problem> problems = new ArrayList<>();
        for (RecoveredStream s : streams) {
            if (s.addressLine() > 0 && !fits(s.address(), s.words().length)) {
                problems.add(new Problem(s.addressLine(), 1, String.format(Locale.ROOT, "the CALL or JUMP here goes to 0x%x:"
                        + " %d instructions from there end past the 48-bit GPU address space (0x%x)", s.address(),
                        s.words().length, VA_LIMIT)));
            }
        }
        return new Recovery(streams, trace.size(), notes, problems, List.of());
    }

    /** Whether {@code count} instructions from {@code address} lie inside the 48-bit GPU address space. */
    private static boolean fits(long address, int count) {
        return address >= 0 && address < VA_LIMIT && address + 8L * count <= VA_LIMIT;
    }

    /** A cs_binary listing: each block is a stream at its address, its lines in memory order. */
    private Recovery blocks(List<String> lines) {
        List<RecoveredStream> streams = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        String name = null;
        long address = 0;
        int headLine = 0;
        List<Long> words = new ArrayList<>();
        int count = 0;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            Matcher head = BLOCK.matcher(line);
            if (head.matches()) {
                name = head.group(1).equals("main_cs") ? "main" : head.group(1) + "_" + head.group(2);
                String digits = head.group(2).replaceFirst("^0+(?=.)", "");
                address = digits.length() > 12 ? -1 : Long.parseLong(digits, 16);
                headLine = n + 1;
                if (address < 0) {
                    problems.add(new Problem(headLine, head.start(2) + 1, "block address 0x" + head.group(2)
                            + " is past the 48-bit GPU address space (at most 0xffffffffffff)"));
                }
                words = new ArrayList<>();
            } else if (name != null && BLOCK_END.matcher(line).matches()) {
                streams.add(new RecoveredStream(name, words.stream().mapToLong(Long::longValue).toArray(), address, headLine));
                if (address >= 0 && !fits(address, words.size())) {
                    problems.add(new Problem(headLine, lines.get(headLine - 1).indexOf('@') + 2, String.format(Locale.ROOT,
                            "block at 0x%x: its %d instructions end past the 48-bit GPU address space (0x%x)", address,
                            words.size(), VA_LIMIT)));
                }
                name = null;
            } else if (name != null && !LABEL.matcher(line).matches() && !line.isBlank()) {
                Optional<PandecodeText.Word> w = textWord(line);
                if (w.isPresent()) {
                    words.add(w.get().word());
                    count++;
                    int lineNumber = n + 1;
                    w.get().lost().forEach(l -> notes.add("trace line " + lineNumber + ": " + l.what() + ": " + l.assumed()));
                }
            }
        }
        return new Recovery(streams, count, notes, problems, List.of());
    }

    /** An instruction line as pandecode's text, with or without its trailing comment. */
    private Optional<PandecodeText.Word> textWord(String line) {
        String text = line.strip();
        if (text.isEmpty() || !Character.isUpperCase(text.charAt(0))) {
            return Optional.empty();
        }
        PandecodeText.Reading r = pandecodeText.read(text);
        int comment = text.indexOf("//");
        if (!(r instanceof PandecodeText.Word) && comment > 0) {
            r = pandecodeText.read(text.substring(0, comment));
        }
        return r instanceof PandecodeText.Word w ? Optional.of(w) : Optional.empty();
    }

    /** The instruction lines of a dump, in execution order. */
    List<TraceLine> parse(List<String> lines) {
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
                continue;
            }
            Optional<PandecodeText.Word> text = textWord(line);
            if (text.isPresent()) {
                int indent = indentWidth(line.substring(0, line.length() - line.stripLeading().length()));
                result.add(new TraceLine(n + 1, text.get().word(), indent, text.get().lost().stream()
                        .map(l -> l.what() + ": " + l.assumed()).toList()));
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
        Map<List<Long>, Long> addresses = new IdentityHashMap<>();
        Map<List<Long>, Integer> addressLines = new IdentityHashMap<>(); // the CALL's or JUMP's line
        Registers regs = new Registers();
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
                if (semantics(previous.word()).flow() == Execution.Flow.CALL || op == exceptionHandlerOpcode) {
                    callers.push(new Frame(current, position + 1, previous.indent()));
                }
                current = newBuffer(buffers);
                position = 0;
                List<Long> called = buffers.get(buffers.size() - 1);
                int callLine = previous.lineNumber();
                regs.target(previous.word()).ifPresent(a -> {
                    addresses.put(called, a);
                    addressLines.put(called, callLine);
                });
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
            if (position == 0 && !addresses.containsKey(current) && previous != null
                    && semantics(previous.word()).flow() == Execution.Flow.JUMP) {
                List<Long> jumped = current;
                int jumpLine = previous.lineNumber();
                regs.target(previous.word()).ifPresent(a -> {
                    addresses.put(jumped, a);
                    addressLines.put(jumped, jumpLine);
                });
            }
            regs.execute(line.word());
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
                    : String.format(Locale.ROOT, "cs%d", streams.size()), words, addresses.getOrDefault(buffer, -1L),
                    addressLines.getOrDefault(buffer, 0)));
        }
        return streams;
    }

    /**
     * Where the instruction after the one at {@code position} sits in the same buffer, or -1 when it
     * cannot be there (a JUMP, or a branch out of the buffer's start).
     */
    private int next(List<Long> buffer, int position, long word, long nextWord) {
        Semantics s = semantics(word);
        if (s.flow() == Execution.Flow.JUMP) {
            return -1;
        }
        long offset = s.flow() == Execution.Flow.BRANCH ? s.role("offset").orElseThrow().extract(word) : 0;
        if (offset == 0) {
            return position + 1;
        }
        long target = position + 1 + offset;
        boolean always = s.neverFallsThrough(word);
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

    /**
     * The register file as far as the trace shows it (MOVE48, MOVE32, ADD_IMMEDIATE, UMIN32; a load makes
     * its registers unknown), for the GPU address a CALL or JUMP goes to.
     */
    private final class Registers {
        private final long[] value = new long[256];
        private final boolean[] known = new boolean[256];

        void execute(long word) {
            Optional<InstructionDef> def = isa.byWord(word);
            if (def.isEmpty()) {
                return;
            }
            InstructionDef d = def.get();
            Semantics s = d.semantics();
            switch (s.action()) {
                case MOVE48 -> {
                    long imm = f(s, "imm", word);
                    set((int) f(s, "dst", word), imm & 0xffff_ffffL);
                    set((int) f(s, "dst", word) + 1, imm >>> 32);
                }
                case MOVE32 -> set((int) f(s, "dst", word), f(s, "imm", word));
                case ADD32 -> {
                    int src = (int) f(s, "src", word);
                    unknownUnless((int) f(s, "dst", word), known[src], value[src] + f(s, "imm", word));
                }
                case ADD64 -> {
                    int src = (int) f(s, "src", word);
                    int dst = (int) f(s, "dst", word);
                    boolean k = known[src] && known[src + 1];
                    long v = (value[src] | value[src + 1] << 32) + f(s, "imm", word);
                    unknownUnless(dst, k, v & 0xffff_ffffL);
                    unknownUnless(dst + 1, k, v >>> 32);
                }
                case LOGIC32 -> {
                    int a = (int) f(s, "src0", word);
                    int b = (int) f(s, "src1", word);
                    long bValue = f(s, "index", word) != 0 ? 1L << (value[b] & 31) : value[b];
                    unknownUnless((int) f(s, "dst", word), known[a] && known[b],
                            Execution.logicOp((int) f(s, "mode", word), (int) value[a], (int) bValue) & 0xffff_ffffL);
                }
                case UMIN32 -> {
                    int a = (int) f(s, "src0", word);
                    int b = (int) f(s, "src1", word);
                    unknownUnless((int) f(s, "dst", word), known[a] && known[b], Math.min(value[a], value[b]));
                }
                case LOAD_MULTIPLE -> forgetWritten(d, word);
                case RECORDED -> {
                    if (d.mnemonic().equals("PROGRESS_LOAD")) {
                        forgetWritten(d, word);
                    }
                }
                case NOP, STORE_MULTIPLE, BRANCH, CALL, JUMP, SYNC_ADD32, SYNC_SET32, SYNC_ADD64, SYNC_SET64,
                     SYNC_WAIT32, SYNC_WAIT64, STORE_STATE, RUN_FRAGMENT -> { }
            }
        }

        private void forgetWritten(InstructionDef d, long word) {
            for (int r = 0; r < 256; r++) {
                known[r] = known[r] && !writes(d, word, r);
            }
        }

        private long f(Semantics s, String role, long word) {
            return s.role(role).orElseThrow().extract(word);
        }

        private boolean writes(InstructionDef d, long word, int r) {
            if (d.mnemonic().equals("PROGRESS_LOAD")) {
                long dst = f(d, "dst", word);
                return r == dst || r == dst + 1;
            }
            long base = f(d, "base", word);
            long mask = f(d, "mask", word);
            return r >= base && r - base < 16 && (mask & (1L << (r - base))) != 0;
        }

        /** The address in the address pair of a CALL, JUMP or SET_EXCEPTION_HANDLER, when known. */
        OptionalLong target(long word) {
            Optional<InstructionDef> def = isa.byWord(word);
            if (def.isEmpty() || def.get().field("addr").isEmpty()) {
                return OptionalLong.empty();
            }
            int a = (int) f(def.get(), "addr", word);
            return known[a] && known[a + 1] ? OptionalLong.of(value[a] | value[a + 1] << 32) : OptionalLong.empty();
        }

        private void set(int r, long v) {
            value[r] = v & 0xffff_ffffL;
            known[r] = true;
        }

        private void unknownUnless(int r, boolean k, long v) {
            value[r] = v & 0xffff_ffffL;
            known[r] = k;
        }

        private long f(InstructionDef d, String field, long word) {
            return d.field(field).orElseThrow().extract(word);
        }
    }
}
