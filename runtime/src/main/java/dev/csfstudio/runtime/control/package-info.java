/**
 * Running the device: the scheduling loop ({@link dev.csfstudio.runtime.control.RunLoop}), the goals run control
 * gives it ({@link dev.csfstudio.runtime.control.Goal}: resume, step, step over or out, reach a position) and time
 * travel through history ({@link dev.csfstudio.runtime.control.TimeTravel}). Internal to the runtime.
 */
package dev.csfstudio.runtime.control;
