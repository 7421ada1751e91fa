package io.llmharness.workload.nop;

import java.util.List;
import java.util.Map;

/**
 * The load-time report of one vLLM server, from its log.
 *
 * @param name the report's name for it ({@code vLLM Standalone})
 * @param logName the log's file name, for messages
 * @param lineCount lines in the log
 * @param engineVersion the vLLM version the log names, or null
 * @param args the engine's non-default args ({@code non-default args: {...}}), empty when absent
 * @param argsProblem why the args line could not be read, or null
 * @param sleepMode {@code enable_sleep_mode} from the args, or null when the log does not say
 * @param loadFormat {@code load_format} from the engine config line (lower case, without {@code LoadFormat.}), or
 *     null
 * @param scalars the figures found (absent ones are missing)
 * @param categories the start-up phases found, in time order, with {@code Uncategorized} gaps
 * @param missingCategories titles of the phases whose start marker is not in the log
 * @param gpus the GPUs the log describes
 * @param debugLines whether the log has DEBUG lines (some phases are only logged at DEBUG)
 */
public record ServerLoad(
        String name,
        String logName,
        int lineCount,
        String engineVersion,
        Map<String, Object> args,
        String argsProblem,
        Boolean sleepMode,
        String loadFormat,
        Map<Scalar, Double> scalars,
        List<Category> categories,
        List<String> missingCategories,
        List<Gpu> gpus,
        boolean debugLines) {

    public ServerLoad {
        args = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(args));
        scalars = Map.copyOf(scalars);
        categories = List.copyOf(categories);
        missingCategories = List.copyOf(missingCategories);
        gpus = List.copyOf(gpus);
    }

    /** The figure, or 0 when the log does not have it (as the native report writes it). */
    public double value(Scalar s) {
        return scalars.getOrDefault(s, 0.0);
    }

    /** Model size / load time in GiB/s; 0 when either is missing. */
    public double transferRate() {
        double time = value(Scalar.LOAD_TIME);
        return time > 0 ? value(Scalar.LOAD_SIZE) / time : 0;
    }

    /** True when nothing of a vLLM start-up was recognised (probably not a vLLM log). */
    public boolean isEmpty() {
        return scalars.isEmpty() && categories.isEmpty() && engineVersion == null && args.isEmpty();
    }
}
