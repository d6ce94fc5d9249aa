package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** An enumeration's value of a name is the first whose name equals it ignoring case, for any names and any text. */
class EnumTypePropertiesTest {

    private static OptionalLong firstIgnoringCase(Map<String, Long> values, String text) {
        return values.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(text))
                .mapToLong(Map.Entry::getValue).findFirst();
    }

    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> made = Arbitraries.strings().withChars("aAbBkK_1\u212a\u00e9\u00c9").ofMinLength(1).ofMaxLength(3);
        return Arbitraries.oneOf(made, Arbitraries.of("R8", "r8", "linear", "LINEAR", "k"));
    }

    @Provide
    Arbitrary<List<String>> nameLists() {
        return names().list().ofMaxSize(6);
    }

    @Property(tries = 2000)
    void valueOfIsTheFirstNameEqualIgnoringCase(@ForAll("nameLists") List<String> names, @ForAll("names") String text) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            values.putIfAbsent(names.get(i), (long) i);
        }
        assertEquals(firstIgnoringCase(values, text), new EnumType("e", values).valueOf(text));
    }

    @Example
    void everyPixelFormatIsFoundInLowerCase() {
        EnumType formats = PixelFormats.asEnum();
        for (String name : formats.values().keySet()) {
            assertEquals(formats.values().get(name), formats.valueOf(name.toLowerCase(java.util.Locale.ROOT)).getAsLong());
        }
    }
}
