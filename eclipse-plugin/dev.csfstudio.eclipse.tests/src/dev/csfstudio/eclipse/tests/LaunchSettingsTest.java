package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.debug.launch.LaunchSettings;

/** A "CSF Stream" configuration as csf debug's launch arguments, and what keeps it from launching. */
class LaunchSettingsTest {

    private static final Function<String, String> EXISTS = p -> p.equals("/p/clear.csf") ? "/ws/p/clear.csf" : null;

    @Test
    void defaultsSendOnlyTheProgramAndStopOnEntry() {
        assertEquals(Map.of("program", "/ws/p/clear.csf", "stopOnEntry", false),
                new LaunchSettings("/p/clear.csf", "", false, 0, 0).dapArguments(EXISTS));
    }

    @Test
    void entryStepsAndTimeoutAreSentWhenSet() {
        assertEquals(Map.of("program", "/ws/p/clear.csf", "stopOnEntry", true, "entry", "frag", "steps", 500L, "timeout", 5),
                new LaunchSettings("/p/clear.csf", " frag ", true, 500, 5).dapArguments(EXISTS));
    }

    @Test
    void aMissingFileOrNegativeNumberIsSaidPlainly() {
        assertEquals("Choose the .csf file to debug.", new LaunchSettings(" ", "", false, 0, 0).problem(EXISTS));
        assertEquals("The file /p/gone.csf does not exist.", new LaunchSettings("/p/gone.csf", "", false, 0, 0).problem(EXISTS));
        assertEquals("The step budget must be 0 (the default) or more, not -1.",
                new LaunchSettings("/p/clear.csf", "", false, -1, 0).problem(EXISTS));
        assertNull(new LaunchSettings("/p/clear.csf", "", false, 0, 0).problem(EXISTS));
    }

    @Test
    void aHistoryBoundIsSentInBytesAndAnOutOfRangeOneIsSaidPlainly() {
        assertEquals(Map.of("program", "/ws/p/clear.csf", "stopOnEntry", false, "historyBytes", 64L << 20),
                new LaunchSettings("/p/clear.csf", "", false, 0, 0, 64).dapArguments(EXISTS));
        assertEquals("The history bound must be 0 (the default, 256 MiB) to 1048576 MiB, not -1.",
                new LaunchSettings("/p/clear.csf", "", false, 0, 0, -1).problem(EXISTS));
    }
}
