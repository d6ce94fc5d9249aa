package dev.csfstudio.runtime;

/** Thrown by the interpreter's loop when a hazard stops the run (caught by {@link Machine}; never escapes it). */
final class HazardStop extends RuntimeException {

    final RunReport.Hazard hazard;

    HazardStop(RunReport.Hazard hazard) {
        super(hazard.message(), null, false, false);
        this.hazard = hazard;
    }
}
