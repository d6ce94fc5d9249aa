package dev.csfstudio.runtime;

import java.util.Locale;

/** What a GPU memory access that faults was doing: the MMU's access type (the exception table's access enum). */
public enum Access {
    READ, WRITE, EXECUTE;

    /** The exception table's spelling. */
    String tableName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
