package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.layout.Statement;

/**
 * The {@code field=value} arguments of a {@code .fbd} or {@code .rt} line as the plain scanner read them, each value
 * a whole expression: what the descriptor directives evaluate after layout instead of a syntax tree.
 * Columns are 1-based with exclusive ends, two an argument (key, and value). Its own fixup: the
 * fields are written once every address is known.
 */
public record DescriptorArguments(boolean fbd, String[] keys, int[] keyColumns, SymbolicExpression[] values,
                                  int[] valueColumns) implements Fixup {

    @Override
    public void handTo(Handler handler, Statement s, int index) {
        handler.descriptor(s, index, this);
    }

    public String directive() {
        return fbd ? ".fbd" : ".rt";
    }

    public int size() {
        return keys.length;
    }
}
