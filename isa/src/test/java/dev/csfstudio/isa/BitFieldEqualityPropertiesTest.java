package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** BitField's written-out equals and hashCode are a record's: equal exactly when every component is. */
class BitFieldEqualityPropertiesTest {

    @Property
    void fieldsAreEqualExactlyWhenEveryComponentIs(@ForAll @StringLength(max = 3) String name,
            @ForAll @StringLength(max = 3) String otherName, @ForAll @IntRange(max = 63) int lsb,
            @ForAll @IntRange(max = 63) int otherLsb, @ForAll boolean signed, @ForAll boolean otherSigned,
            @ForAll long dflt, @ForAll long otherDefault) {
        BitField a = new BitField(name, 63, lsb, signed, dflt);
        BitField b = new BitField(otherName, 63, otherLsb, otherSigned, otherDefault);
        boolean same = name.equals(otherName) && lsb == otherLsb && signed == otherSigned && dflt == otherDefault;
        assertEquals(same, a.equals(b));
        assertEquals(a, new BitField(name, 63, lsb, signed, dflt));
        assertEquals(a.hashCode(), new BitField(name, 63, lsb, signed, dflt).hashCode());
    }

    @Property
    void aFieldDiffersFromOneWithAnotherMsb(@ForAll @IntRange(max = 62) int msb) {
        BitField a = new BitField("f", msb, 0, false, 0);
        assertNotEquals(a, new BitField("f", msb + 1, 0, false, 0));
        assertNotEquals(a, null);
        assertNotEquals(a, "f");
    }
}
