package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;

/**
 * pandecode's text of instruction words, both ways: {@link #print} gives exactly what mesa's
 * {@code print_cs_instr} prints, {@link #read} turns such text back into the word, saying what the text did
 * not carry. Both follow each instruction's {@link PandecodeTemplate}.
 */
public final class PandecodeText {

    /** What a reading had to assume because pandecode's text does not show it. */
    public record Lost(Kind kind, String what, String assumed) {
        public enum Kind {
            /** A field pandecode does not print at all. */
            UNPRINTED_FIELD,
            /** A name pandecode prints for several values. */
            AMBIGUOUS_NAME,
            /** The base register of a register list (pandecode prints only the registers of the mask). */
            REGISTER_LIST_BASE
        }
    }

    /** The result of reading one line of pandecode's text. */
    public sealed interface Reading permits Word, Mismatch {
    }

    /** The text read as {@code word} of {@code def} (null for {@code UNKNOWN_<op>}); {@code lost} what was assumed. */
    public record Word(long word, InstructionDef def, List<Lost> lost) implements Reading {
        public Word {
            lost = List.copyOf(lost);
        }
    }

    /** The text is not pandecode's text of any instruction: why, at which character offset. */
    public record Mismatch(int offset, String message) implements Reading {
    }

    private final InstructionSet isa;

    /** Each instruction's first word as pandecode prints it, in table order (found once, not per line read). */
    private final List<String> names;

    /**
     * For each first character (folded as a case-blind comparison folds it), the indices of the names that may
     * start a text beginning with it, in table order: a line is tried against a few instructions, not all.
     */
    private final Map<Character, int[]> candidates = new ConcurrentHashMap<>();

    /** Each instruction's {@link PandecodeAlphabet} in table order, made when a line is first read for its word only. */
    private volatile PandecodeAlphabet[] alphabets;

    public PandecodeText(InstructionSet isa) {
        this.isa = isa;
        this.names = isa.instructions().stream().map(def -> ((PandecodeTemplate.Literal) def.pandecode().parts().get(0))
                .text().split("[ .{]", 2)[0]).toList();
    }

    /** pandecode's text of {@code word}; empty when its text is undefined (a value past one of its name tables). */
    public Optional<String> print(long word) {
        int opcode = (int) InstructionDef.OPCODE.extract(word);
        Optional<InstructionDef> def = isa.byWord(word);
        if (def.isEmpty() && isa.subOpcodeField(opcode).isPresent()) {
            return Optional.empty(); // decode_csf.c indexes its name array past the end: undefined text
        }
        if (def.isEmpty()) {
            return Optional.of(String.format(Locale.ROOT, "UNKNOWN_%d 0x%X", opcode, word & 0x00ff_ffff_ffff_ffffL));
        }
        StringBuilder out = new StringBuilder();
        return print(def.get().pandecode().parts(), word, out) ? Optional.of(out.toString()) : Optional.empty();
    }

    private static boolean print(List<PandecodeTemplate.Part> parts, long word, StringBuilder out) {
        for (PandecodeTemplate.Part p : parts) {
            if (p instanceof PandecodeTemplate.Literal l) {
                out.append(l.text());
            } else if (p instanceof PandecodeTemplate.Number n) {
                long v = n.field().extract(word);
                out.append(switch (n.radix()) {
                    case 'x' -> Long.toHexString(v);
                    case 'X' -> Long.toHexString(v).toUpperCase(Locale.ROOT);
                    default -> Long.toString(v * n.scale());
                });
            } else if (p instanceof PandecodeTemplate.Names n) {
                Optional<String> name = n.nameOf(n.field().extract(word));
                if (name.isEmpty()) {
                    return false;
                }
                out.append(name.get());
            } else if (p instanceof PandecodeTemplate.Conditional c) {
                if ((c.field().extract(word) != 0) == c.whenSet() && !print(c.body(), word, out)) {
                    return false;
                }
            } else if (p instanceof PandecodeTemplate.Registers r) {
                long base = r.base().extract(word);
                long mask = r.mask().extract(word);
                String join = "";
                for (int i = 0; i < 16; i++) {
                    if ((mask & (1L << i)) != 0) {
                        out.append(join).append('r').append(base + i);
                        join = ":";
                    }
                }
                if (mask == 0) {
                    out.append('_');
                }
            } else if (p instanceof PandecodeTemplate.Indirect i) {
                long offset = i.offset().extract(word);
                out.append("[d").append(i.address().extract(word));
                out.append(offset != 0 ? " + " + offset + "]" : "]");
            } else if (p instanceof PandecodeTemplate.Range r) {
                long base = r.base().extract(word);
                out.append('r').append(base).append(":r").append(base + r.count().extract(word) - 1);
            }
        }
        return true;
    }

