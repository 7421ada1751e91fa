package io.llmharness.dataset.pickle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Converts unpickled Python values into column row values (see {@code ColumnBuilder}): integer lists and integer
 * numpy arrays become {@code int[]}, other lists, tuples, sets and dicts become JSON trees, NaN becomes null.
 */
final class Values {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Values() {}

    /** One cell of column {@code column}, row {@code row}. */
    static Object cell(Object v, String column, int row) {
        return switch (v) {
            case null -> null;
            case String s -> s;
            case Integer i -> (long) i;
            case Long l -> l;
            case BigInteger b -> b.doubleValue();
            case Double d -> d.isNaN() ? null : d;
            case Float f -> f.isNaN() ? null : f.doubleValue();
            case Boolean b -> b;
            case byte[] b -> b;
            case PyList l -> l.allInts() ? l.ints() : node(l, column, row);
            case NumpyArray a -> {
                int[] ids = a.toInts();
                yield ids != null ? ids : node(a, column, row);
            }
            case PyObjects.Opaque o -> throw UnsupportedPickleException.forClass(o.className, column, row);
            default -> node(v, column, row);
        };
    }

    private static JsonNode node(Object v, String column, int row) {
        return switch (v) {
            case null -> F.nullNode();
            case String s -> F.textNode(s);
            case Integer i -> F.numberNode(i);
            case Long l -> F.numberNode(l);
            case BigInteger b -> F.numberNode(b);
            case Double d -> d.isNaN() ? F.nullNode() : F.numberNode(d);
            case Float f -> f.isNaN() ? F.nullNode() : F.numberNode(f);
            case Boolean b -> F.booleanNode(b);
            case byte[] b -> F.binaryNode(b);
            case Map<?, ?> m -> {
                ObjectNode o = F.objectNode();
                m.forEach((k, val) -> o.set(String.valueOf(k), node(val, column, row)));
                yield o;
            }
            case NumpyArray a -> array(a.toList(), column, row);
            case PyObjects.Opaque o -> throw UnsupportedPickleException.forClass(o.className, column, row);
            default -> {
                List<Object> items = sequence(v);
                if (items == null) {
                    throw UnsupportedPickleException.forClass(pythonType(v), column, row);
                }
                yield array(items, column, row);
            }
        };
    }

    private static ArrayNode array(List<Object> items, String column, int row) {
        ArrayNode a = F.arrayNode(items.size());
        for (Object item : items) {
            a.add(node(item, column, row));
        }
        return a;
    }

    /** The elements of a list, tuple, set or 1-D array; null for anything else. */
    static List<Object> sequence(Object v) {
        if (v == null) {
            return null;
        }
        return switch (v) {
            case PyList l -> l.items();
            case Object[] t -> Arrays.asList(t);
            case Collection<?> c -> new ArrayList<>(c);
            case NumpyArray a -> a.toList();
            default -> null;
        };
    }

    /** A Python-ish type name for messages. */
    static String pythonType(Object v) {
        return switch (v) {
            case null -> "None";
            case String s -> "str";
            case Integer i -> "int";
            case Long l -> "int";
            case Double d -> "float";
            case Boolean b -> "bool";
            case byte[] b -> "bytes";
            case PyList l -> "list";
            case Object[] t -> "tuple";
            case Map<?, ?> m -> "dict";
            case NumpyArray a -> "numpy.ndarray";
            case PyObjects.Opaque o -> o.className;
            case PyObjects.ClassRef r -> r.name();
            default -> v.getClass().getSimpleName();
        };
    }
}
