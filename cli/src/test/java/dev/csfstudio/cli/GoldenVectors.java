package dev.csfstudio.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The 390 golden instruction vectors (copied from the isa module): word and canonical text. */
record GoldenVectors(long word, String text) {

    static List<GoldenVectors> all() {
        List<GoldenVectors> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                GoldenVectors.class.getResourceAsStream("encodings-v10.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] cols = line.split("\t");
                out.add(new GoldenVectors(Long.parseUnsignedLong(cols[0], 16), cols[1]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static byte[] littleEndian(long... words) {
        ByteBuffer b = ByteBuffer.allocate(words.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long w : words) {
            b.putLong(w);
        }
        return b.array();
    }
}