    /**
     * Reads one instruction as pandecode prints it (no labels, no comment except NOP's {@code // 0x..}).
     * Numbers are read in the radix pandecode prints each field in; hex ones may also carry {@code 0x}.
     */
    public Reading read(String line) {
        return read(line, false);
    }

    /**
     * {@link #read}, or with {@code wordOnly} for a caller that asks only whether the line is a {@link Word}: then
     * templates that cannot print one of the line's characters are not tried, and a {@link Mismatch} says less.
     */
    public Reading read(String line, boolean wordOnly) {
        String text = line.strip();
        int lead = line.indexOf(text.isEmpty() ? "" : text.substring(0, 1));
        if (text.regionMatches(true, 0, "UNKNOWN_", 0, 8)) {
            return unknown(text, lead);
        }
        Mismatch best = null;
        List<InstructionDef> defs = isa.instructions();
        int[] tried = text.isEmpty() ? new int[0] : candidates.computeIfAbsent(fold(text.charAt(0)), this::startingWith);
        for (int i : tried) {
            InstructionDef def = defs.get(i);
            String name = names.get(i);
            if (!text.regionMatches(true, 0, name, 0, name.length()) || (wordOnly && !alphabets()[i].mayHold(text))) {
                continue;
            }
            Matcher m = new Matcher(def, text);
            if (m.run()) {
                return m.result();
            }
            if (best == null || m.furthest > best.offset() - lead) {
                best = new Mismatch(lead + m.furthest, m.expected);
            }
        }
        return best != null ? best : new Mismatch(lead, "no instruction of pandecode's text starts here");
    }

    private PandecodeAlphabet[] alphabets() {
        PandecodeAlphabet[] made = alphabets;
        if (made == null) {
            made = isa.instructions().stream().map(def -> PandecodeAlphabet.of(def.pandecode())).toArray(PandecodeAlphabet[]::new);
            alphabets = made;
        }
        return made;
    }

    /** What String.regionMatches(true, ...) compares a character as: equal folds are necessary for a match. */
    private static char fold(char c) {
        return Character.toLowerCase(Character.toUpperCase(c));
    }

    private int[] startingWith(char folded) {
        return java.util.stream.IntStream.range(0, names.size())
                .filter(i -> names.get(i).isEmpty() || fold(names.get(i).charAt(0)) == folded).toArray();
    }

    private static final java.util.regex.Pattern UNKNOWN =
            java.util.regex.Pattern.compile("(?i)UNKNOWN_([0-9]{1,3})\\s+0x([0-9a-f]{1,14})");

    private static Reading unknown(String text, int lead) {
        java.util.regex.Matcher m = UNKNOWN.matcher(text);
        if (!m.matches() || Integer.parseInt(m.group(1)) > 255) {
            return new Mismatch(lead, "expected UNKNOWN_<opcode 0..255> 0x<56-bit payload>");
        }
        long word = (Long.parseLong(m.group(1)) << 56) | Long.parseUnsignedLong(m.group(2), 16);
        return new Word(word, null, List.of());
    }

    /** One attempt to read {@code text} as {@code def}'s template, backtracking over names and conditionals. */
    private static final class Matcher {
        private final InstructionDef def;
        private final String text;
        private final Map<BitField, Long> values = new HashMap<>();
        private final Map<BitField, Set<Long>> candidates = new HashMap<>();
        private boolean listBase;
        int furthest;
        String expected = "";

        Matcher(InstructionDef def, String text) {
            this.def = def;
            this.text = text;
        }

