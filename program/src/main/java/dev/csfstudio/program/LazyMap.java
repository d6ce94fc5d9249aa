package dev.csfstudio.program;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** An immutable map computed on first use, for the same reason as {@link LazyList}. */
public final class LazyMap<K, V> extends AbstractMap<K, V> {

    private final Lazy<Map<K, V>> value;

    public LazyMap(Supplier<Map<K, V>> supplier) {
        this.value = new Lazy<>(() -> Map.copyOf(supplier.get()));
    }

    private Map<K, V> value() {
        return value.get();
    }

    @Override
    public V get(Object key) {
        return value().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return value().containsKey(key);
    }

    @Override
    public int size() {
        return value().size();
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return value().entrySet();
    }
}
