package dev.csfstudio.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of {@code csf} with captured output, as a test sees it. */
record CsfInvocation(int exitCode, String out, String err) {

    static CsfInvocation run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Csf.commandLine(new PrintWriter(out, true), new PrintWriter(err, true), args).execute(args);
        return new CsfInvocation(code, out.toString(), err.toString());
    }

    /** No Java exception leaked into the output. */
    boolean clean() {
        String all = out + err;
        return !all.contains("\tat ") && !all.contains("Exception") && !all.contains("internal error");
    }
}
