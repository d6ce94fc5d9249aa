package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.directives.DescriptorDirectives;
import dev.csfstudio.asm.expr.ExpressionText;
import dev.csfstudio.asm.expr.SymbolicExpression;

import java.nio.charset.StandardCharsets;

/**
 * The expressions the descriptor table holds (field defaults such as {@code width-1} and {@code internal(format)}),
 * read by {@link ExpressionText} as the plain scanner reads source, instead of a parse: a small assembly with descriptors need not
 * load ANTLR for them. {@code TableDefaultsTest} holds every default's value equal to its parse tree's.
 */
public final class TableExpressions implements DescriptorDirectives.DefaultReader {

    @Override
    public SymbolicExpression read(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        for (byte b : bytes) {
            if (b < 0) {
                return null; // not ASCII: no table default is
            }
        }
        ExpressionText reader = new ExpressionText();
        int end = reader.read(bytes, 0, 0, bytes.length, new InternedNames());
        return end == bytes.length ? reader.expression() : null;
    }
}
