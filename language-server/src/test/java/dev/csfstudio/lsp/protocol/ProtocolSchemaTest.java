package dev.csfstudio.lsp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The checked-in {@code csf-protocol.json} is the schema of {@link CsfProtocol}'s records: a record changed
 * without the file fails here (the clients check their types against the file). {@code -Dcsf.protocol.write=true}
 * writes it.
 */
class ProtocolSchemaTest {

    private static final Path FILE = Path.of("src/main/resources", CsfProtocol.SCHEMA_RESOURCE);

    @Test
    void theCheckedInSchemaIsTheRecords() throws IOException {
        if (Boolean.getBoolean("csf.protocol.write")) {
            Files.writeString(FILE, CsfProtocol.schema(), StandardCharsets.UTF_8);
        }
        assertEquals(CsfProtocol.schema(), Files.readString(FILE, StandardCharsets.UTF_8),
                FILE + " is not the schema of CsfProtocol's records: run this test with -Dcsf.protocol.write=true,"
                        + " then vscode-client's npm run protocol, and check both clients");
    }
}
