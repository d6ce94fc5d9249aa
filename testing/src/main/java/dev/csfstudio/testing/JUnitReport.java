package dev.csfstudio.testing;

import dev.csfstudio.program.output.OutputFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A test run as JUnit XML in Surefire's format (what CI dashboards read): one {@code testsuite}, a
 * {@code testcase} per stream (class name: its directory with dots, name: its file name) whose {@code failure}
 * carries the first failure line as message and every line as text.
 */
public final class JUnitReport {

    private JUnitReport() {
    }

    public static void write(Path file, String suite, TestRun.Summary summary) throws IOException {
        OutputFile.write(file, OutputFile.utf8(out -> out.write(xml(suite, summary))));
    }

    static String xml(String suite, TestRun.Summary summary) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        double total = summary.results().stream().mapToLong(TestResult::nanos).sum() / 1e9;
        x.append("<testsuite name=\"").append(escape(suite)).append("\" tests=\"").append(summary.results().size())
                .append("\" failures=\"").append(summary.failed()).append("\" errors=\"0\" skipped=\"0\" time=\"")
                .append(seconds(total)).append("\">\n");
        for (TestResult r : summary.results()) {
            String name = r.stream().name();
            int slash = name.lastIndexOf('/');
            String classname = slash < 0 ? suite : suite + "." + name.substring(0, slash).replace('/', '.');
            x.append("  <testcase name=\"").append(escape(name.substring(slash + 1))).append("\" classname=\"")
                    .append(escape(classname)).append("\" file=\"").append(escape(r.stream().reported()))
                    .append("\" time=\"").append(seconds(r.nanos() / 1e9)).append('"');
            if (r.passed()) {
                x.append("/>\n");
                continue;
            }
            String lines = String.join("\n", r.failureLines());
            String first = r.failureLines().isEmpty() ? "failed" : r.failureLines().get(0);
            x.append(">\n    <failure message=\"").append(escape(first)).append("\" type=\"")
                    .append(!r.error().isEmpty() ? "error" : r.diagnostics().isEmpty() ? "expectation" : "assembly").append("\">")
                    .append(escape(lines + (r.notes().isEmpty() ? "" : "\n" + String.join("\n", r.notes()))))
                    .append("</failure>\n  </testcase>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    /** XML text and attribute escaping; characters XML 1.0 cannot hold become '?'. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\n', '\t' -> out.append(c);
                case '\r' -> out.append("&#13;");
                default -> out.append(c < 0x20 || c == 0xfffe || c == 0xffff ? '?' : c);
            }
        }
        return out.toString();
    }
}
