package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Words of a binary read a piece at a time: every word once, in order, and a file that changed is an error. */
class InstructionWordsTest {

    @TempDir
    Path dir;

    private static long[] read(InstructionWords words) throws IOException {
        long[] seen = new long[words.count()];
        words.forEach((i, w) -> seen[i] = w);
        return seen;
    }

    @Test
    void aFileOfSeveralPiecesIsReadWordForWordInEveryPass() throws IOException {
        long[] words = LongStream.range(0, (1 << 16) * 2 + 3).map(i -> i * 0x0101_0101_0101_0101L ^ -i).toArray();
        Path file = Files.write(dir.resolve("s.bin"), GoldenVectors.littleEndian(words));
        InstructionWords inFile = InstructionWords.inFile(file, words.length);
        assertArrayEquals(words, read(inFile));
        assertArrayEquals(words, read(inFile));
    }

    @Test
    void aFileThatGrewBetweenPassesIsAnError() throws IOException {
        Path file = Files.write(dir.resolve("s.bin"), GoldenVectors.littleEndian(1, 2));
        InstructionWords inFile = InstructionWords.inFile(file, 2);
        read(inFile);
        Files.write(file, GoldenVectors.littleEndian(3), StandardOpenOption.APPEND);
        UserError e = assertThrows(UserError.class, () -> read(inFile));
        assertTrue(e.getMessage().contains("changed while it was read"), e.getMessage());
    }

    @Test
    void aFileThatShrankBetweenPassesIsAnError() throws IOException {
        Path file = Files.write(dir.resolve("s.bin"), GoldenVectors.littleEndian(1, 2));
        InstructionWords inFile = InstructionWords.inFile(file, 2);
        Files.write(file, GoldenVectors.littleEndian(1));
        UserError e = assertThrows(UserError.class, () -> read(inFile));
        assertTrue(e.getMessage().contains("no longer holds 2 words"), e.getMessage());
    }
}
