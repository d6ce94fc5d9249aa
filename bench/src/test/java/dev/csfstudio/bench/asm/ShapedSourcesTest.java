package dev.csfstudio.bench.asm;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ShapedSourcesTest {

    /** A symbol both CSF and GNU as accept: a letter or underscore, then letters, digits or underscores. */
    private static final Pattern SYMBOL = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Test
    void branchLabelsAreValidSymbolsFarBeyondTheLargestBenchmarkSource() {
        // 1.2M lines of the branches shape hold about 300k blocks; check ten times as many.
        for (int b = 0; b < 3_000_000; b++) {
            String label = ShapedSources.label(b);
            if (!SYMBOL.matcher(label).matches()) {
                fail("block " + b + " has the label '" + label + "'");
            }
        }
    }

    @Test
    void branchLabelsEndInTheirBlockNumberSoTheyAreUnique() {
        assertTrue(ShapedSources.label(271_183).endsWith("_271183"));
        assertTrue(ShapedSources.label(2_999_999).endsWith("_2999999"));
    }
}
