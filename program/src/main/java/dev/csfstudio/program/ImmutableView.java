package dev.csfstudio.program;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A list that never changes once made, whose elements may be computed on demand. The model's records keep
 * such a list as it is instead of copying it: a million-line program's lines are made when asked for.
 */
public abstract class ImmutableView<T> extends AbstractList<T> implements RandomAccess {

    /** {@code list} itself when it is an immutable view, else an immutable copy. */
    public static <T> List<T> of(List<T> list) {
        return list instanceof ImmutableView<T> ? list : List.copyOf(list);
    }
}
