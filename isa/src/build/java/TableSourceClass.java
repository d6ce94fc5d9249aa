import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A build step of the isa module (run by its pom before compiling): writes {@code dev/csfstudio/isa/TableSources.java},
 * a class holding the text of every table resource of {@code src/main/resources/dev/csfstudio/isa}, which stay the one
 * source the tables are edited in. Reading a table from a string constant opens no jar: the first resource read from
 * {@code csf.jar} (a ZIP of two thousand entries) and its decoding were half the table thread's work at start-up.
 *
 * <p>Usage: {@code java TableSourceClass.java RESOURCE_DIR OUTPUT_SOURCE_ROOT}.
 */
public final class TableSourceClass {

    /** Characters per string literal: a class-file constant holds at most 65535 bytes. */
    private static final int PIECE = 16_000;

    private TableSourceClass() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java TableSourceClass.java RESOURCE_DIR OUTPUT_SOURCE_ROOT");
            System.exit(2);
        }
        Path resources = Path.of(args[0]);
        List<Path> tables = new ArrayList<>();
        try (Stream<Path> files = Files.list(resources)) {
            files.filter(Files::isRegularFile).sorted().forEach(tables::add);
        }
        StringBuilder out = new StringBuilder();
        out.append("package dev.csfstudio.isa;\n\n")
                .append("/**\n * The text of each table resource, generated at build time from src/main/resources/dev/csfstudio/isa")
                .append(" by\n * src/build/java/TableSourceClass.java (edit the resources, never this file): a table read from")
                .append(" a constant\n * opens no jar.\n */\n")
                .append("final class TableSources {\n\n    private TableSources() {\n    }\n\n")
                .append("    /** The text of the table resource {@code name}, or null when there is none of that name. */\n")
                .append("    static String text(String name) {\n        return switch (name) {\n");
        for (Path table : tables) {
            String text = Files.readString(table, StandardCharsets.UTF_8);
            out.append("            case ").append(literal(table.getFileName().toString())).append(" -> String.join(\"\"");
            for (int i = 0; i < text.length(); i += PIECE) {
                out.append(",\n                    ").append(literal(text.substring(i, Math.min(text.length(), i + PIECE))));
            }
            out.append(");\n");
        }
        out.append("            default -> null;\n        };\n    }\n}\n");
        Path file = Path.of(args[1], "dev", "csfstudio", "isa", "TableSources.java");
        Files.createDirectories(file.getParent());
        byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
        // Written only when it changes, so that an unchanged table recompiles nothing.
        if (!Files.exists(file) || !java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
            Files.write(file, bytes);
        }
    }

    /** A Java string literal of {@code text}: every character outside printable ASCII as a Unicode escape. */
    private static String literal(String text) {
        StringBuilder s = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\r' -> s.append("\\r");
                default -> {
                    if (c >= ' ' && c < 0x7f) {
                        s.append(c);
                    } else {
                        s.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}