        boolean run() {
            return match(def.pandecode().parts(), 0, 0, end -> {
                int at = skipSpace(end);
                if (at == text.length()) {
                    return true;
                }
                fail(at, "unexpected '" + text.substring(at) + "' after " + def.mnemonic() + " (pandecode prints: "
                        + def.pandecode().source() + ")");
                return false;
            });
        }

        /** Matches parts[i..] at pos, then the continuation. */
        private boolean match(List<PandecodeTemplate.Part> parts, int i, int pos, IntPredicate then) {
            if (i == parts.size()) {
                return then.test(pos);
            }
            PandecodeTemplate.Part p = parts.get(i);
            IntPredicate next = end -> match(parts, i + 1, end, then);
            if (p instanceof PandecodeTemplate.Literal l) {
                int end = literal(l.text(), pos);
                return end >= 0 && next.test(end);
            }
            if (p instanceof PandecodeTemplate.Conditional c) {
                Map<BitField, Long> saved = new HashMap<>(values);
                if (match(c.body(), 0, pos, end -> {
                    values.putIfAbsent(c.field(), c.whenSet() ? 1L : 0L);
                    return next.test(end);
                })) {
                    return true;
                }
                values.clear();
                values.putAll(saved);
                values.put(c.field(), c.whenSet() ? 0L : 1L);
                if (next.test(pos)) {
                    return true;
                }
                values.remove(c.field());
                return false;
            }
            if (p instanceof PandecodeTemplate.Names n) {
                return names(n, pos, next);
            }
            int end = value(p, pos);
            return end >= 0 && next.test(end);
        }

        private boolean names(PandecodeTemplate.Names n, int pos, IntPredicate next) {
            List<String> distinct = new ArrayList<>(new LinkedHashSet<>(n.names()));
            distinct.remove(PandecodeTemplate.UNDEFINED);
            distinct.sort(Comparator.comparingInt(String::length).reversed());
            for (String name : distinct) {
                if (!text.regionMatches(true, pos, name, 0, name.length())) {
                    continue;
                }
                Set<Long> indices = new LinkedHashSet<>();
                for (int k = 0; k < n.names().size(); k++) {
                    if (n.names().get(k).equals(name)) {
                        indices.add((long) k);
                    }
                }
                candidates.put(n.field(), indices);
                values.put(n.field(), indices.iterator().next());
                if (next.test(pos + name.length())) {
                    return true;
                }
                candidates.remove(n.field());
                values.remove(n.field());
            }
            fail(pos, "expected " + n.field().name() + " as pandecode names it: one of " + String.join(", ", distinct));
            return false;
        }

        /** Numbers and register forms; -1 after recording why they do not match. */
        private int value(PandecodeTemplate.Part p, int pos) {
            if (p instanceof PandecodeTemplate.Number n) {
                return number(n, pos);
            }
            if (p instanceof PandecodeTemplate.Registers r) {
                return registers(r, pos);
            }
            if (p instanceof PandecodeTemplate.Indirect ind) {
                int at = literal("[d", pos);
                long[] address = {0};
                at = at < 0 ? -1 : decimal(at, address, "a register pair number");
                if (at < 0) {
                    return -1;
                }
                long offset = 0;
                int close = literal("]", at);
                if (close < 0) {
                    int sign = skipSpace(at);
                    boolean minus = sign < text.length() && text.charAt(sign) == '-';
                    if (sign >= text.length() || (text.charAt(sign) != '+' && !minus)) {
                        fail(sign, "expected ']' or ' + offset]'");
                        return -1;
                    }
                    long[] off = {0};
                    int after = decimal(skipSpace(sign + 1), off, "a byte offset");
                    if (after < 0 || (close = literal("]", after)) < 0) {
                        return -1;
                    }
                    offset = minus ? -off[0] : off[0];
                }
                if (!register(ind.address(), address[0], 2, pos) || !fits(ind.offset(), offset, pos)) {
                    return -1;
                }
                values.put(ind.address(), address[0]);
                values.put(ind.offset(), offset);
                return close;
            }
            PandecodeTemplate.Range r = (PandecodeTemplate.Range) p;
            long[] first = {0};
            long[] last = {0};
            int at = literal("r", pos);
            at = at < 0 ? -1 : decimal(at, first, "the first register");
            at = at < 0 ? -1 : literal(":r", at);
            at = at < 0 ? -1 : decimal(at, last, "the last register");
            if (at < 0) {
                return -1;
            }
            long count = last[0] - first[0] + 1;
            if (!register(r.base(), first[0], 1, pos) || count < 0 || !fits(r.count(), count, pos)) {
                if (count < 0) {
                    fail(pos, "register range r" + first[0] + ":r" + last[0] + " goes down by more than one");
                }
                return -1;
            }
            values.put(r.base(), first[0]);
            values.put(r.count(), count);
            return at;
        }

