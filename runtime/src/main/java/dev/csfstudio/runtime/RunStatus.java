package dev.csfstudio.runtime;

import java.util.Locale;

/** How a run ended. */
public enum RunStatus {
    OK, FAULT, TIMEOUT, DEADLOCK, CANCELLED,
    /** An instruction raced an asynchronous operation still in flight (a missing WAIT). */
    HAZARD;

    /** {@code ok}, {@code fault}, ... as written to report.json. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
