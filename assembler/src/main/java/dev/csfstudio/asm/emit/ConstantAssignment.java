package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.layout.Statement;

/**
 * {@code .equ NAME, VALUE} ({@code redefinable}: {@code .set}) whose value is a {@link SymbolicExpression}, as
 * the plain scanner reads it without a parse: the name at 1-based columns {@code nameColumn..nameEndColumn}.
 * Defined in pass 1, evaluated again in statement order after layout like the parsed directive.
 */
public record ConstantAssignment(boolean redefinable, String name, int nameColumn, int nameEndColumn,
                                 SymbolicExpression value) implements Fixup {
    @Override
    public void handTo(Handler handler, Statement s, int index) {
        handler.constant(s, index, this);
    }
}
