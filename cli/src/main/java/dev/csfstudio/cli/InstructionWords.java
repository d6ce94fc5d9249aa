package dev.csfstudio.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A run of 64-bit instruction words that can be gone through from the start more than once: a disassembly
 * looks for branch targets first and prints second. One kept in a file is read a piece at a time each
 * time, so a 256 MiB binary costs a buffer, not its bytes and words in memory.
 */
interface InstructionWords {

    /** Takes each word with its index. */
    @FunctionalInterface
    interface Visitor {
        void visit(int index, long word) throws IOException;
    }

    /** How many words there are. */
    int count();

    /** Gives every word to {@code visitor}, in order. */
    void forEach(Visitor visitor) throws IOException;

    static InstructionWords of(long[] words) {
        return new InstructionWords() {
            @Override
            public int count() {
                return words.length;
            }

            @Override
            public void forEach(Visitor visitor) throws IOException {
                for (int i = 0; i < words.length; i++) {
                    visitor.visit(i, words[i]);
                }
            }
        };
    }

    /**
     * The {@code count} little-endian words of {@code file}; reading it fails when the file no longer holds
     * exactly that many (it changed between two passes).
     */
    static InstructionWords inFile(Path file, int count) {
        return new InstructionWords() {
            /** Words read per piece. */
            private static final int PIECE = 1 << 16;

            @Override
            public int count() {
                return count;
            }

            @Override
            public void forEach(Visitor visitor) throws IOException {
                ByteBuffer piece = ByteBuffer.allocate(PIECE * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                try (FileChannel in = open(file)) {
                    int index = 0;
                    while (index < count) {
                        piece.clear().limit((int) Math.min(piece.capacity(), (long) (count - index) * Long.BYTES));
                        if (!fill(file, in, piece)) {
                            throw changed(file, count);
                        }
                        piece.flip();
                        while (piece.hasRemaining()) {
                            visitor.visit(index++, piece.getLong());
                        }
                    }
                    if (fill(file, in, piece.clear().limit(1))) {
                        throw changed(file, count);
                    }
                }
            }
        };
    }

    private static FileChannel open(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + IoMessages.reason(e));
        }
    }

    /** Reads until {@code piece} is full; false when the file ends first. */
    private static boolean fill(Path file, FileChannel in, ByteBuffer piece) {
        try {
            while (piece.hasRemaining()) {
                if (in.read(piece) < 0) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + IoMessages.reason(e));
        }
    }

    private static UserError changed(Path file, int count) {
        return new UserError(file + " changed while it was read: it no longer holds " + count + " words");
    }
}
