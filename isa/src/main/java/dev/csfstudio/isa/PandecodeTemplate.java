package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How mesa's pandecode prints one instruction ({@code print_cs_instr} in decode_csf.c), as parts: literal
 * text, numbers in pandecode's radix, names from its tables, conditional text, register tuples. Parsed from
 * the {@code pandecode} lines of the instruction table (syntax described at the top of {@code v10.isa}).
 */
public record PandecodeTemplate(String source, List<Part> parts) {

    /** One piece of the printed text. */
    public sealed interface Part {
    }

    public record Literal(String text) implements Part {
    }

    /** A field as a number: {@code x}/{@code X} hex without 0x, {@code d} decimal; {@code scale} multiplies. */
    public record Number(BitField field, char radix, int scale) implements Part {
    }

    /**
     * The name of a field's value in one of pandecode's tables ({@code null} entries print "(null)"; an
     * {@link #UNDEFINED} entry, or a value past the table, has no defined text).
     */
    public record Names(BitField field, String table, List<String> names) implements Part {
        /** The name pandecode prints for {@code value}, empty when its text is undefined. */
        public Optional<String> nameOf(long value) {
            return value >= 0 && value < names.size() && !names.get((int) value).equals(UNDEFINED)
                    ? Optional.of(names.get((int) value)) : Optional.empty();
        }
    }

    /** A name-table entry whose text is undefined: decode_csf.c reads past its array for that value. */
    public static final String UNDEFINED = "(undefined)";

    /** {@code body} when the field is non-zero ({@code whenSet}) or zero. */
    public record Conditional(BitField field, boolean whenSet, List<Part> body) implements Part {
    }

    /** {@code rB+i} per set mask bit joined by ':', {@code _} for an empty mask. */
    public record Registers(BitField base, BitField mask) implements Part {
    }

    /** {@code [dA + O]}, or {@code [dA]} when O is 0. */
    public record Indirect(BitField address, BitField offset) implements Part {
    }

    /** {@code rB:rL} with L = B + count - 1. */
    public record Range(BitField base, BitField count) implements Part {
    }

    public PandecodeTemplate {
        parts = List.copyOf(parts);
    }

    /**
     * Parses a template of {@code def}'s fields.
     *
     * @param tables pandecode's name tables by name
     */
    static PandecodeTemplate parse(String template, List<BitField> fields, Map<String, List<String>> tables) {
        int[] at = {0};
        List<Part> parts = parts(template, at, fields, tables, false);
        return new PandecodeTemplate(template, parts);
    }

    private static List<Part> parts(String t, int[] at, List<BitField> fields, Map<String, List<String>> tables,
                                    boolean nested) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        while (at[0] < t.length()) {
            char c = t.charAt(at[0]);
            if (c == '}' && nested) {
                at[0]++;
                break;
            }
            if (c != '{') {
                literal.append(c);
                at[0]++;
                continue;
            }
            if (!literal.isEmpty()) {
                parts.add(new Literal(literal.toString()));
                literal.setLength(0);
            }
            at[0]++;
            int nameEnd = at[0];
            while (nameEnd < t.length() && "?!:=".indexOf(t.charAt(nameEnd)) < 0) {
                nameEnd++;
            }
            if (nameEnd >= t.length()) {
                throw new IllegalArgumentException("unterminated placeholder in pandecode template " + t);
            }
            String names = t.substring(at[0], nameEnd);
            char kind = t.charAt(nameEnd);
            at[0] = nameEnd + 1;
            if (kind == '?' || kind == '!') {
                parts.add(new Conditional(field(names, fields, t), kind == '?', parts(t, at, fields, tables, true)));
                continue;
            }
            int close = t.indexOf('}', at[0]);
            String arg = t.substring(at[0], close);
            at[0] = close + 1;
            String[] two = names.split(",");
            if (kind == '=') {
                List<String> table = tables.get(arg);
                if (table == null) {
                    throw new IllegalArgumentException("no pdnames table " + arg + " for template " + t);
                }
                parts.add(new Names(field(names, fields, t), arg, table));
                continue;
            }
            parts.add(switch (arg) {
                case "x", "X", "d" -> new Number(field(names, fields, t), arg.charAt(0), 1);
                case "d8" -> new Number(field(names, fields, t), 'd', 8);
                case "regs" -> new Registers(field(two[0], fields, t), field(two[1], fields, t));
                case "indirect" -> new Indirect(field(two[0], fields, t), field(two[1], fields, t));
                case "range" -> new Range(field(two[0], fields, t), field(two[1], fields, t));
                default -> throw new IllegalArgumentException("unknown placeholder format '" + arg + "' in " + t);
            });
        }
        if (!literal.isEmpty()) {
            parts.add(new Literal(literal.toString()));
        }
        return parts;
    }

    private static BitField field(String name, List<BitField> fields, String template) {
        for (BitField f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("no field " + name + " for template " + template);
    }

    /** Every field the template prints, in any form. */
    public List<BitField> printedFields() {
        List<BitField> out = new ArrayList<>();
        collect(parts, out);
        return out;
    }

    private static void collect(List<Part> parts, List<BitField> out) {
        for (Part p : parts) {
            if (p instanceof Number n) {
                out.add(n.field());
            } else if (p instanceof Names n) {
                out.add(n.field());
            } else if (p instanceof Conditional c) {
                out.add(c.field());
                collect(c.body(), out);
            } else if (p instanceof Registers r) {
                out.add(r.base());
                out.add(r.mask());
            } else if (p instanceof Indirect i) {
                out.add(i.address());
                out.add(i.offset());
            } else if (p instanceof Range r) {
                out.add(r.base());
                out.add(r.count());
            }
        }
    }

    /** The radix pandecode prints a plain number field in: 'x' (hex, no 0x), 'X' (after a literal 0x) or 'd'. */
    public char radixOf(BitField field) {
        return radix(parts, field);
    }

    private static char radix(List<Part> parts, BitField field) {
        for (Part p : parts) {
            if (p instanceof Number n && n.field().equals(field)) {
                return n.radix();
            }
            if (p instanceof Conditional c) {
                char inner = radix(c.body(), field);
                if (inner != 0) {
                    return inner;
                }
            }
        }
        return 0;
    }
}
