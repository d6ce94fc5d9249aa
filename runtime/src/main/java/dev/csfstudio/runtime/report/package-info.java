/**
 * What the device says: the reports and stops built from its state, what a run records, what a debugger reads of
 * queues, sync objects and framebuffers, and the fingerprint a core dump names its program by. Internal to the
 * runtime.
 */
package dev.csfstudio.runtime.report;
