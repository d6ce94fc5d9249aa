package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@code csf disasm} output assembles back to exactly the bytes it was made from. */
class DisassemblyRoundTripTest {

    /** Disassembles the words with the CLI, assembles the text, returns the entry stream's bytes. */
    private static byte[] roundTrip(long[] words, String... options) throws IOException {
        Path dir = Files.createTempDirectory("csf-roundtrip");
        try {
            Path bin = Files.write(dir.resolve("in.bin"), GoldenVectors.littleEndian(words));
            Path source = dir.resolve("out.csf");
            String[] args = new String[3 + options.length];
            args[0] = "disasm";
            args[1] = bin.toString();
            System.arraycopy(options, 0, args, 2, options.length);
            args[args.length - 1] = "-o" + source;
            CsfInvocation r = CsfInvocation.run(args);
            assertEquals(0, r.exitCode(), r.err());
            AssemblyResult result = new Assembler().assemble(source);
            assertEquals(List.of(), result.errors(), () -> "source:\n" + read(source));
            return result.program().entrySection().bytes();
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "<unreadable: " + e + ">";
        }
    }

    @Test
    void goldenVectorsReassembleToTheirBytes() throws IOException {
        long[] words = GoldenVectors.all().stream().mapToLong(GoldenVectors::word).toArray();
        assertArrayEquals(GoldenVectors.littleEndian(words), roundTrip(words));
    }

    @Test
    void branchesToLabelsReassembleAtAnyBase() throws IOException {
        long[] words = {
            0x100404_00ffffffffL,     // ADD_IMMEDIATE32 r4, r4, #-1
            0x1600_0400_3000_fffeL,   // BRANCH.ne r4, (back to the ADD)
            0x1600_0000_6000_0001L,   // BRANCH.always r0, (over the NOP, to the end)
            0L,
        };
        assertArrayEquals(GoldenVectors.littleEndian(words), roundTrip(words, "--base", "0x20000"));
    }

    @Property(tries = 60)
    void anyWordsReassembleToTheirBytes(@ForAll("streams") List<Long> stream)
            throws IOException {
        long[] words = stream.stream().mapToLong(Long::longValue).toArray();
        assertArrayEquals(GoldenVectors.littleEndian(words), roundTrip(words));
    }

    /** Mostly known opcodes with random fields (canonical or not), some fully random words, short branches. */
    @Provide
    Arbitrary<List<Long>> streams() {
        List<Integer> opcodes = InstructionSet.v10().instructions().stream().map(InstructionDef::opcode).toList();
        Arbitrary<Long> known = Arbitraries.of(opcodes).flatMap(op -> Arbitraries.longs()
                .map(bits -> ((long) op << 56) | (bits & 0x00ff_ffff_ffff_ffffL)));
        Arbitrary<Long> shortBranch = Arbitraries.integers().between(-8, 8).flatMap(off -> Arbitraries.integers()
                .between(0, 6).map(cond -> 0x1600_0000_0000_0000L | ((long) cond << 28) | (off & 0xffffL)));
        Arbitrary<Long> word = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, known), net.jqwik.api.Tuple.of(3, shortBranch),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs()));
        return word.list().ofMinSize(1).ofMaxSize(40);
    }
}
