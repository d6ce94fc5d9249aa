package dev.csfstudio.asm.layout;

import java.util.Arrays;

/**
 * A section's bytes while it is assembled. Pass 1 writes its first 64 KiB into one array that doubles as it fills,
 * and the rest into pages of 64 KiB each, so a large section is never copied whole as it grows; layout
 * makes them one array of the section's final size ({@link #fix}), which the phases after it write in place.
 */
final class SectionContents {

    private static final int PAGE_BITS = 16;
    static final int PAGE = 1 << PAGE_BITS;

    /** Offsets {@code [0, PAGE)}, and after {@link #fix} the whole section. */
    private byte[] head = new byte[0];
    /** Page {@code k} holds offsets {@code [(k + 1) * PAGE, (k + 2) * PAGE)}; null once fixed. */
    private byte[][] pages = new byte[0][];
    private boolean fixed;

    /** Writes the low {@code width} bytes of {@code value}, little-endian, at {@code offset}. */
    void write(int offset, long value, int width) {
        if (fixed || offset + width <= PAGE) {
            byte[] b = room(offset + width);
            for (int i = 0; i < width; i++) {
                b[offset + i] = (byte) (value >>> (8 * i));
            }
            return;
        }
        int inPage = offset & (PAGE - 1);
        if (offset >= PAGE && inPage + width <= PAGE) { // one page: most writes
            byte[] page = page(offset);
            for (int i = 0; i < width; i++) {
                page[inPage + i] = (byte) (value >>> (8 * i));
            }
            return;
        }
        for (int i = 0; i < width; i++) {
            writeByte(offset + i, (byte) (value >>> (8 * i)));
        }
    }

    /** Writes {@code data[from, from + length)} at {@code offset}. */
    void write(int offset, byte[] data, int from, int length) {
        if (fixed || offset + length <= PAGE) {
            System.arraycopy(data, from, room(offset + length), offset, length);
            return;
        }
        while (length > 0) {
            int n;
            if (offset < PAGE) {
                n = Math.min(length, PAGE - offset);
                System.arraycopy(data, from, room(offset + n), offset, n);
            } else {
                int inPage = offset & (PAGE - 1);
                n = Math.min(length, PAGE - inPage);
                System.arraycopy(data, from, page(offset), inPage, n);
            }
            offset += n;
            from += n;
            length -= n;
        }
    }

    private void writeByte(int offset, byte b) {
        if (offset < PAGE) {
            room(offset + 1)[offset] = b;
        } else {
            page(offset)[offset & (PAGE - 1)] = b;
        }
    }

    /** The head array, grown (doubling) to hold {@code end} bytes at least. */
    private byte[] room(int end) {
        if (end > head.length) {
            head = Arrays.copyOf(head, (int) Math.min(Layout.MAX_SECTION_BYTES, Math.max(end, Math.max(64, 2L * head.length))));
        }
        return head;
    }

    /** The page that holds {@code offset} (at least {@link #PAGE}), made when first written. */
    private byte[] page(int offset) {
        int k = (offset >>> PAGE_BITS) - 1;
        if (k >= pages.length) {
            pages = Arrays.copyOf(pages, Math.max(k + 1, 2 * pages.length));
        }
        if (pages[k] == null) {
            pages[k] = new byte[PAGE];
        }
        return pages[k];
    }

    /** The contents as one array of {@code size} bytes (zeros after what was written), written in place from now on. */
    byte[] fix(int size) {
        if (pages.length == 0) {
            if (head.length != size) {
                head = Arrays.copyOf(head, size);
            }
        } else {
            byte[] all = new byte[size];
            System.arraycopy(head, 0, all, 0, Math.min(head.length, size));
            for (int k = 0; k < pages.length; k++) {
                int at = (k + 1) * PAGE;
                if (pages[k] != null && at < size) {
                    System.arraycopy(pages[k], 0, all, at, Math.min(PAGE, size - at));
                }
            }
            head = all;
            pages = new byte[0][];
        }
        fixed = true;
        return head;
    }

    /** The contents: after {@link #fix}, the section's bytes. */
    byte[] bytes() {
        return head;
    }
}
