package dev.csfstudio.asm;

import dev.csfstudio.asm.directives.DirectiveHandler;
import dev.csfstudio.asm.directives.DirectiveHandlers;
import dev.csfstudio.asm.directives.Directives;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The assembler handles every directive of the directive table, each with exactly one handler. */
class DirectiveHandlersTest {

    private final Assembly assembly = new Assembly(AssemblerOptions.defaults(), f -> null);
    private final DirectiveHandlers handlers = new DirectiveHandlers(assembly::directiveHandler);

    @Test
    void everyDirectiveOfTheTableHasItsHandler() {
        for (Directives.Directive d : Directives.all()) {
            assertNotNull(handlers.handler(d.name()), d.name());
        }
    }

    @Test
    void aNameTheTableLacksHasNoHandler() {
        assertNull(handlers.handler(".macro"));
        assertNull(assembly.directiveHandler(".macro"));
    }

    @Test
    void aDirectiveKeepsTheHandlerItWasFirstGiven() {
        assertSame(handlers.handler(".word"), handlers.handler(".word"));
    }

    @Test
    void aWiringThatLeavesADirectiveOutIsRefused() {
        DirectiveHandlers without = new DirectiveHandlers(n -> n.equals(".fill") ? null : assembly.directiveHandler(n));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> without.handler(".fill"));
        assertTrue(e.getMessage().contains(".fill"), e.getMessage());
    }

    @Test
    void aHandlerForADirectiveTheTableLacksIsRefused() {
        DirectiveHandlers extra = new DirectiveHandlers(n -> n.equals(".macro") ? DirectiveHandler.placing((s, d, a) -> { })
                : assembly.directiveHandler(n));
        assertThrows(IllegalStateException.class, () -> extra.handler(".macro"));
    }
}
