package dev.csfstudio.runtime;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The streams of mesa's load/store tracker tests (src/panfrost/genxml/test/cs_builder.cpp: a load before a loop,
 * a load inside an if inside a loop, with continue and break, a load of a register the loop loads again) with the
 * WAITs the tracker inserted: they run without a hazard, and without any one of those WAITs the run stops at the
 * instruction that WAIT protected. A line {@code ; guards TAG} is such a WAIT, {@code ; TAG} the instruction it
 * protects ({@code ; guards nothing}: a WAIT mesa's test calls unnecessary). Registers r1/r2 count the loops
 * down so that every path mesa's test builds runs and ends; the instructions around the WAITs are mesa's.
 */
class MesaTrackerStreamsTest {

    private static final String PRELUDE = """
            .buffer data, size=8
                .word 5
            .stream main
                MOVE48  d10, data
            """;

    static Stream<Arguments> streams() {
        return Stream.of(
                Arguments.of("loop_ls_tracker_unrelated_inside", """
                            LOAD_MULTIPLE r0, [d10]
                        loop:
                            ADD_IMMEDIATE32 r1, r1, #0
                            BRANCH.always r0, done
                            BRANCH.always r0, loop
                        done:
                            WAIT    #0x1                    ; guards after
                            ADD_IMMEDIATE32 r0, r0, #0xab   ; after
                        """),
                Arguments.of("loop_ls_tracker_load_only_inside_if", """
                            MOVE32  r0, #-1
                        loop:
                            BRANCH.ge r0, endif
                            LOAD_MULTIPLE r0, [d10]
                        endif:
                            BRANCH.always r0, done
                            WAIT    #0x1                    ; guards nothing
                            BRANCH.always r0, loop
                        done:
                            WAIT    #0x1                    ; guards after
                            ADD_IMMEDIATE32 r0, r0, #0xab   ; after
                        """),
                Arguments.of("loop_ls_tracker_load_only_continue_inside_if", """
                            MOVE32  r1, #-3
                            ADD_IMMEDIATE32 r0, r0, #0
                        loop:
                            ADD_IMMEDIATE32 r1, r1, #1
                            BRANCH.ge r1, endif
                            LOAD_MULTIPLE r0, [d10]         ; again
                            WAIT    #0x1                    ; guards again
                            BRANCH.always r0, loop
                        endif:
                            BRANCH.always r1, done
                            BRANCH.always r0, loop
                        done:
                            ADD_IMMEDIATE32 r0, r0, #0xab
                        """),
                Arguments.of("loop_ls_tracker_load_only_break_inside_if", """
                            MOVE32  r1, #-3
                            ADD_IMMEDIATE32 r0, r0, #0
                        loop:
                            ADD_IMMEDIATE32 r1, r1, #1
                            BRANCH.ge r1, endif
                            LOAD_MULTIPLE r0, [d10]
                            BRANCH.always r0, done
                        endif:
                            WAIT    #0x1                    ; guards nothing
                            BRANCH.always r0, loop
                        done:
                            WAIT    #0x1                    ; guards after
                            ADD_IMMEDIATE32 r0, r0, #0xab   ; after
                        """),
                Arguments.of("loop_ls_tracker_load_same_inside", """
                            MOVE32  r1, #-2
                            LOAD_MULTIPLE r0, [d10]
                        loop:
                            WAIT    #0x1                    ; guards use
                            ADD_IMMEDIATE32 r0, r0, #0      ; use
                            LOAD_MULTIPLE r0, [d10]
                            ADD_IMMEDIATE32 r1, r1, #1
                            BRANCH.ge r1, endif
                            BRANCH.always r0, done
                        endif:
                            BRANCH.always r0, loop
                        done:
                            WAIT    #0x1                    ; guards after
                            ADD_IMMEDIATE32 r0, r0, #0xab   ; after
                        """),
                Arguments.of("maybe_flush_inner_load", """
                            LOAD_MULTIPLE r3, [d10]
                            WAIT    #0x1                    ; guards use
                            ADD_IMMEDIATE32 r4, r3, #0      ; use
                            ADD_IMMEDIATE32 r4, r3, #0
                        """));
    }

    private static RunReport run(List<String> lines) {
        return new Simulator(RunOptions.defaults()).run(Sessions.assemble(PRELUDE + String.join("\n", lines) + "\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void withMesasWaitsTheStreamRunsWithoutAHazard(String name, String body) {
        RunReport report = run(body.lines().toList());
        assertEquals(RunStatus.OK, report.status(), () -> report.fault().message());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void withoutAnyOneOfMesasWaitsTheRunStopsAtTheInstructionItProtected(String name, String body) {
        List<String> lines = body.lines().toList();
        for (int w = 0; w < lines.size(); w++) {
            int marker = lines.get(w).indexOf("; guards ");
            if (marker < 0) {
                continue;
            }
            String tag = lines.get(w).substring(marker + "; guards ".length()).trim();
            List<String> without = new ArrayList<>(lines);
            without.remove(w);
            RunReport report = run(without);
            if (tag.equals("nothing")) {
                assertEquals(RunStatus.OK, report.status(), name + " without the WAIT of line " + (w + 1));
                continue;
            }
            int reading = -1;
            for (int k = 0; k < without.size(); k++) {
                if (without.get(k).trim().endsWith("; " + tag)) {
                    reading = k + 1 + (int) PRELUDE.lines().count();
                }
            }
            assertEquals(RunStatus.HAZARD, report.status(), name + " without the WAIT of line " + (w + 1));
            assertEquals(reading, report.fault().line().line(), name + ": " + report.fault().message());
        }
    }
}
