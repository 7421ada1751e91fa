package io.llmharness.workload.nop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The load-time report as text: printed at the end of a nop run and kept as {@code analysis/result.txt}. */
final class LoadTimeText {

    private LoadTimeText() {}

    static List<String> lines(NopResult r) {
        List<String> out = new ArrayList<>();
        for (ServerLoad s : r.servers()) {
            out.add(s.name() + " (" + s.logName() + ", " + s.lineCount() + " lines)");
            out.add("  model " + r.model() + ", vLLM "
                    + (s.engineVersion() == null ? "version unknown" : s.engineVersion())
                    + ", load format " + r.loadFormat() + ", sleep mode " + (r.sleepMode() ? "on" : "off")
                    + gpus(r));
            out.add("  model loading       "
                    + (has(s, Scalar.LOAD_TIME)
                            ? f(
                                    "%.2f GiB in %.2f s (%.2f GiB/s)",
                                    s.value(Scalar.LOAD_SIZE), s.value(Scalar.LOAD_TIME), s.transferRate())
                            : "not in the log"));
            out.add("  torch.compile       "
                    + (has(s, Scalar.TORCH_COMPILE)
                            ? f(
                                            "%.2f s (Dynamo bytecode transform %.2f s",
                                            s.value(Scalar.TORCH_COMPILE), s.value(Scalar.DYNAMO_BYTECODE_TRANSFORM))
                                    + (has(s, Scalar.COMPILE_GRAPH)
                                            ? f(", graph compile %.2f s", s.value(Scalar.COMPILE_GRAPH))
                                            : "")
                                    + (has(s, Scalar.LOAD_CACHED_COMPILED_GRAPH)
                                            ? f(
                                                    ", cached graph load %.2f s",
                                                    s.value(Scalar.LOAD_CACHED_COMPILED_GRAPH))
                                            : "")
                                    + ")"
                            : "not in the log"));
            out.add("  memory profiling    "
                    + (has(s, Scalar.MEMORY_PROFILING_TIME)
                            ? f(
                                    "%.2f s (free memory %.2f GiB before, %.2f GiB after)",
                                    s.value(Scalar.MEMORY_PROFILING_TIME),
                                    s.value(Scalar.INITIAL_FREE),
                                    s.value(Scalar.AFTER_FREE))
                            : "not in the log"));
            if (has(s, Scalar.SLEEP_TIME) || has(s, Scalar.WAKE)) {
                out.add("  sleep / wake        "
                        + f(
                                "%.2f s (freed %.2f GiB, %.2f GiB still in use) / %.2f s",
                                s.value(Scalar.SLEEP_TIME),
                                s.value(Scalar.SLEEP_GPU_FREED),
                                s.value(Scalar.SLEEP_GPU_IN_USE),
                                s.value(Scalar.WAKE)));
            }
            out.add("  start-up phases:");
            double total = 0;
            for (Category c : s.categories()) {
                out.add(f("    %-24s %9.3f s", c.title(), c.elapsedSeconds())
                        + (c.process() == null ? "" : "  " + c.process().name())
                        + (c.error() != null ? "  (error: " + c.error() + ")" : "")
                        + (c.rule() != null && c.endLine() == null && c.error() == null ? "  (no end marker)" : ""));
                for (Category child : c.children()) {
                    out.add(f("      %-22s %9.3f s", child.title(), child.elapsedSeconds()));
                }
                total += c.elapsedSeconds();
            }
            out.add(f("    %-24s %9.3f s", "total", total));
            if (!s.missingCategories().isEmpty()) {
                out.add("  not found: " + String.join(", ", s.missingCategories()));
            }
        }
        return out;
    }

    private static String gpus(NopResult r) {
        if (r.gpus().isEmpty()) {
            return "";
        }
        String name = r.gpus().get(0).name();
        return ", " + r.gpus().size() + " GPU" + (r.gpus().size() == 1 ? "" : "s")
                + (name == null ? "" : " (" + name + ")");
    }

    private static boolean has(ServerLoad s, Scalar scalar) {
        return s.scalars().containsKey(scalar);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
