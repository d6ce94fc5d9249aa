package dev.csfstudio.asm.source;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Computes per-item results of {@code count} items in chunks on worker threads and hands them out in item
 * order. Only a few chunks are in flight at a time, so memory stays bounded however long the input is.
 * The work function must not touch the caller's mutable state: it only reads its inputs. With one
 * thread (or a small input) every chunk is computed on the calling thread, giving the same results.
 */
public final class OrderedChunks<R> {

    /** Computes the results of items {@code from} (inclusive) to {@code to} (exclusive). */
    public interface Work<R> {
        Object[] run(int from, int to);
    }

    /** Computes one piece of {@link #pieces}: positions {@code from} (inclusive) to {@code to} (exclusive). */
    interface PieceWork<R> {
        R run(int from, int to);
    }

    /**
     * The results of {@code work} on {@code [0, length)} cut into pieces of {@code piece} positions (at least
     * one piece, so an empty input still gets one result), in order, computed by {@code threads} as in the
     * constructor.
     */
    static <R> java.util.List<R> pieces(int length, int piece, int threads, PieceWork<R> work) {
        int count = Math.max(1, (int) ((length + (long) piece - 1) / piece));
        OrderedChunks<R> results = new OrderedChunks<>(count, 1, threads, (from, to) -> {
            Object[] out = new Object[to - from];
            for (int i = from; i < to; i++) {
                out[i - from] = work.run((int) Math.min(length, (long) i * piece),
                        (int) Math.min(length, (i + 1L) * piece));
            }
            return out;
        });
        java.util.List<R> all = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            all.add(results.next());
        }
        return all;
    }

    /** Items per chunk: large enough to amortise hand-over, small enough to keep the pipeline short. */
    public static final int CHUNK = 8192;

    private static final int CORES = Math.max(1, Runtime.getRuntime().availableProcessors());
    private static volatile ExecutorService workers;

    private final int count;
    private final int chunk;
    private final Work<R> work;
    private final boolean parallel;
    private final int window;
    private final Deque<Future<Object[]>> inFlight = new ArrayDeque<>();
    private int nextChunkStart;
    private Object[] current;
    private int currentStart;
    private int index;

    /**
     * @param threads how many threads may compute chunks; 0 = one per core. 1 computes everything on the
     *                caller's thread.
     */
    public OrderedChunks(int count, int chunk, int threads, Work<R> work) {
        this.count = count;
        this.chunk = Math.max(1, chunk);
        this.work = work;
        int t = threads <= 0 ? CORES : threads;
        this.parallel = t > 1 && count > this.chunk;
        this.window = 2 * t + 1;
        fill();
    }

    /** The result of the next item, in order. */
    @SuppressWarnings("unchecked")
    public R next() {
        if (index >= count) {
            throw new java.util.NoSuchElementException();
        }
        if (current == null || index - currentStart >= current.length) {
            currentStart = index;
            current = nextChunk();
        }
        return (R) current[index++ - currentStart];
    }

    private Object[] nextChunk() {
        if (!parallel) {
            int to = Math.min(count, nextChunkStart + chunk);
            Object[] out = work.run(nextChunkStart, to);
            nextChunkStart = to;
            return out;
        }
        Future<Object[]> f = inFlight.poll();
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while assembling", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error err) {
                throw err;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        } finally {
            fill();
        }
    }

    private void fill() {
        if (!parallel) {
            return;
        }
        while (inFlight.size() < window && nextChunkStart < count) {
            int from = nextChunkStart;
            int to = Math.min(count, from + chunk);
            inFlight.add(pool().submit(() -> work.run(from, to)));
            nextChunkStart = to;
        }
    }

    private static ExecutorService pool() {
        ExecutorService p = workers;
        if (p == null) {
            synchronized (OrderedChunks.class) {
                p = workers;
                if (p == null) {
                    AtomicInteger n = new AtomicInteger();
                    p = workers = Executors.newFixedThreadPool(CORES, r -> {
                        Thread t = new Thread(r, "csf-asm-" + n.incrementAndGet());
                        t.setDaemon(true); // never keeps a finished CLI or test JVM alive
                        return t;
                    });
                }
            }
        }
        return p;
    }
}
