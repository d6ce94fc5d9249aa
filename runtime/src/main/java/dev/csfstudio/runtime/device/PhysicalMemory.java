package dev.csfstudio.runtime.device;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The device's physical memory in 4 KiB frames. Frames are handed out in a scattered order (an odd
 * multiplier walks a power-of-two frame range as a permutation) so consecutive pages of a buffer are
 * never physically adjacent: anything that forgets to translate page by page breaks at once.
 * A frame's bytes are allocated on first write; a frame never written reads as zeros. An {@link #image}
 * shares the frames with the live memory until either side would change one: a write to a shared frame
 * copies it first, so keeping an image costs only the frames written afterwards.
 */
public final class PhysicalMemory {

    public static final int PAGE_SHIFT = 12;
    public static final int PAGE_SIZE = 1 << PAGE_SHIFT;
    public static final long PAGE_MASK = PAGE_SIZE - 1;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] ZERO_FRAME = new byte[PAGE_SIZE];
    /** Golden-ratio multiplier: odd, so {@code i * SCATTER mod 2^k} is a permutation of the frames. */
    private static final long SCATTER = 0x9E37_79B1L;

    /** Told when a frame's contents change, so decoded copies of it can be dropped. */
    @FunctionalInterface
    public interface WriteObserver {
        void frameWritten(int frame);
    }

    /** Guard bits of a frame: a decoded copy wants to hear of the next write; the frame is shared with an image. */
    private static final byte OBSERVED = 1, SHARED = 2;

    private final byte[][] frames;
    /** Per frame: what a write must do first (one check on every write whatever the bits). */
    private final byte[] guard;
    private final int frameMask;
    private final long seed;
    private int handedOut;
    private long copies;
    private WriteObserver observer = frame -> { };

    /** Memory of at least {@code minFrames} frames (rounded up to a power of two); {@code seed} picks the order. */
    public PhysicalMemory(int minFrames, long seed) {
        int n = Integer.highestOneBit(Math.max(16, minFrames - 1)) << 1;
        this.frames = new byte[n][];
        this.guard = new byte[n];
        this.frameMask = n - 1;
        this.seed = seed;
    }

    public int frameCount() {
        return frames.length;
    }

    public int framesHandedOut() {
        return handedOut;
    }

    /** Hands out the next free frame; returns its physical address. */
    public long allocateFrame() {
        if (handedOut >= frames.length) {
            throw new IllegalStateException("physical memory exhausted (" + frames.length + " frames)");
        }
        long frame = (handedOut++ * SCATTER + seed) & frameMask;
        return frame << PAGE_SHIFT;
    }

    public void setWriteObserver(WriteObserver observer) {
        this.observer = observer;
    }

    /** Asks for a {@link WriteObserver} call on the next write to {@code frame}. */
    void observe(int frame) {
        guard[frame] |= OBSERVED;
    }

    /** The frame's bytes for reading (shared zero frame when never written). Callers must not modify it. */
    byte[] frameForRead(int frame) {
        byte[] f = frames[frame];
        return f == null ? ZERO_FRAME : f;
    }

    /** The frame's bytes for a write; {@code whole}: the write covers the frame, so a shared copy need not be read. */
    private byte[] frameForWrite(int frame, boolean whole) {
        if (guard[frame] != 0) {
            guarded(frame, whole);
        }
        byte[] f = frames[frame];
        if (f == null) {
            f = frames[frame] = new byte[PAGE_SIZE];
        }
        return f;
    }

    private void guarded(int frame, boolean whole) {
        int bits = guard[frame];
        guard[frame] = 0;
        if ((bits & OBSERVED) != 0) {
            observer.frameWritten(frame);
        }
        if ((bits & SHARED) != 0 && frames[frame] != null) {
            frames[frame] = whole ? new byte[PAGE_SIZE] : frames[frame].clone();
            copies++;
        }
    }

    /** Frames copied on write since the last call: what keeping the last image has cost. */
    public long takeCopies() {
        long n = copies;
        copies = 0;
        return n;
    }

    /**
     * Every frame as it is now, for {@link #restore}. The arrays are shared, not copied: from now on the
     * first write to each frame copies it, so the image never changes.
     */
    public byte[][] image() {
        byte[][] image = frames.clone();
        for (int f = 0; f < image.length; f++) {
            if (image[f] != null) {
                guard[f] |= SHARED;
            }
        }
        return image;
    }

    /** Makes the memory hold {@code image} again; decoded copies of frames that differ are dropped. */
    public void restore(byte[][] image) {
        for (int f = 0; f < image.length; f++) {
            if (frames[f] != image[f]) {
                frames[f] = image[f];
                if ((guard[f] & OBSERVED) != 0) {
                    guard[f] &= ~OBSERVED;
                    observer.frameWritten(f);
                }
            }
            guard[f] = (byte) (frames[f] != null ? guard[f] | SHARED : guard[f] & ~SHARED);
        }
    }

    private static int frameOf(long pa) {
        return (int) (pa >>> PAGE_SHIFT);
    }

    /** The little-endian 32-bit value at {@code pa}; the value must not cross a frame boundary. */
    public int read32(long pa) {
        checkInFrame(pa, 4);
        return (int) INT.get(frameForRead(frameOf(pa)), (int) (pa & PAGE_MASK));
    }

    public long read64(long pa) {
        checkInFrame(pa, 8);
        return (long) LONG.get(frameForRead(frameOf(pa)), (int) (pa & PAGE_MASK));
    }

    public void write32(long pa, int value) {
        checkInFrame(pa, 4);
        INT.set(frameForWrite(frameOf(pa), false), (int) (pa & PAGE_MASK), value);
    }

    public void write64(long pa, long value) {
        checkInFrame(pa, 8);
        LONG.set(frameForWrite(frameOf(pa), false), (int) (pa & PAGE_MASK), value);
    }

    /** Copies {@code length} bytes starting at {@code pa}; the range must stay inside one frame. */
    public void read(long pa, byte[] dst, int dstOffset, int length) {
        checkInFrame(pa, length);
        System.arraycopy(frameForRead(frameOf(pa)), (int) (pa & PAGE_MASK), dst, dstOffset, length);
    }

    /** Stores {@code length} bytes at {@code pa}; the range must stay inside one frame. */
    public void write(long pa, byte[] src, int srcOffset, int length) {
        checkInFrame(pa, length);
        int frame = frameOf(pa);
        int at = (int) (pa & PAGE_MASK);
        byte[] f = guard[frame] == 0 ? frames[frame] : null;
        if (f == null) {
            if (length == 0 || (guard[frame] & SHARED) != 0
                    && Arrays.equals(frames[frame], at, at + length, src, srcOffset, srcOffset + length)) {
                return; // a shared frame stays shared when the write would change nothing (a clear repeated)
            }
            f = frameForWrite(frame, length == PAGE_SIZE);
        }
        System.arraycopy(src, srcOffset, f, at, length);
    }

    /** Whether the frame holding {@code pa} has ever been written. */
    public boolean materialised(long pa) {
        return frames[frameOf(pa)] != null;
    }

    private static void checkInFrame(long pa, int length) {
        if (length < 0 || (pa & PAGE_MASK) + length > PAGE_SIZE) {
            throw new IllegalArgumentException("physical access of " + length + " bytes at 0x" + Long.toHexString(pa)
                    + " crosses a frame boundary");
        }
    }
}
