package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The writeback and tile-buffer pixel formats, loaded from {@code pixel-formats.txt}. */
public final class PixelFormats {

    private static final Map<String, TileBufferFormat> INTERNAL = new LinkedHashMap<>();
    private static final Map<String, PixelFormat> BY_NAME = load();

    private PixelFormats() {
    }

    public static List<PixelFormat> all() {
        return List.copyOf(BY_NAME.values());
    }

    public static PixelFormat byName(String name) {
        PixelFormat f = BY_NAME.get(name.toUpperCase(Locale.ROOT));
        if (f == null) {
            throw new IllegalArgumentException("no pixel format " + name);
        }
        return f;
    }

    public static Optional<PixelFormat> byValue(long value) {
        if (value >= 0 && value < BY_VALUE.length) {
            return Optional.ofNullable(BY_VALUE[(int) value]);
        }
        for (PixelFormat f : BY_NAME.values()) { // a value past the index (none, in the table as it is)
            if (f.value() == value) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The formats by value up to 65,535 (the table's are far below), each the first of its value in table order. */
    private static final PixelFormat[] BY_VALUE = byValue();

    private static PixelFormat[] byValue() {
        int max = -1;
        for (PixelFormat f : BY_NAME.values()) {
            max = Math.max(max, f.value());
        }
        PixelFormat[] out = new PixelFormat[Math.min(max + 1, 1 << 16)];
        for (PixelFormat f : BY_NAME.values()) {
            if (f.value() >= 0 && f.value() < out.length && out[f.value()] == null) {
                out[f.value()] = f;
            }
        }
        return out;
    }

    public static List<TileBufferFormat> internalFormats() {
        return List.copyOf(INTERNAL.values());
    }

    public static Optional<TileBufferFormat> internalByValue(long value) {
        for (TileBufferFormat f : INTERNAL.values()) {
            if (f.value() == value) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    public static Optional<TileBufferFormat> internalByName(String name) {
        return Optional.ofNullable(INTERNAL.get(name.toUpperCase(Locale.ROOT)));
    }

    /** The writeback format enumeration (name to field value) for the descriptor table. */
    public static EnumType asEnum() {
        Map<String, Long> values = new LinkedHashMap<>();
        for (PixelFormat f : BY_NAME.values()) {
            values.put(f.name(), (long) f.value());
        }
        return new EnumType("writeback_format", values);
    }

    /** The tile-buffer format enumeration (name to field value) for the descriptor table. */
    public static EnumType internalEnum() {
        Map<String, Long> values = new LinkedHashMap<>();
        for (TileBufferFormat f : INTERNAL.values()) {
            values.put(f.name(), (long) f.value());
        }
        return new EnumType("internal_format", values);
    }

    private static Map<String, PixelFormat> load() {
        Map<String, PixelFormat> formats = new LinkedHashMap<>();
        for (TableText.Row row : TableText.rows("pixel-formats.txt")) {
            String[] w = row.words();
            switch (w[0]) {
                case "internal" -> INTERNAL.put(w[1], internal(w));
                case "format" -> formats.put(w[1], writeback(w));
                default -> throw new IllegalStateException("pixel-formats.txt:" + row.line() + ": unknown keyword " + w[0]);
            }
        }
        for (PixelFormat f : formats.values()) {
            if (f.internalFormat() != null && !INTERNAL.containsKey(f.internalFormat())) {
                throw new IllegalStateException("pixel-formats.txt: " + f.name() + " names no internal format "
                        + f.internalFormat());
            }
        }
        return formats;
    }

    private static TileBufferFormat internal(String[] w) {
        int value = Integer.parseInt(w[2]);
        if (w[3].startsWith("raw")) {
            int bytes = w[3].length() == 3 ? 0 : Integer.parseInt(w[3].substring(3));
            return new TileBufferFormat(w[1], value, List.of(), bytes);
        }
        List<TileBufferFormat.Channel> channels = new ArrayList<>();
        int shift = 0;
        for (String c : w[3].split(",")) {
            String[] bits = c.substring(1).split("\\.");
            TileBufferFormat.Channel ch = new TileBufferFormat.Channel(c.charAt(0), shift, Integer.parseInt(bits[0]),
                    Integer.parseInt(bits[1]));
            channels.add(ch);
            shift += ch.width();
        }
        if (shift != 32) {
            throw new IllegalStateException("pixel-formats.txt: internal " + w[1] + " fills " + shift + " bits, not 32");
        }
        return new TileBufferFormat(w[1], value, channels, 0);
    }

    private static PixelFormat writeback(String[] w) {
        List<PixelFormat.Channel> channels = new ArrayList<>();
        int shift = 0;
        boolean raw = w[4].equals("raw");
        if (!raw && !w[4].equals("-")) {
            for (String c : w[4].split(",")) {
                int bits = Integer.parseInt(c.substring(1));
                channels.add(new PixelFormat.Channel(c.charAt(0), shift, bits));
                shift += bits;
            }
        }
        int bytes = w[3].equals("-") ? 0 : Integer.parseInt(w[3]);
        return new PixelFormat(w[1], Integer.parseInt(w[2]), bytes, channels, raw, w[5].equals("-") ? null : w[5]);
    }
}
