package dev.csfstudio.program;

import java.util.List;
import java.util.function.Supplier;

/**
 * An immutable list computed on first use. A command-line assembly of a million lines never looks at its
 * symbol and reference tables, which cost a fifth of its time to build; editors do, and pay once.
 */
public final class LazyList<T> extends ImmutableView<T> {

    private final Lazy<List<T>> value;

    public LazyList(Supplier<List<T>> supplier) {
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
