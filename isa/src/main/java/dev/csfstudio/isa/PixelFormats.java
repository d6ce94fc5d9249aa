package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The writeback pixel formats, loaded from {@code pixel-formats.txt}. */
public final class PixelFormats {

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
        return BY_NAME.values().stream().filter(f -> f.value() == value).findFirst();
    }

    /** The writeback format enumeration (name to field value) for the descriptor table. */
    public static EnumType asEnum() {
        Map<String, Long> values = new LinkedHashMap<>();
        BY_NAME.values().forEach(f -> values.put(f.name(), (long) f.value()));
        return new EnumType("writeback_format", values);
    }

    private static Map<String, PixelFormat> load() {
        Map<String, PixelFormat> formats = new LinkedHashMap<>();
        for (TableText.Row row : TableText.rows("pixel-formats.txt")) {
            String[] w = row.words();
            List<PixelFormat.Channel> channels = new ArrayList<>();
            int shift = 0;
            if (!w[4].equals("raw")) {
                for (String c : w[4].split(",")) {
                    int bits = Integer.parseInt(c.substring(1));
                    channels.add(new PixelFormat.Channel(c.charAt(0), shift, bits));
                    shift += bits;
                }
            }
            formats.put(w[1], new PixelFormat(w[1], Integer.parseInt(w[2]), Integer.parseInt(w[3]), channels, w[5]));
        }
        return formats;
    }
}
