package dev.csfstudio.asm.directives;

import java.util.HashMap;
import java.util.Map;

/**
 * The assembler's handler of every directive in {@link Directives}, by name: exactly one each, made the first time
 * a source uses the directive. Wiring all of them up front linked about 45 lambda sites on every start, most for
 * directives a small source never uses.
 */
public final class DirectiveHandlers {

    /** Makes the handler of a directive of the table; null for a name the table lacks. */
    public interface Wiring {
        DirectiveHandler of(String name);
    }

    private final Wiring wiring;
    private final Map<String, DirectiveHandler> made = new HashMap<>();

    public DirectiveHandlers(Wiring wiring) {
        this.wiring = wiring;
    }

    /**
     * The handler of a directive name as {@link Directives#nameOf} spells it (lower case, with its dot), or null for
     * a name the table lacks. A directive of the table the wiring has no handler for, or a handler for a name the
     * table lacks, is a bug of the assembler, refused here.
     */
    public DirectiveHandler handler(String name) {
        DirectiveHandler h = made.get(name);
        if (h != null) {
            return h;
        }
        boolean inTable = Directives.byName(name).isPresent();
        h = wiring.of(name);
        if (inTable != (h != null)) {
            throw new IllegalStateException(inTable ? "the directive " + name + " of the directive table has no handler"
                    : "a handler for " + name + ", which the directive table lacks");
        }
        if (h != null) {
            made.put(name, h);
        }
        return h;
    }
}
