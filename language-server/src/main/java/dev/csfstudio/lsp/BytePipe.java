package dev.csfstudio.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded in-memory byte pipe between threads, behaving like a process's stdio: any thread may read or
 * write (java.io's piped streams fail once a thread that wrote has ended, and LSP4J writes from pool
 * threads that come and go), and an interrupt does not close it (it does close a {@code Pipe} channel, and
 * the server cancels work with interrupts). Closing the output ends the input after what was written;
 * closing the input makes writes fail and wakes a blocked reader with end of stream.
 */
final class BytePipe {

    private final byte[] buffer;
    private int head;
    private int count;
    private boolean outputClosed;
    private boolean inputClosed;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition readable = lock.newCondition();
    private final Condition writable = lock.newCondition();

    final Input input = new Input();
    final Output output = new Output();

    /** The reading end. */
    final class Input extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            lock.lock();
            try {
                while (count == 0 && !outputClosed && !inputClosed) {
                    readable.awaitUninterruptibly();
                }
                if (count == 0) {
                    return -1;
                }
                int n = Math.min(len, count);
                int first = Math.min(n, buffer.length - head);
                System.arraycopy(buffer, head, b, off, first);
                System.arraycopy(buffer, 0, b, off + first, n - first);
                head = (head + n) % buffer.length;
                count -= n;
                writable.signalAll();
                return n;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public int available() {
            lock.lock();
            try {
                return count;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            closeEnd(true);
        }
    }

    /** The writing end. */
    final class Output extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            lock.lock();
            try {
                while (len > 0) {
                    while (count == buffer.length && !inputClosed && !outputClosed) {
                        writable.awaitUninterruptibly();
                    }
                    if (outputClosed) {
                        throw new IOException("pipe closed");
                    }
                    if (inputClosed) {
                        throw new IOException("pipe closed by its reader");
                    }
                    int tail = (head + count) % buffer.length;
                    int n = Math.min(len, Math.min(buffer.length - count, buffer.length - tail));
                    System.arraycopy(b, off, buffer, tail, n);
                    count += n;
                    off += n;
                    len -= n;
                    readable.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            closeEnd(false);
        }
    }

    BytePipe(int capacity) {
        buffer = new byte[capacity];
    }

    /** Closes one end and wakes everyone waiting: a closed input also drops what nobody will read. */
    private void closeEnd(boolean input) {
        lock.lock();
        try {
            if (input) {
                inputClosed = true;
                count = 0;
            } else {
                outputClosed = true;
            }
            readable.signalAll();
            writable.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
