package dev.csfstudio.asm;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** An immutable map computed on first use, for the same reason as {@link LazyList}. */
final class LazyMap<K, V> extends AbstractMap<K, V> {

    private Supplier<Map<K, V>> supplier;
    private volatile Map<K, V> value;

    LazyMap(Supplier<Map<K, V>> supplier) {
        this.supplier = supplier;
    }

    private Map<K, V> value() {
        Map<K, V> v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = value = Map.copyOf(supplier.get());
                    supplier = null;
                }
            }
        }
        return v;
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
