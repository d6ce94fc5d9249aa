package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.expr.SymbolicExpression;

/**
 * The first {@code n} elements of a reference array as an array of its own type. {@code Arrays.copyOf} of a typed
 * array makes the new array by reflection, a call into the JVM each time under the C1 compiler the assembler runs
 * with: the scanners copy such arrays for every line of expressions, descriptors and sections.
 */
final class ArrayCopies {

    private ArrayCopies() {
    }

    static String[] strings(String[] a, int n) {
        String[] copy = new String[n];
        System.arraycopy(a, 0, copy, 0, Math.min(n, a.length));
        return copy;
    }

    static SymbolicExpression[] expressions(SymbolicExpression[] a, int n) {
        SymbolicExpression[] copy = new SymbolicExpression[n];
        System.arraycopy(a, 0, copy, 0, Math.min(n, a.length));
        return copy;
    }
}
