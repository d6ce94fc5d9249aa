package dev.csfstudio.asm.source;

/**
 * A start and end column on one line packed into one primitive, as the columnar tables keep them: in an int when
 * each fits a char (statement and label rows, which keep a range elsewhere for the rare line past 65,535
 * columns), or in a long for any two ints (references and branch names). The scanners' rows and the statement
 * table hand each other the int form as it is, so both read it through here.
 */
public final class ColumnPair {

    private ColumnPair() {
    }

    /** Whether {@code column..endColumn} fit the int form: each a char. */
    public static boolean fitsChars(int column, int endColumn) {
        return column >= 0 && endColumn >= 0 && column <= Character.MAX_VALUE && endColumn <= Character.MAX_VALUE;
    }

    /** The int form: the start column in the high half, the end column in the low half ({@link #fitsChars}). */
    public static int chars(int column, int endColumn) {
        return column << 16 | endColumn;
    }

    /** The start column of the int form. */
    public static int column(int chars) {
        return chars >>> 16;
    }

    /** The end column of the int form. */
    public static int endColumn(int chars) {
        return chars & 0xffff;
    }

    /** The long form: the start column in the high half, the end column in the low half. */
    public static long ints(int column, int endColumn) {
        return (long) column << 32 | endColumn & 0xffff_ffffL;
    }

    /** The start column of the long form. */
    public static int column(long ints) {
        return (int) (ints >>> 32);
    }

    /** The end column of the long form. */
    public static int endColumn(long ints) {
        return (int) ints;
    }
}
