package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ResultTest {

    @Test
    void mapTransformsAValue() {
        assertEquals(Result.ok(8), Result.ok(4).map(x -> x * 2));
    }

    @Test
    void mapKeepsARefusal() {
        assertEquals(Result.refused("no"), Result.<Integer>refused("no").map(x -> x * 2));
    }

    @Test
    void flatMapMakesTheNextRequestWithTheValue() {
        assertEquals(Result.refused("4 is even"), Result.ok(4).flatMap(x -> Result.refused(x + " is even")));
    }

    @Test
    void flatMapDoesNotMakeTheNextRequestAfterARefusal() {
        int[] calls = {0};
        Result<Integer> r = Result.<Integer>refused("no").flatMap(x -> {
            calls[0]++;
            return Result.ok(x);
        });
        assertEquals(Result.refused("no"), r);
        assertEquals(0, calls[0]);
    }
}
