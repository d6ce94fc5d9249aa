package dev.csfstudio.program.output;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.output.OutputFile;

/** The forms an assembled program can be written in ({@code csf asm --format}, the Maven plugin). */
public enum OutputFormat {
    /** The entry stream's words, little-endian, nothing else. */
    BIN("bin"),
    /** One 16-digit hex word of the entry stream per line. */
    HEX("hex"),
    /** A {@code uint64_t} array of the entry stream, ready to paste into a C test. */
    C("c"),
    /** Every stream and buffer with its address, size and bytes, plus the symbol table. */
    JSON("json");

    private final String extension;

    OutputFormat(String extension) {
        this.extension = extension;
    }

    /** The file name extension of this format, without the dot. */
    public String extension() {
        return extension;
    }

    /** Parses a format name in any letter case. */
    public static OutputFormat of(String name) {
        for (OutputFormat f : values()) {
            if (f.extension.equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "' (expected bin, hex, c or json)");
    }

    /**
     * Writes the program in this format to {@code out}, streaming: a 256 MiB buffer becomes its JSON text
     * piece by piece, never as one string.
     *
     * @param baseName names the C array (sanitised into an identifier); usually the source file's name
     */
    public void write(Program program, String baseName, OutputStream out) throws IOException {
        if (this == BIN) {
            out.write(entry(program).bytes());
            return;
        }
        OutputFile.utf8(w -> writeText(program, baseName, w)).writeTo(out);
    }

    /** {@link #write} into memory, for outputs that are no file of their own (an editor's workspace file). */
    public byte[] render(Program program, String baseName) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(program, baseName, out);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array does not fail to be written", e);
        }
        return out.toByteArray();
    }

    /** {@link #write} of a text format (hex, c, json) to a character stream such as stdout. */
    public void writeText(Program program, String baseName, Writer out) throws IOException {
        switch (this) {
            case BIN -> throw new IllegalStateException("bin is not text");
            case HEX -> hexWords(entry(program), out);
            case C -> cArray(entry(program), baseName, out);
            case JSON -> json(program, out);
        }
    }

    /**
     * Why the program cannot be written in this format, or null when it can: bin, hex and c hold the entry
     * stream, so a program without one (only buffers, or {@code .entry} naming a buffer) has nothing to write.
     */
    public String unwritableReason(Program program) {
        if (this == JSON) {
            return null;
        }
        return program.section(program.entry()).filter(s -> s.kind() == SectionKind.STREAM).isPresent() ? null
                : "no entry stream '" + program.entry() + "' to write as " + extension + " (json writes every section)";
    }

    private Section entry(Program program) {
        String reason = unwritableReason(program);
        if (reason != null) {
            throw new IllegalStateException(reason);
        }
        return program.entrySection();
    }

    private static void hexWords(Section stream, Writer out) throws IOException {
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < stream.instructionCount(); i++) {
            out.write(hex.toHexDigits(stream.word(i)));
            out.write('\n');
        }
    }

    private static void cArray(Section stream, String baseName, Writer out) throws IOException {
        out.write(String.format(Locale.ROOT, "/* %s: stream %s at 0x%x, %d instructions */\n",
                baseName, stream.name(), stream.address(), stream.instructionCount()));
        out.write("uint64_t " + identifier(baseName) + "[] = {\n");
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < stream.instructionCount(); i++) {
            out.write("    0x" + hex.toHexDigits(stream.word(i)) + "ull,\n");
        }
        out.write("};\n");
    }

    /** A C identifier from a file name: extension dropped, other characters replaced by '_'. */
    public static String identifier(String baseName) {
        String stem = baseName;
        int slash = Math.max(stem.lastIndexOf('/'), stem.lastIndexOf('\\'));
        stem = stem.substring(slash + 1);
        int dot = stem.indexOf('.');
        if (dot > 0) {
            stem = stem.substring(0, dot);
        }
        StringBuilder id = new StringBuilder();
        for (char c : stem.toCharArray()) {
            id.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        if (id.length() == 0 || Character.isDigit(id.charAt(0))) {
            id.insert(0, '_');
        }
        return id.toString();
    }

    /**
     * The JSON form, laid out as Gson pretty-prints it, written as it goes: section bytes are hex-encoded a
     * piece at a time.
     */
    private static void json(Program program, Writer out) throws IOException {
        out.write("{\n  \"entry\": " + quoted(program.entry()) + ",\n  \"arch\": " + quoted(program.arch().spelling())
                + ",\n");
        List<Section> streams = program.sections().stream().filter(s -> s.kind() == SectionKind.STREAM).toList();
        List<Section> buffers = program.sections().stream().filter(s -> s.kind() != SectionKind.STREAM).toList();
        jsonArray(out, "streams", streams, OutputFormat::jsonSection);
        out.write(",\n");
        jsonArray(out, "buffers", buffers, OutputFormat::jsonSection);
        out.write(",\n");
        List<Symbol> symbols = program.symbols().values().stream().sorted(Comparator.comparing(Symbol::name)).toList();
        jsonArray(out, "symbols", symbols, (sym, w) -> {
            w.write("      \"name\": " + quoted(sym.name()) + ",\n");
            w.write("      \"kind\": " + quoted(sym.kind().name().toLowerCase(Locale.ROOT)) + ",\n");
            w.write("      \"value\": " + quoted(hexAddress(sym.value())));
            if (sym.section() != null) {
                w.write(",\n      \"section\": " + quoted(sym.section()));
            }
            w.write("\n");
        });
        out.write("\n}\n");
    }

    private interface JsonFields<T> {
        void write(T item, Writer out) throws IOException;
    }

    private static <T> void jsonArray(Writer out, String name, List<T> items, JsonFields<T> fields) throws IOException {
        out.write("  " + quoted(name) + ": [");
        for (int i = 0; i < items.size(); i++) {
            out.write(i == 0 ? "\n    {\n" : ",\n    {\n");
            fields.write(items.get(i), out);
            out.write("    }");
        }
        out.write(items.isEmpty() ? "]" : "\n  ]");
    }

    private static void jsonSection(Section s, Writer out) throws IOException {
        out.write("      \"name\": " + quoted(s.name()) + ",\n");
        out.write("      \"vm\": " + quoted(s.vm()) + ",\n");
        out.write("      \"address\": " + quoted(hexAddress(s.address())) + ",\n");
        out.write("      \"size\": " + s.size() + ",\n");
        out.write("      \"bytes\": \"");
        HexFormat hex = HexFormat.of();
        byte[] bytes = s.bytes();
        for (int at = 0; at < bytes.length; at += HEX_PIECE) {
            out.write(hex.formatHex(bytes, at, Math.min(bytes.length, at + HEX_PIECE)));
        }
        out.write("\"\n");
    }

    private static final int HEX_PIECE = 1 << 15;

    /**
     * {@code s} as a JSON string, escaped as Gson writes it with HTML escaping off: quote and backslash, control
     * characters (short forms for backspace, tab, newline, form feed and return, else a backslash, {@code u} and
     * four hex digits), and U+2028 and U+2029.
     */
    static String quoted(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static String hexAddress(long value) {
        return "0x" + Long.toHexString(value);
    }
}