        private int number(PandecodeTemplate.Number n, int pos) {
            if (n.radix() == 'd') {
                long[] v = {0};
                int end = decimal(pos, v, n.field().name() + " in decimal");
                if (end < 0) {
                    return -1;
                }
                if (v[0] % n.scale() != 0) {
                    fail(pos, v[0] + " is not a multiple of " + n.scale());
                    return -1;
                }
                long stored = v[0] / n.scale();
                if (!fits(n.field(), stored, pos)) {
                    return -1;
                }
                values.put(n.field(), stored);
                return end;
            }
            int at = pos;
            if (n.radix() == 'x' && text.regionMatches(true, at, "0x", 0, 2)) {
                at += 2;
            }
            int end = at;
            while (end < text.length() && Character.digit(text.charAt(end), 16) >= 0) {
                end++;
            }
            if (end == at) {
                fail(at, "expected " + n.field().name() + " in hex digits (pandecode prints it with %"
                        + n.radix() + ")");
                return -1;
            }
            if (end - at > 16 || Long.compareUnsigned(Long.parseUnsignedLong(text.substring(at, end), 16),
                    n.field().width() == 64 ? -1L : (1L << n.field().width()) - 1) > 0) {
                fail(pos, "0x" + text.substring(at, end) + " does not fit " + def.mnemonic() + " " + n.field().name()
                        + " " + n.field().bits());
                return -1;
            }
            values.put(n.field(), Long.parseUnsignedLong(text.substring(at, end), 16));
            return end;
        }

        private int registers(PandecodeTemplate.Registers r, int pos) {
            if (text.startsWith("_", pos)) {
                values.put(r.base(), 0L);
                values.put(r.mask(), 0L);
                candidates.put(r.base(), Set.of());
                return pos + 1;
            }
            long base = -1;
            long mask = 0;
            long previous = -1;
            int at = pos;
            while (true) {
                int start = at;
                at = literal("r", at);
                long[] n = {0};
                at = at < 0 ? -1 : decimal(at, n, "a register");
                if (at < 0) {
                    return -1;
                }
                if (base < 0) {
                    // past the field: the base sat below the first listed register
                    base = Math.min(n[0], r.base().max());
                }
                if (n[0] <= previous || n[0] - base >= 16) {
                    fail(start, "r" + n[0] + " does not continue the register list (ascending, at most 16 registers"
                            + " from r" + base + ")");
                    return -1;
                }
                mask |= 1L << (n[0] - base);
                previous = n[0];
                if (!text.startsWith(":", at)) {
                    break;
                }
                at++;
            }
            values.put(r.base(), base);
            values.put(r.mask(), mask);
            listBase = true;
            return at;
        }

        /** A register number as pandecode prints it: any value of the field (v10 has fewer registers). */
        private boolean register(BitField f, long n, int span, int pos) {
            return fits(f, n, pos);
        }

        private boolean fits(BitField f, long v, int pos) {
            if (!f.fits(v)) {
                fail(pos, v + " out of range for " + def.mnemonic() + " " + f.name() + ": allowed " + f.min() + ".."
                        + f.max());
                return false;
            }
            return true;
        }

        /** Digits with an optional sign; -1 after recording what was expected. */
        private int decimal(int pos, long[] out, String what) {
            int at = pos;
            boolean minus = at < text.length() && text.charAt(at) == '-';
            if (minus || (at < text.length() && text.charAt(at) == '+')) {
                at++;
            }
            int start = at;
            while (at < text.length() && Character.isDigit(text.charAt(at)) && at - start < 19) {
                at++;
            }
            if (at == start || (at < text.length() && Character.isLetterOrDigit(text.charAt(at)))) {
                fail(pos, "expected " + what);
                return -1;
            }
            String digits = text.substring(start, at);
            if (digits.length() == 19 && digits.compareTo(Long.toString(Long.MAX_VALUE)) > 0) {
                fail(pos, what + " beyond 64 bits");
                return -1;
            }
            long v = Long.parseLong(digits);
            out[0] = minus ? -v : v;
            return at;
        }

