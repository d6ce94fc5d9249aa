package dev.csfstudio.asm.directives;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The assembler's handler of every directive in {@link Directives}, by name: exactly one each. */
public final class DirectiveHandlers {

    private final Map<String, DirectiveHandler> byName;

    /** Refuses handlers that leave a directive of the table without one, or handle a directive it lacks. */
    public DirectiveHandlers(Map<String, DirectiveHandler> handlers) {
        Set<String> missing = new TreeSet<>(Directives.names());
        missing.removeAll(handlers.keySet());
        Set<String> unknown = new TreeSet<>(handlers.keySet());
        unknown.removeAll(Directives.names());
        if (!missing.isEmpty() || !unknown.isEmpty()) {
            throw new IllegalArgumentException("directive handlers do not match the directive table: without a handler "
                    + missing + ", not in the table " + unknown);
        }
        this.byName = new HashMap<>(handlers);
    }

    /** The handler of a directive name as {@link Directives#nameOf} spells it (lower case, with its dot), or null. */
    public DirectiveHandler handler(String name) {
        return byName.get(name);
    }

    public Set<String> names() {
        return byName.keySet();
    }
}
