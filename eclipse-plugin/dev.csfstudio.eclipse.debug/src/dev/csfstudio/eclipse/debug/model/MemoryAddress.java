package dev.csfstudio.eclipse.debug.model;

import java.math.BigInteger;

/** GPU virtual addresses as the Memory view and the adapter write them: 0x hex (with _ separators) or decimal. */
public final class MemoryAddress {

    /** GPU VAs are 48-bit on v10; anything wider than 64 bits is not an address. */
    private static final BigInteger LIMIT = BigInteger.ONE.shiftLeft(64);

    private MemoryAddress() {
    }

    /** The address `text` spells, or null when it is not a plain number (then it is an expression). */
    public static BigInteger parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.strip().replace("_", "");
        try {
            BigInteger v;
            if (t.startsWith("0x") || t.startsWith("0X")) {
                v = new BigInteger(t.substring(2), 16);
            } else if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
                v = new BigInteger(t);
            } else {
                return null;
            }
            return v.signum() >= 0 && v.compareTo(LIMIT) < 0 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public static String hex(BigInteger address) {
        return "0x" + address.toString(16);
    }
}
