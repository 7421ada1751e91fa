package io.llmharness.report;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeMap;

/**
 * Caller-provided JSON-like values (the {@code config}, {@code dataset} and {@code mlperf} sections), frozen into
 * immutable, ordered copies.
 *
 * <p>Kept as they are: null, {@link String}, {@link Boolean}, integral numbers ({@link Byte}, {@link Short},
 * {@link Integer}, {@link Long}, {@link BigInteger}) and {@link BigDecimal}. Floating-point numbers become
 * {@link BigDecimal} (their shortest decimal form), NaN and infinities become null. Maps become maps with string
 * keys: a {@link SequencedMap} (LinkedHashMap, TreeMap, …) keeps its order, any other map is sorted by key.
 * Collections and arrays become lists; enums become their name; anything else its {@code toString()}.
 */
public final class JsonTree {

    private JsonTree() {}

    /** An immutable ordered copy of a map of JSON-like values. */
    public static SequencedMap<String, Object> freeze(Map<String, ?> map) {
        return freezeMap(map);
    }

    private static SequencedMap<String, Object> freezeMap(Map<?, ?> map) {
        Map<?, ?> ordered = map instanceof SequencedMap<?, ?> ? map : sortedByKey(map);
        LinkedHashMap<String, Object> out = new LinkedHashMap<>();
        ordered.forEach((k, v) -> out.put(String.valueOf(k), value(v)));
        return Collections.unmodifiableSequencedMap(out);
    }

    private static Map<String, Object> sortedByKey(Map<?, ?> map) {
        TreeMap<String, Object> sorted = new TreeMap<>();
        map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
        return sorted;
    }

    /** A frozen JSON-like value. */
    static Object value(Object v) {
        return switch (v) {
            case null -> null;
            case String s -> s;
            case Boolean b -> b;
            case Byte n -> n.intValue();
            case Short n -> n.intValue();
            case Integer n -> n;
            case Long n -> n;
            case BigInteger n -> n;
            case BigDecimal n -> n;
            case Double d -> decimal(d);
            case Float f -> decimal(f.doubleValue());
            case Number n -> decimal(n.doubleValue());
            case Map<?, ?> m -> freezeMap(m);
            case Iterable<?> it -> list(it);
            case Enum<?> e -> e.name();
            default -> v.getClass().isArray() ? array(v) : v.toString();
        };
    }

    /** The shortest decimal form of a double, or null for NaN and infinities. */
    static BigDecimal decimal(double d) {
        return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
    }

    private static List<Object> list(Iterable<?> it) {
        List<Object> out = new ArrayList<>();
        it.forEach(x -> out.add(value(x)));
        return Collections.unmodifiableList(out);
    }

    private static List<Object> array(Object a) {
        int n = Array.getLength(a);
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(value(Array.get(a, i)));
        }
        return Collections.unmodifiableList(out);
    }
}