        /** The literal at pos: a space matches any run of blanks, letters any case. */
        private int literal(String lit, int pos) {
            int at = pos;
            for (int k = 0; k < lit.length(); k++) {
                char c = lit.charAt(k);
                if (c == ' ') {
                    int end = skipSpace(at);
                    if (end == at && !(k + 1 < lit.length() && lit.charAt(k + 1) == ',')) {
                        fail(at, "expected a blank");
                        return -1;
                    }
                    at = end;
                    continue;
                }
                if (c == ',') {
                    at = skipSpace(at);
                }
                if (at >= text.length() || Character.toLowerCase(text.charAt(at)) != Character.toLowerCase(c)) {
                    fail(at, "expected '" + lit.substring(k).strip() + "'");
                    return -1;
                }
                at++;
            }
            return at;
        }

        private int skipSpace(int at) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            return at;
        }

        private void fail(int at, String why) {
            if (at >= furthest) {
                furthest = at;
                expected = why;
            }
        }

        Word result() {
            List<Lost> lost = new ArrayList<>();
            long word = InstructionDef.OPCODE.insert(0, def.opcode());
            List<BitField> printed = def.pandecode().printedFields();
            long viewed = 0; // bits a printed pandecode-only field shows (v13's ARITH immediates: one number)
            for (BitField f : printed) {
                if (!def.fields().contains(f)) {
                    viewed |= f.mask();
                }
            }
            for (BitField f : def.fields()) {
                Long v = values.get(f);
                if (!printed.contains(f) && ((f.mask() & ~viewed) == 0 || f.name().equals(InstructionSet.SUB_OPCODE))) {
                    v = f.defaultValue(); // the mnemonic names the sub-opcode; the view's value is written below
                } else if (!printed.contains(f)) {
                    lost.add(new Lost(Lost.Kind.UNPRINTED_FIELD, "pandecode does not print " + def.mnemonic() + "'s "
                            + f.name() + " " + f.bits(), "assumed " + f.defaultValue()
                            + (f.defaultValue() != 0 ? " (genxml's default)" : "")));
                    v = f.defaultValue();
                }
                Set<Long> options = candidates.get(f);
                if (options != null && options.isEmpty()) {
                    lost.add(new Lost(Lost.Kind.UNPRINTED_FIELD, "an empty register list '_' does not show "
                            + def.mnemonic() + "'s base register", "assumed r0"));
                } else if (options != null && options.size() > 1) {
                    v = resolve(f, options, lost);
                }
                word = f.insert(word, v == null ? 0 : v);
            }
            for (BitField f : printed) {
                if (!def.fields().contains(f) && values.containsKey(f)) {
                    word = f.insert(word, values.get(f));
                }
            }
            if (listBase) {
                lost.add(new Lost(Lost.Kind.REGISTER_LIST_BASE, "pandecode's register list does not show "
                        + def.mnemonic() + "'s base register (it prints only the registers of the mask)",
                        "the first listed register is the base"));
            }
            return new Word(word, def, lost);
        }

        /** A name several values print as: the one value the table's enumeration names, else the smallest. */
        private long resolve(BitField f, Set<Long> options, List<Lost> lost) {
            Optional<EnumType> named = def.modifiers().stream().filter(m -> m.field().equals(f))
                    .filter(m -> m instanceof Modifier.Choice).map(m -> ((Modifier.Choice) m).type()).findFirst();
            List<Long> valid = options.stream().filter(v -> named.map(e -> e.nameOf(v).isPresent()).orElse(false))
                    .toList();
            if (valid.size() == 1) {
                return valid.get(0);
            }
            long assumed = options.iterator().next();
            lost.add(new Lost(Lost.Kind.AMBIGUOUS_NAME, "pandecode prints the same name for " + def.mnemonic() + " "
                    + f.name() + " values " + options, "assumed " + assumed));
            return assumed;
        }
    }
}
