package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The table texts the build copies into TableSources are the resources' own, character for character. */
class TableSourcesTest {

    /** The tables' one source, relative to the module (where the tests run). */
    private static final Path TABLES = Path.of("src/main/resources/dev/csfstudio/isa");

    @Test
    void everyTableResourceIsCopiedUnchanged() throws IOException {
        List<Path> tables;
        try (Stream<Path> files = Files.list(TABLES)) {
            tables = files.filter(Files::isRegularFile).toList();
        }
        assertFalse(tables.isEmpty());
        for (Path table : tables) {
            String name = table.getFileName().toString();
            assertEquals(Files.readString(table, StandardCharsets.UTF_8), TableSources.text(name), name);
            assertEquals(TableText.resourceText(name), TableSources.text(name), name);
        }
    }

    @Test
    void aTableTheBuildDidNotCopyIsReadFromTheClassPath() {
        assertNull(TableSources.text("tables/exec-branch.isa"));
        long rows = TableText.resourceText("tables/exec-branch.isa").lines()
                .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).count();
        assertEquals(rows, TableText.rows("tables/exec-branch.isa").size());
    }
}
