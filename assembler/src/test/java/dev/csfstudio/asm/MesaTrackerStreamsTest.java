package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.program.Diagnostic;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The load/store tracker cases of mesa's {@code src/panfrost/genxml/test/cs_builder.cpp}, written as the instruction
 * sequences mesa emits (its WAITs included; offsets as labels; the load/store entry is 0, as in those tests): the
 * scoreboard check is silent on each, and removing one WAIT the tracker inserted gives the warnings at the lines
 * tagged {@code @tag}. Three of mesa's WAITs guard nothing on any path (one is unreachable, one follows a WAIT that
 * already drained the load, one waits where no load can be in flight): removing them gives none.
 */
class MesaTrackerStreamsTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("loop_ls_tracker_unrelated_inside", """
                                LOAD_MULTIPLE r0, [d10 + 0]
                        top:    ADD_IMMEDIATE32 r1, r1, #0
                                BRANCH.always r0, done          ; break
                                BRANCH.always r0, top
                        done:   WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r0, r0, #0xab   ; @add
                        """, List.of(List.of("add"))),
                Arguments.of("loop_ls_tracker_load_only_inside_if", """
                        top:    BRANCH.ge r0, skip
                                LOAD_MULTIPLE r0, [d10 + 0]
                        skip:   BRANCH.always r0, done          ; break
                                WAIT #0x1                       ; W (unreachable: mesa calls it unnecessary)
                                BRANCH.always r0, top
                        done:   WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r0, r0, #0xab   ; @add
                        """, List.of(List.of(), List.of("add"))),
                Arguments.of("loop_ls_tracker_load_only_continue_inside_if", """
                                ADD_IMMEDIATE32 r0, r0, #0
                        top:    BRANCH.ge r1, brk
                                LOAD_MULTIPLE r0, [d10 + 0]     ; @load
                                WAIT #0x1                       ; W
                                BRANCH.always r0, top           ; continue
                        brk:    BRANCH.always r0, done          ; break
                                BRANCH.always r0, top
                        done:   ADD_IMMEDIATE32 r0, r0, #0xab   ; @add
                        """, List.of(List.of("load", "add"))),
                Arguments.of("loop_ls_tracker_load_only_break_inside_if", """
                                ADD_IMMEDIATE32 r0, r0, #0
                        top:    BRANCH.ge r1, cont
                                LOAD_MULTIPLE r0, [d10 + 0]
                                BRANCH.always r0, done          ; break
                        cont:   WAIT #0x1                       ; W (no load reaches it)
                                BRANCH.always r0, top
                        done:   WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r0, r0, #0xab   ; @add
                        """, List.of(List.of(), List.of("add"))),
                Arguments.of("loop_ls_tracker_load_same_inside", """
                                LOAD_MULTIPLE r0, [d10 + 0]
                        top:    WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r0, r0, #0      ; @use
                                LOAD_MULTIPLE r0, [d10 + 0]
                                BRANCH.ge r1, cont
                                BRANCH.always r0, done          ; break
                        cont:   BRANCH.always r0, top
                        done:   WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r0, r0, #0xab   ; @add
                        """, List.of(List.of("use"), List.of("add"))),
                Arguments.of("loop_ls_tracker_load_same_inside_use_as_cond", """
                                LOAD_MULTIPLE r0, [d10 + 0]
                                WAIT #0x1                       ; W
                                BRANCH.ge r0, done              ; @enter
                        top:    ADD_IMMEDIATE32 r0, r0, #0
                                LOAD_MULTIPLE r0, [d10 + 0]
                                BRANCH.ge r1, cont
                                BRANCH.always r0, done          ; break
                        cont:   WAIT #0x1                       ; W
                                BRANCH.lt r0, top               ; @again
                        done:   WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r0, r0, #0xab   ; @add
                        """, List.of(List.of("enter"), List.of("again"), List.of("add"))),
                Arguments.of("maybe_flush_outer_load (patched)", """
                                LOAD_MULTIPLE r3, [d0 + 0]
                                WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r4, r3, #0      ; @first
                                WAIT #0x1                       ; W (the load was drained above)
                                ADD_IMMEDIATE32 r4, r3, #0
                        """, List.of(List.of("first"), List.of())),
                Arguments.of("maybe_flush_inner_load (patched)", """
                                LOAD_MULTIPLE r3, [d0 + 0]
                                WAIT #0x1                       ; W
                                ADD_IMMEDIATE32 r4, r3, #0      ; @first
                                ADD_IMMEDIATE32 r4, r3, #0
                        """, List.of(List.of("first"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void silentAsMesaEmitsIt(String name, String source, List<List<String>> afterRemoving) {
        assertEquals(List.of(), tagsWarned(source));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void removingOneOfItsWaitsWarnsAtTheLinesThatNeededIt(String name, String source, List<List<String>> afterRemoving) {
        List<String> lines = source.lines().toList();
        List<Integer> waits = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("; W")) {
                waits.add(i);
            }
        }
        assertEquals(afterRemoving.size(), waits.size(), "one expectation per WAIT");
        for (int w = 0; w < waits.size(); w++) {
            List<String> without = new ArrayList<>(lines);
            String removed = without.remove((int) waits.get(w));
            String label = removed.contains(":") ? removed.substring(0, removed.indexOf(':') + 1) : "";
            without.add(waits.get(w), label); // a label on the WAIT's line stays
            assertEquals(afterRemoving.get(w), tagsWarned(String.join("\n", without) + "\n"), "without WAIT " + (w + 1));
        }
    }

    /** The tags of the lines the scoreboard check warns at, in line order. */
    private static List<String> tagsWarned(String source) {
        AssemblyResult r = Sources.assemble(source);
        assertEquals(List.of(), r.errors());
        List<String> lines = source.lines().toList();
        List<String> tags = new ArrayList<>();
        for (Diagnostic d : r.diagnostics()) {
            if (d.code().id().startsWith("scoreboard-")) {
                String line = lines.get(d.range().line() - 1);
                tags.add(line.contains("@") ? line.substring(line.indexOf('@') + 1).strip() : "line " + d.range().line());
            }
        }
        return tags;
    }
}
