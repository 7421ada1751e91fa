package io.llmharness.dataset.pickle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The pandas objects a pickled DataFrame is made of, reduced to what a dataset needs. */
final class PandasObjects {
    private PandasObjects() {}

    /** {@code pandas.core.frame.DataFrame}: created empty, then given its state dict. */
    static final class Frame implements PyObjects.Stateful {
        Object manager;

        @Override
        public void setState(Object state) {
            if (state instanceof Manager m) {
                manager = m;
            } else if (state instanceof Map<?, ?> m) {
                manager = m.containsKey("_mgr") ? m.get("_mgr") : m.get("_data");
            } else if (state instanceof Object[] t && t.length > 0) {
                manager = t[0];
            }
        }
    }

    /** {@code pandas.core.series.Series}: recognised only to say that a DataFrame is expected. */
    static final class Series implements PyObjects.Stateful {
        @Override
        public void setState(Object state) {}
    }

    /** One block: a 2-D array (items × rows) or a 1-D extension array, and the item positions it fills. */
    record Block(Object values, Object placement) {
        /** {@code _unpickle_block(values, placement, ndim)}, {@code new_block(...)}, {@code make_block(...)}. */
        static Block call(Object[] args) {
            return new Block(args[0], args.length > 1 ? args[1] : null);
        }
    }

    /** A {@code *Block} class created empty and given {@code (placement, values[, ndim])} as state. */
    static final class StatefulBlock implements PyObjects.Stateful {
        Object values;
        Object placement;

        @Override
        public void setState(Object state) {
            if (state instanceof Object[] t && t.length >= 2) {
                placement = t[0];
                values = t[1];
            } else if (state instanceof Map<?, ?> m) {
                placement = m.get("mgr_locs");
                values = m.get("values");
            }
        }

        Block toBlock() {
            return new Block(values, placement);
        }
    }

    /** {@code BlockManager(blocks, axes)} or an empty one given the pandas 0.14.1-style state. */
    static final class Manager implements PyObjects.Stateful {
        final List<Block> blocks = new ArrayList<>();
        final List<Object> axes = new ArrayList<>();

        static Manager construct(Object[] args) {
            Manager m = new Manager();
            if (args.length >= 2) {
                for (Object b : items(args[0])) {
                    m.blocks.add(asBlock(b));
                }
                m.axes.addAll(items(args[1]));
            }
            return m;
        }

        @Override
        public void setState(Object state) {
            if (!(state instanceof Object[] t) || t.length < 4 || !(t[3] instanceof Map<?, ?> extra)) {
                throw new UnsupportedPickleException(
                        "the DataFrame was pickled by a pandas older than 0.14.1; load and re-save it with a newer pandas,"
                                + " or save it as Parquet with df.to_parquet('data.parquet')");
            }
            Map<?, ?> s = (Map<?, ?>) extra.get("0.14.1");
            axes.addAll(items(s.get("axes")));
            for (Object b : items(s.get("blocks"))) {
                Map<?, ?> bm = (Map<?, ?>) b;
                blocks.add(new Block(bm.get("values"), bm.get("mgr_locs")));
            }
        }

        private static Block asBlock(Object b) {
            return switch (b) {
                case Block block -> block;
                case StatefulBlock sb -> sb.toBlock();
                default ->
                    throw new UnsupportedPickleException("a DataFrame block is " + b
                            + "; save the DataFrame as Parquet with df.to_parquet('data.parquet')");
            };
        }
    }

    /** An index: a range, or explicit labels; a MultiIndex keeps only its class name. */
    record Index(String className, long start, long stop, long step, List<Object> labels, String unreadable) {
        /** {@code _new_Index(cls, dict)}. */
        static Object newIndex(Object[] args) {
            String cls = args[0] instanceof PyObjects.ClassRef ref ? ref.name() : String.valueOf(args[0]);
            Map<?, ?> d = args.length > 1 && args[1] instanceof Map<?, ?> m ? m : Map.of();
            if (cls.endsWith("RangeIndex")) {
                return new Index(cls, num(d.get("start"), 0), num(d.get("stop"), 0), num(d.get("step"), 1), null, null);
            }
            Object data = d.get("data");
            List<Object> labels = switch (data) {
                case NumpyArray a -> a.toList();
                case PyList l -> l.items();
                case List<?> l -> new ArrayList<>(l);
                case null -> null;
                default -> null;
            };
            String unreadable = data instanceof PyObjects.Opaque o ? o.className : null;
            return new Index(cls, 0, 0, 1, labels, unreadable);
        }

        private static long num(Object o, long dflt) {
            return o instanceof Number n ? n.longValue() : dflt;
        }

        boolean isRange() {
            return labels == null && className.endsWith("RangeIndex");
        }

        int length() {
            if (labels != null) {
                return labels.size();
            }
            return (int) Math.max(0, (stop - start + step - (step > 0 ? 1 : -1)) / step);
        }

        /** Label {@code i} as column-name text. */
        String name(int i) {
            if (labels == null) {
                return Long.toString(start + i * step);
            }
            Object l = labels.get(i);
            if (l instanceof Object[] tuple) {
                StringBuilder sb = new StringBuilder();
                for (Object part : tuple) {
                    sb.append(sb.isEmpty() ? "" : ".").append(part);
                }
                return sb.toString();
            }
            return String.valueOf(l);
        }
    }

    static List<Object> items(Object o) {
        return switch (o) {
            case null -> List.of();
            case Object[] t -> java.util.Arrays.asList(t);
            case PyList l -> l.items();
            case List<?> l -> new ArrayList<>(l);
            default -> List.of(o);
        };
    }
}
