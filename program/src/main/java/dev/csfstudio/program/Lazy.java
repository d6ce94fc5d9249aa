package dev.csfstudio.program;

import java.util.function.Supplier;

/** A value computed once, on first use, by whichever thread asks first; the supplier is then let go. */
public final class Lazy<T> {

    private Supplier<T> supplier;
    private volatile T value;

    public Lazy(Supplier<T> supplier) {
        this.supplier = supplier;
    }

    T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = value = supplier.get();
                    supplier = null; // let what it captured go
                }
            }
        }
        return v;
    }
}
