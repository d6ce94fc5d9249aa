package dev.csfstudio.asm;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.Supplier;

/**
 * An immutable list computed on first use. A command-line assembly of a million lines never looks at its
 * symbol and reference tables, which cost a fifth of its time to build; editors do, and pay once.
 */
final class LazyList<T> extends AbstractList<T> implements RandomAccess {

    private Supplier<List<T>> supplier;
    private volatile List<T> value;

    LazyList(Supplier<List<T>> supplier) {
        this.supplier = supplier;
    }

    private List<T> value() {
        List<T> v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = value = List.copyOf(supplier.get());
                    supplier = null; // let what it captured go
                }
            }
        }
        return v;
    }

    @Override
    public T get(int index) {
        return value().get(index);
    }

    @Override
    public int size() {
        return value().size();
    }
}
