package dev.csfstudio.asm;

import dev.csfstudio.asm.directives.DirectiveHandler;
import dev.csfstudio.asm.directives.DirectiveHandlers;
import dev.csfstudio.asm.directives.Directives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The assembler handles every directive of the directive table, each with exactly one handler. */
class DirectiveHandlersTest {

    private final DirectiveHandlers handlers = new Assembly(AssemblerOptions.defaults(), f -> null).directiveHandlers();

    @Test
    void everyDirectiveOfTheTableHasItsHandler() {
        for (Directives.Directive d : Directives.all()) {
            assertNotNull(handlers.handler(d.name()), d.name());
        }
        assertEquals(Directives.all().stream().map(Directives.Directive::name).collect(Collectors.toSet()),
                handlers.names());
    }

    @Test
    void handlersThatLeaveADirectiveOutAreRefused() {
        Map<String, DirectiveHandler> all = new HashMap<>();
        Directives.names().forEach(n -> all.put(n, handlers.handler(n)));
        all.remove(".fill");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DirectiveHandlers(all));
        assertTrue(e.getMessage().contains(".fill"), e.getMessage());
    }

    @Test
    void aHandlerForADirectiveTheTableLacksIsRefused() {
        Map<String, DirectiveHandler> all = new HashMap<>();
        Directives.names().forEach(n -> all.put(n, handlers.handler(n)));
        all.put(".macro", DirectiveHandler.placing((s, d) -> { }));
        assertThrows(IllegalArgumentException.class, () -> new DirectiveHandlers(all));
        assertEquals(Set.copyOf(Directives.names()), handlers.names());
    }
}
