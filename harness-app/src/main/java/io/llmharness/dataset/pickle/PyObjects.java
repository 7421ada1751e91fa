package io.llmharness.dataset.pickle;

import java.util.List;

/** Small Python objects the unpickler builds itself. */
final class PyObjects {
    private PyObjects() {}

    /** Receives the state of a {@code BUILD} opcode ({@code __setstate__}). */
    interface Stateful {
        void setState(Object state);
    }

    /** {@code builtins.slice(start, stop, step)}; null parts are Python's {@code None}. */
    record Slice(Long start, Long stop, Long step) {
        static Slice of(Object[] args) {
            Object start = args.length > 1 ? args[0] : null;
            Object stop = args.length > 1 ? args[1] : args[0];
            Object step = args.length > 2 ? args[2] : null;
            return new Slice(num(start), num(stop), num(step));
        }

        private static Long num(Object o) {
            return o == null ? null : ((Number) o).longValue();
        }

        /** The positions this slice selects (it must be bounded). */
        int[] positions() {
            long from = start == null ? 0 : start;
            long by = step == null ? 1 : step;
            int n = (int) Math.max(0, (stop - from + by - (by > 0 ? 1 : -1)) / by);
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = (int) (from + i * by);
            }
            return out;
        }
    }

    /** An object of a class the harness does not interpret; reported by name if a column needs it. */
    static final class Opaque implements Stateful {
        final String className;
        final List<Object> args;
        Object state;

        Opaque(String className, Object[] args) {
            this.className = className;
            this.args = args == null ? List.of() : java.util.Arrays.asList(args);
        }

        @Override
        public void setState(Object state) {
            this.state = state;
        }

        @Override
        public String toString() {
            return "<" + className + ">";
        }
    }

    /** A Python class or function reference, callable through {@code REDUCE}/{@code NEWOBJ}. */
    record ClassRef(String name, java.util.function.Function<Object[], Object> factory)
            implements net.razorvine.pickle.IObjectConstructor {
        @Override
        public Object construct(Object[] args) {
            return factory.apply(args);
        }

        /** The part after the last dot. */
        String simpleName() {
            return name.substring(name.lastIndexOf('.') + 1);
        }

        static ClassRef opaque(String name) {
            return new ClassRef(name, args -> new Opaque(name, args));
        }
    }
}
