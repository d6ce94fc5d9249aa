package dev.csfstudio.bench.asm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The floor under the assembler benchmark: the least any JVM program has to do with a source, timed as a whole
 * process like {@code csf asm}. It maps the file, splits it at line ends into one part per core and adds up every
 * decimal and hexadecimal number of each part, nothing else: no names, no encoding, no output.
 * An assembler must at least read every number, so a JVM assembler of this source cannot finish sooner than this
 * does; bench/asm.sh prints its time beside GNU as's so that a goal stated as a ratio to {@code as} can be
 * checked against what the JVM allows at all.
 *
 * <p>Usage: {@code NumberChecksum SOURCE}; prints the line count and the numbers' sum (so that no work is skipped).
 */
public final class NumberChecksum {

    private NumberChecksum() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            System.err.println("usage: NumberChecksum SOURCE");
            System.exit(1);
        }
        ByteBuffer source;
        try (FileChannel channel = FileChannel.open(Path.of(args[0]))) {
            if (channel.size() > Integer.MAX_VALUE) {
                System.err.println("NumberChecksum: " + args[0] + " is larger than 2 GiB");
                System.exit(1);
            }
            source = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
        }
        long[] linesAndSum = scan(source, Runtime.getRuntime().availableProcessors());
        System.out.println(linesAndSum[0] + " lines, numbers summing to " + Long.toHexString(linesAndSum[1]));
    }

    /** The line count and the (wrapping) sum of the numbers of {@code source}, scanned in {@code n} parts at once. */
    static long[] scan(ByteBuffer source, int n) throws InterruptedException {
        int[] cuts = lineCuts(source, n);
        long[][] found = new long[n][];
        Thread[] threads = new Thread[n];
        for (int p = 0; p < n; p++) {
            int part = p;
            threads[p] = new Thread(() -> found[part] = linesAndSum(source, cuts[part], cuts[part + 1]));
            threads[p].start();
        }
        long[] linesAndSum = new long[2];
        for (int p = 0; p < n; p++) {
            threads[p].join();
            linesAndSum[0] += found[p][0];
            linesAndSum[1] += found[p][1];
        }
        return linesAndSum;
    }

    /** {@code n} parts' bounds, each part but the last ending just after a line end. */
    static int[] lineCuts(ByteBuffer source, int n) {
        int size = source.limit();
        int[] cuts = new int[n + 1];
        cuts[n] = size;
        for (int p = 1; p < n; p++) {
            int at = Math.max(cuts[p - 1], (int) ((long) size * p / n));
            while (at < size && source.get(at) != '\n') {
                at++;
            }
            cuts[p] = Math.min(size, at + 1);
        }
        return cuts;
    }

    /** One part's line count and the sum of its numbers: {@code b} from {@code from} to {@code to}. */
    static long[] linesAndSum(ByteBuffer b, int from, int to) {
        long sum = 0;
        long n = 0;
        int i = from;
        while (i < to) {
            byte c = b.get(i);
            if (c == '\n') {
                n++;
                i++;
            } else if (c >= '0' && c <= '9') {
                int radix = 10;
                if (c == '0' && i + 1 < to && (b.get(i + 1) | 0x20) == 'x') {
                    radix = 16;
                    i += 2;
                }
                long v = 0;
                for (; i < to; i++) {
                    int d = Character.digit(b.get(i), radix); // -1 for any byte above 127 too
                    if (d < 0) {
                        break;
                    }
                    v = radix * v + d;
                }
                sum += v;
            } else {
                // a name's digits are part of the name, not a number
                if (c == '_' || (c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
                    do {
                        i++;
                    } while (i < to && isNamePart(b.get(i)));
                } else {
                    i++;
                }
            }
        }
        return new long[] {n, sum};
    }

    private static boolean isNamePart(byte c) {
        return c == '_' || c >= '0' && c <= '9' || (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    }
}
