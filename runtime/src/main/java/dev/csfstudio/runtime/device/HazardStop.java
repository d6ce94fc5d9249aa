package dev.csfstudio.runtime.device;

import dev.csfstudio.runtime.RunReport;

/** Thrown inside the interpreter when a hazard stops the run (caught by {@link Interpreter#run}, which answers it as its result's halt). */
public final class HazardStop extends RuntimeException {

    final RunReport.Hazard hazard;

    public HazardStop(RunReport.Hazard hazard) {
        super(hazard.message(), null, false, false);
        this.hazard = hazard;
    }
}
