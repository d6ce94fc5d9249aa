package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A dotted suffix of a mnemonic ({@code .progress_inc}, {@code .ne}, {@code .srt2}) that sets one field.
 * The order of an instruction's modifiers in the table is the canonical print order.
 */
public sealed interface Modifier {

    BitField field();

    /** The field value this spelling selects, if the spelling belongs to this modifier. */
    OptionalLong match(String spelling);

    /** The canonical spelling for a field value, empty when nothing is printed (flag off, optional at default). */
    Optional<String> format(long value);

    /** How a value is spelt, whether or not the canonical text prints it (for messages and completion). */
    default Optional<String> spelling(long value) {
        return format(value);
    }

    /** Every spelling a user can write, for completion and suggestions. */
    List<String> spellings();

    /** Whether the value is one this modifier can print (canonical). */
    boolean printable(long value);

    /** Whether a source line must name this modifier. */
    default boolean required() {
        return false;
    }

    /** The value taken when the source does not name this modifier. */
    default long omittedValue() {
        return field().defaultValue();
    }

    /** A one-bit switch: {@code .TEXT} sets the bit, or clears it when inverted ({@code .no_malloc}). */
    record Flag(String text, BitField field, boolean inverted) implements Modifier {
        @Override
        public OptionalLong match(String spelling) {
            return text.equalsIgnoreCase(spelling) ? OptionalLong.of(inverted ? 0 : 1) : OptionalLong.empty();
        }

        @Override
        public Optional<String> format(long value) {
            return (value != 0) != inverted ? Optional.of(text) : Optional.empty();
        }

        @Override
        public List<String> spellings() {
            return List.of(text);
        }

        @Override
        public boolean printable(long value) {
            return true;
        }
    }

    /**
     * One name of an enumeration, optionally decorated: {@code pattern} "{}_l2" prints "clean_l2".
     *
     * @param optional nothing is printed while the field holds its default ({@code .stage=internal} stays unsaid)
     */
    record Choice(BitField field, EnumType type, String pattern, boolean required, boolean optional)
            implements Modifier {
        @Override
        public OptionalLong match(String spelling) {
            String s = spelling.toLowerCase(Locale.ROOT);
            int at = pattern.indexOf("{}");
            String prefix = pattern.substring(0, at).toLowerCase(Locale.ROOT);
            String suffix = pattern.substring(at + 2).toLowerCase(Locale.ROOT);
            if (!s.startsWith(prefix) || !s.endsWith(suffix) || s.length() < prefix.length() + suffix.length()) {
                return OptionalLong.empty();
            }
            return type.valueOf(s.substring(prefix.length(), s.length() - suffix.length()));
        }

        @Override
        public Optional<String> format(long value) {
            return optional && value == field.defaultValue() ? Optional.empty() : spelling(value);
        }

        @Override
        public Optional<String> spelling(long value) {
            Optional<String> name = type.nameOf(value);
            return name.isEmpty() ? name : Optional.of(pattern.replace("{}", name.get()));
        }

        @Override
        public List<String> spellings() {
            List<String> all = new ArrayList<>();
            for (String n : type.values().keySet()) {
                all.add(pattern.replace("{}", n));
            }
            return all;
        }

        @Override
        public boolean printable(long value) {
            return type.nameOf(value).isPresent();
        }
    }

    /**
     * A numbered selector: {@code pattern} "srt{}" prints "srt2" for 2.
     *
     * @param optional nothing is printed while the field holds its default
     */
    record Number(BitField field, String pattern, boolean optional) implements Modifier {
        @Override
        public OptionalLong match(String spelling) {
            String s = spelling.toLowerCase(Locale.ROOT);
            int at = pattern.indexOf("{}");
            String prefix = pattern.substring(0, at);
            String suffix = pattern.substring(at + 2);
            if (!s.startsWith(prefix) || !s.endsWith(suffix)) {
                return OptionalLong.empty();
            }
            String digits = s.substring(prefix.length(), s.length() - suffix.length());
            if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Long.parseLong(digits));
        }

        @Override
        public Optional<String> format(long value) {
            return optional && value == field.defaultValue() ? Optional.empty() : spelling(value);
        }

        @Override
        public Optional<String> spelling(long value) {
            return Optional.of(pattern.replace("{}", Long.toString(value)));
        }

        @Override
        public List<String> spellings() {
            List<String> all = new ArrayList<>();
            for (long v = field.min(); v <= field.max(); v++) {
                all.add(pattern.replace("{}", Long.toString(v)));
            }
            return all;
        }

        @Override
        public boolean printable(long value) {
            return field.fits(value);
        }
    }
}
