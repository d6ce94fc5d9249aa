package dev.csfstudio.eclipse.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.testing.StreamTest;
import dev.csfstudio.testing.TestResult;
import dev.csfstudio.testing.TestStream;
import dev.csfstudio.testing.Verdict;

/**
 * The failed expectations of a test stream the builder assembled, as error markers on their {@code .expect} lines
 * with the message {@code csf test} prints ({@code r4 == 5: got 0 (0x0), expected 5 (0x5)}).
 */
public final class TestMarkers {

    /** Failed expectations: problems kept across sessions, apart from the assembler's. */
    public static final String MARKER_TYPE = "dev.csfstudio.eclipse.testProblem";

    private TestMarkers() {
    }

    /** Whether an assembly is of a test stream: it assembled and states at least one expectation. */
    public static boolean isTest(AssemblyResult assembled) {
        return !assembled.hasErrors() && assembled.program() != null && !assembled.program().expectations().isEmpty();
    }

    /** The golden images a test stream's image expectations compare against (none for other sources). */
    public static List<Path> goldens(AssemblyResult assembled) {
        if (!isTest(assembled)) {
            return List.of();
        }
        return assembled.program().expectations().stream().filter(e -> e instanceof Expectation.Image)
                .map(e -> ((Expectation.Image) e).golden()).distinct().toList();
    }

    /** Runs an assembled test stream on a fresh simulated device and replaces its test markers with its failures. */
    public static TestResult run(IFile source, Path path, AssemblyResult assembled) throws CoreException {
        TestResult result = StreamTest.run(new TestStream(path, source.getName(), source.getFullPath().toString()),
                assembled, TestSettings.options(1));
        mark(source, path, result);
        return result;
    }

    /** Removes a source's test markers (it is no test, or an included file, or its editor's server shows them). */
    public static void clear(IFile source) throws CoreException {
        source.deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_ZERO);
    }

    private static void mark(IFile source, Path path, TestResult result) throws CoreException {
        clear(source);
        LineOffsets lines = new LineOffsets(text(path));
        for (Verdict v : result.verdicts()) {
            if (v.passed()) {
                continue;
            }
            var range = v.expectation().range();
            // an expectation of an included file shows on the test stream's first line, with where it is
            boolean here = range.file() == null || range.file().toAbsolutePath().normalize().equals(path);
            int line = here ? Math.max(1, Math.min(range.line(), lines.lineCount())) : 1;
            int column = here ? range.column() - 1 : 0;
            IMarker m = source.createMarker(MARKER_TYPE);
            m.setAttributes(new String[] {IMarker.SEVERITY, IMarker.MESSAGE, IMarker.LINE_NUMBER, IMarker.CHAR_START,
                    IMarker.CHAR_END, IMarker.SOURCE_ID},
                    new Object[] {IMarker.SEVERITY_ERROR, here ? v.message() : range.position() + ": " + v.message(), line,
                            lines.offset(line - 1, column), lines.lineEnd(line - 1), "csf test"});
        }
    }

    private static String text(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
