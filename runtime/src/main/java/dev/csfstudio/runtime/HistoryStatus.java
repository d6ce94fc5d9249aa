package dev.csfstudio.runtime;

/**
 * What a machine's history holds: it can go back to {@code earliest}; {@code snapshots} snapshots hold
 * about {@code bytes} of the {@code capBytes} they may (frames only they keep, plus their tables), one
 * every {@code intervalSteps} steps (longer after intervals that copied many frames).
 */
public record HistoryStatus(long earliest, int snapshots, long bytes, long capBytes, long intervalSteps) {
}
