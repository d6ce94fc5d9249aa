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

    private final Lazy<List<T>> value;

    LazyList(Supplier<List<T>> supplier) {
        this.value = new Lazy<>(() -> List.copyOf(supplier.get()));
    }

    private List<T> value() {
        return value.get();
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
