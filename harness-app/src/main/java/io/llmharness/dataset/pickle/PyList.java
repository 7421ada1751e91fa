package io.llmharness.dataset.pickle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A Python list as unpickled: an {@code int[]} while every element is an integer that fits in 32 bits, a list of
 * objects from the first element that does not.
 */
public final class PyList {
    private int[] ints = new int[8];
    private int size;
    private List<Object> objects;

    void add(Object o) {
        if (objects == null) {
            if (o instanceof Integer i) {
                addInt(i);
                return;
            }
            if (o instanceof Long l && l == l.intValue()) {
                addInt(l.intValue());
                return;
            }
            objects = new ArrayList<>(Math.max(size * 2, 8));
            for (int k = 0; k < size; k++) {
                objects.add(ints[k]);
            }
            ints = null;
        }
        objects.add(o);
    }

    void addAll(Collection<?> items) {
        for (Object o : items) {
            add(o);
        }
    }

    private void addInt(int v) {
        if (size == ints.length) {
            ints = Arrays.copyOf(ints, size * 2);
        }
        ints[size++] = v;
    }

    /** Whether every element is a 32-bit integer (also true for an empty list). */
    public boolean allInts() {
        return objects == null;
    }

    /** The elements as an array; only when {@link #allInts()}. */
    public int[] ints() {
        return Arrays.copyOf(ints, size);
    }

    /** The elements as objects. */
    public List<Object> items() {
        if (objects != null) {
            return objects;
        }
        List<Object> out = new ArrayList<>(size);
        for (int k = 0; k < size; k++) {
            out.add(ints[k]);
        }
        return out;
    }

    /** Number of elements. */
    public int size() {
        return objects == null ? size : objects.size();
    }
}
