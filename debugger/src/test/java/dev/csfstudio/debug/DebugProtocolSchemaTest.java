package dev.csfstudio.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The checked-in {@code csf-debug-protocol.json} is the schema of {@link CsfDebugProtocol}'s records: a record
 * changed without the file fails here (the clients check their types against the file).
 * {@code -Dcsf.protocol.write=true} writes it.
 */
class DebugProtocolSchemaTest {

    private static final Path FILE = Path.of("src/main/resources", CsfDebugProtocol.SCHEMA_RESOURCE);

    @Test
    void theCheckedInSchemaIsTheRecords() throws IOException {
        if (Boolean.getBoolean("csf.protocol.write")) {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, CsfDebugProtocol.schema(), StandardCharsets.UTF_8);
        }
        assertEquals(CsfDebugProtocol.schema(), Files.readString(FILE, StandardCharsets.UTF_8),
                FILE + " is not the schema of CsfDebugProtocol's records: run this test with"
                        + " -Dcsf.protocol.write=true, then vscode-client's npm run protocol, and check both clients");
    }
}
