package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.asm.emit.InstructionEncoder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** A raw {@code UNKNOWN_n} mnemonic is the spelling {@code (?i)UNKNOWN_([0-9]{1,3})} describes, and means {@code n}. */
class UnknownMnemonicPropertiesTest {

    private static final Pattern SPELLING = Pattern.compile("(?i)UNKNOWN_([0-9]{1,3})");

    @Provide
    Arbitrary<String> mnemonics() {
        Arbitrary<String> prefix = Arbitraries.of("UNKNOWN_", "unknown_", "Unknown_", "uNkNoWn_", "UNKNOWN", "UNKNOWN-",
                "UNKN0WN_", "\u212aNOWN_", "UN\u212aNOWN_", "UNKNOWN__", "XUNKNOWN_", "", "NOP");
        Arbitrary<String> digits = Arbitraries.strings().withChars("0123456789a_\u0661 ").ofMinLength(0).ofMaxLength(5);
        return Combinators.combine(prefix, digits).as(String::concat);
    }

    @Property(tries = 3000)
    void theOpcodeIsWhatTheSpellingsPatternReads(@ForAll("mnemonics") String name) {
        Matcher m = SPELLING.matcher(name);
        assertEquals(m.matches() ? Integer.parseInt(m.group(1)) : -1, InstructionEncoder.unknownOpcode(name), name);
    }

    @Example
    void threeDigitsInAnyLetterCaseAreAnOpcode() {
        assertEquals(255, InstructionEncoder.unknownOpcode("unknown_255"));
        assertEquals(7, InstructionEncoder.unknownOpcode("UNKNOWN_007"));
        assertEquals(-1, InstructionEncoder.unknownOpcode("UNKNOWN_1234"));
    }
}
