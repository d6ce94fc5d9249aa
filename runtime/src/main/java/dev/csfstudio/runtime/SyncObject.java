package dev.csfstudio.runtime;

import java.util.OptionalLong;

/**
 * A sync object the run has used (an address a SYNC_* instruction accessed) with its value now: the
 * {@code bits}-wide sequence number at {@code address} and the status word after it (non-zero: error;
 * empty when no page maps it).
 */
public record SyncObject(String vm, long address, int bits, long value, OptionalLong status) {
}
