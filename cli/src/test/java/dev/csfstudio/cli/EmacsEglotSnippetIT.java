package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * The README's Emacs configuration, exactly as printed (only the launcher path filled in), in Debian 12's Emacs 28
 * with its {@code elpa-eglot}, in batch mode against the packaged {@code ./csf lsp}: flymake's diagnostics, eldoc's
 * hover and the completion table C-M-i reads. Batch mode has no command loop, so the script does what an
 * interactive start-up and the command loop do for a user: it activates the installed packages before the
 * configuration is read, shows the visited file in the window, and runs {@code post-command-hook} (where
 * {@code eglot-ensure} connects and flymake starts) while it waits. CI installs {@code emacs-nox elpa-eglot};
 * skipped, loudly, only where no {@code emacs} is on the PATH.
 */
class EmacsEglotSnippetIT {

    /** Shows the visited file, waits until eglot manages it, and defines how the script reports and waits. */
    private static final String AWAIT_SERVER = """
            (require 'json)
            (setq eglot-connect-timeout 120)
            (defun csf-await (seconds predicate)
              (let ((deadline (+ (float-time) seconds)))
                (while (and (not (funcall predicate)) (< (float-time) deadline))
                  (run-hooks 'post-command-hook)
                  (accept-process-output nil 0.05))))
            (defun csf-report (fields)
              (with-temp-file (getenv "CSF_EDITOR_REPORT") (insert (json-encode fields)))
              (kill-emacs 0))
            (switch-to-buffer (current-buffer))
            (csf-await 60 (lambda () (bound-and-true-p eglot--managed-mode)))
            """;

    /** Reports the mode, whether eglot manages the buffer, and flymake's diagnostics once there are any. */
    private static final String DIAGNOSTICS = AWAIT_SERVER + """
            (csf-await 60 #'flymake-diagnostics)
            (csf-report
             `((mode . ,(symbol-name major-mode))
               (managed . ,(if (bound-and-true-p eglot--managed-mode) t :json-false))
               (diagnostics . ,(vconcat
                                (mapcar (lambda (d)
                                          `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
                                            (column . ,(save-excursion (goto-char (flymake-diagnostic-beg d))
                                                                       (current-column)))
                                            (type . ,(symbol-name (flymake-diagnostic-type d)))
                                            (text . ,(flymake-diagnostic-text d))))
                                        (flymake-diagnostics))))))
            """;

    /** Puts point on line 2, column 6 and reports what eldoc's documentation functions show there. */
    private static final String HOVER = AWAIT_SERVER + """
            (goto-char (point-min))
            (forward-line 1)
            (forward-char 6)
            (let (docs)
              (run-hook-wrapped 'eldoc-documentation-functions
                                (lambda (f) (funcall f (lambda (doc &rest _) (when doc (push doc docs)))) nil))
              (csf-await 30 (lambda () docs))
              (csf-report `((hover . ,(vconcat docs)))))
            """;

    /** Puts point at the end of line 3 and reports the completions C-M-i's completion-at-point offers. */
    private static final String COMPLETION = AWAIT_SERVER + """
            (goto-char (point-min))
            (forward-line 2)
            (end-of-line)
            (let ((capf (run-hook-with-args-until-success 'completion-at-point-functions)))
              (csf-report
               `((completion . ,(vconcat
                                 (and capf (mapcar #'substring-no-properties
                                                   (all-completions (buffer-substring (nth 0 capf) (nth 1 capf))
                                                                    (nth 2 capf)))))))))
            """;

    @TempDir
    static Path home;

    @TempDir
    Path project;

    private static Path init;

    @BeforeAll
    static void writeTheReadmeConfiguration() throws IOException {
        ReadmeEditorConfig.assumeOnPath("emacs", "EmacsEglotSnippetIT", "emacs-nox elpa-eglot");
        init = ReadmeEditorConfig.write("elisp", ";; CSF Studio", home.resolve("init.el"));
    }

    /** Emacs in batch mode in the project directory: the configuration, the file visited, then the script. */
    private JsonObject edit(String script, String file) throws IOException, InterruptedException {
        Path el = Files.writeString(home.resolve("test.el"), script);
        return ReadmeEditorConfig.run(List.of("emacs", "--batch", "--eval", "(package-activate-all)",
                "-l", init.toString(), file, "-l", el.toString()), project, home);
    }

    @Test
    void brokenFileGetsTheServersDiagnosticOnItsLine() throws Exception {
        Files.writeString(project.resolve("bad.csf"), ReadmeEditorConfig.BROKEN_STREAM);
        JsonObject r = edit(DIAGNOSTICS, "bad.csf");
        assertEquals("csf-mode", r.get("mode").getAsString(), r.toString());
        assertTrue(r.get("managed").getAsBoolean(), "eglot does not manage the buffer: " + r);
        JsonArray diagnostics = r.getAsJsonArray("diagnostics");
        assertEquals(1, diagnostics.size(), r.toString());
        JsonObject d = diagnostics.get(0).getAsJsonObject();
        assertEquals(3, d.get("line").getAsInt());
        assertEquals(4, d.get("column").getAsInt());
        assertEquals("eglot-error", d.get("type").getAsString());
        assertTrue(d.get("text").getAsString().contains("unknown mnemonic 'BRNCH'"), d.toString());
    }

    @Test
    void eldocShowsTheInstructionsHover() throws Exception {
        Files.writeString(project.resolve("hover.csf"), ReadmeEditorConfig.HOVER_STREAM);
        JsonObject r = edit(HOVER, "hover.csf");
        assertTrue(r.getAsJsonArray("hover").toString().contains("Loads a 32-bit immediate into a register."),
                "no hover of MOVE32 within 30 s: " + r);
    }

    @Test
    void completionAtPointOffersTheMnemonics() throws Exception {
        Files.writeString(project.resolve("complete.csf"), ReadmeEditorConfig.COMPLETION_STREAM);
        JsonObject r = edit(COMPLETION, "complete.csf");
        JsonArray completion = r.getAsJsonArray("completion");
        assertTrue(completion.contains(new JsonPrimitive("MOVE32")) && completion.contains(new JsonPrimitive("MOVE48")),
                "MOVE32 and MOVE48 not offered: " + r);
    }
}
