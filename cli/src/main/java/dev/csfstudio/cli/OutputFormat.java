package dev.csfstudio.cli;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Locale;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.csfstudio.asm.Program;
import dev.csfstudio.asm.Section;
import dev.csfstudio.asm.SectionKind;
import dev.csfstudio.asm.Symbol;

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
     * Renders the program.
     *
     * @param baseName names the C array (sanitised into an identifier); usually the source file's name
     */
    public byte[] render(Program program, String baseName) {
        return switch (this) {
            case BIN -> entry(program).bytes().clone();
            case HEX -> text(hexWords(entry(program)));
            case C -> text(cArray(entry(program), baseName));
            case JSON -> text(json(program));
        };
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

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String hexWords(Section stream) {
        HexFormat hex = HexFormat.of();
        StringBuilder sb = new StringBuilder(stream.instructionCount() * 17);
        for (int i = 0; i < stream.instructionCount(); i++) {
            sb.append(hex.toHexDigits(stream.word(i))).append('\n');
        }
        return sb.toString();
    }

    private static String cArray(Section stream, String baseName) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "/* %s: stream %s at 0x%x, %d instructions */\n",
                baseName, stream.name(), stream.address(), stream.instructionCount()));
        sb.append("uint64_t ").append(identifier(baseName)).append("[] = {").append("\n");
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < stream.instructionCount(); i++) {
            sb.append("    0x").append(hex.toHexDigits(stream.word(i))).append("ull,\n");
        }
        sb.append("};").append("\n");
        return sb.toString();
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

    private static String json(Program program) {
        JsonObject root = new JsonObject();
        root.addProperty("entry", program.entry());
        JsonArray streams = new JsonArray();
        JsonArray buffers = new JsonArray();
        HexFormat hex = HexFormat.of();
        for (Section s : program.sections()) {
            JsonObject o = new JsonObject();
            o.addProperty("name", s.name());
            o.addProperty("vm", s.vm());
            o.addProperty("address", hexAddress(s.address()));
            o.addProperty("size", s.size());
            o.addProperty("bytes", hex.formatHex(s.bytes()));
            (s.kind() == SectionKind.STREAM ? streams : buffers).add(o);
        }
        root.add("streams", streams);
        root.add("buffers", buffers);
        JsonArray symbols = new JsonArray();
        program.symbols().values().stream().sorted(Comparator.comparing(Symbol::name)).forEach(sym -> {
            JsonObject o = new JsonObject();
            o.addProperty("name", sym.name());
            o.addProperty("kind", sym.kind().name().toLowerCase(Locale.ROOT));
            o.addProperty("value", hexAddress(sym.value()));
            if (sym.section() != null) {
                o.addProperty("section", sym.section());
            }
            symbols.add(o);
        });
        root.add("symbols", symbols);
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root)
                + "\n";
    }

    private static String hexAddress(long value) {
        return "0x" + Long.toHexString(value);
    }
}
