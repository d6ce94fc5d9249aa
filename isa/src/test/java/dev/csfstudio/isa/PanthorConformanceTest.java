package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Compares the exception tables with panthor's {@code enum drm_panthor_exception_type}
 * ({@code drivers/gpu/drm/panthor/panthor_device.h} given as {@code -Dcsf.panthor.device=PATH}; skipped without it):
 * every row's code and name must be the enum's, and every fault code of the enum (above
 * {@code DRM_PANTHOR_EXCEPTION_MAX_NON_FAULT}) must have a row.
 */
class PanthorConformanceTest {

    private static final Pattern ENTRY = Pattern.compile("DRM_PANTHOR_EXCEPTION_(\\w+)\\s*=\\s*0x([0-9a-fA-F]+)");

    @Test
    void exceptionTablesMatchPanthorsEnum() throws Exception {
        String path = System.getProperty("csf.panthor.device");
        assumeTrue(path != null && !path.isBlank(), "pass -Dcsf.panthor.device=<panthor_device.h> to compare");
        Path header = Path.of(path);
        assertTrue(Files.isRegularFile(header), "csf.panthor.device does not name a file: " + header);
        String text = Files.readString(header, StandardCharsets.UTF_8);
        for (Arch arch : Arch.values()) {
            assertEquals(List.of(), mismatches(text, arch.exceptions()), arch.spelling());
        }
    }

    @Test
    void aCodeOrNameTheEnumDoesNotHaveIsReported() {
        String header = """
                enum drm_panthor_exception_type {
                	DRM_PANTHOR_EXCEPTION_MAX_NON_FAULT = 0x3f,
                	DRM_PANTHOR_EXCEPTION_CS_INSTR_INVALID = 0x48,
                	DRM_PANTHOR_EXCEPTION_FUTURE_FAULT = 0x99,
                };
                """;
        List<String> found = mismatches(header, Arch.V10.exceptions());
        assertTrue(found.contains("CS_INSTR_INVALID is 0x49 in the table, 0x48 in panthor"), found::toString);
        assertTrue(found.contains("panthor's FUTURE_FAULT (0x99) has no row"), found::toString);
        assertTrue(found.contains("CS_CALL_STACK_OVERFLOW (0x4a) is not in panthor's enum"), found::toString);
    }

    /** What differs between {@code table} and the enum in {@code header}. */
    static List<String> mismatches(String header, ExceptionTable table) {
        Map<String, Integer> panthor = new LinkedHashMap<>();
        Matcher m = ENTRY.matcher(header);
        while (m.find()) {
            panthor.put(m.group(1), Integer.parseInt(m.group(2), 16));
        }
        int lastNonFault = panthor.getOrDefault("MAX_NON_FAULT", 0x3f);
        List<String> out = new ArrayList<>();
        for (ExceptionTable.ExceptionType e : table.all()) {
            Integer code = panthor.get(e.name());
            if (code == null) {
                out.add(e.name() + " (0x" + Integer.toHexString(e.code()) + ") is not in panthor's enum");
            } else if (code != e.code()) {
                out.add(e.name() + " is 0x" + Integer.toHexString(e.code()) + " in the table, 0x"
                        + Integer.toHexString(code) + " in panthor");
            }
        }
        for (Map.Entry<String, Integer> p : panthor.entrySet()) {
            if (p.getValue() > lastNonFault && table.byName(p.getKey()).isEmpty()) {
                out.add("panthor's " + p.getKey() + " (0x" + Integer.toHexString(p.getValue()) + ") has no row");
            }
        }
        return out;
    }
}
