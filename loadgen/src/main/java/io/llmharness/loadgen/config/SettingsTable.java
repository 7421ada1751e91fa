package io.llmharness.loadgen.config;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.log.CFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The {@link TestSettings} fields by their exact spec (snake_case) names, with typed parsing, so flags and
 * scripts can say {@code server_target_qps=2000}. The Python binding names {@code ttft_latency} and
 * {@code tpot_latency} are accepted as aliases of {@code server_ttft_latency} and {@code server_tpot_latency}.
 */
public final class SettingsTable {

    /** Value type of a field. */
    public enum Type {
        SCENARIO("a scenario name (SingleStream, MultiStream, Server, Offline)"),
        MODE("a test mode (SubmissionRun, AccuracyOnly, PerformanceOnly, FindPeakPerformance or 0..3)"),
        DOUBLE("a number"),
        U64("an unsigned integer"),
        INT("an integer"),
        BOOL("true or false (or 1 / 0)");

        private final String description;

        Type(String description) {
            this.description = description;
        }
    }

    private record Field(
            String name, Type type, Function<TestSettings, Object> getter, BiConsumer<TestSettings, Object> setter) {}

    private static final Map<String, Field> FIELDS = new LinkedHashMap<>();
    private static final Map<String, String> ALIASES =
            Map.of("ttft_latency", "server_ttft_latency", "tpot_latency", "server_tpot_latency");

    static {
        add("scenario", Type.SCENARIO, s -> s.scenario, (s, v) -> s.scenario = (Scenario) v);
        add("mode", Type.MODE, s -> s.mode, (s, v) -> s.mode = (TestMode) v);
        add(
                "single_stream_expected_latency_ns",
                Type.DOUBLE,
                s -> s.singleStreamExpectedLatencyNs,
                (s, v) -> s.singleStreamExpectedLatencyNs = (Double) v);
        add(
                "single_stream_target_latency_percentile",
                Type.DOUBLE,
                s -> s.singleStreamTargetLatencyPercentile,
                (s, v) -> s.singleStreamTargetLatencyPercentile = (Double) v);
        add(
                "multi_stream_expected_latency_ns",
                Type.DOUBLE,
                s -> s.multiStreamExpectedLatencyNs,
                (s, v) -> s.multiStreamExpectedLatencyNs = (Double) v);
        add(
                "multi_stream_target_latency_percentile",
                Type.DOUBLE,
                s -> s.multiStreamTargetLatencyPercentile,
                (s, v) -> s.multiStreamTargetLatencyPercentile = (Double) v);
        add(
                "multi_stream_samples_per_query",
                Type.U64,
                s -> s.multiStreamSamplesPerQuery,
                (s, v) -> s.multiStreamSamplesPerQuery = (Long) v);
        add("server_target_qps", Type.DOUBLE, s -> s.serverTargetQps, (s, v) -> s.serverTargetQps = (Double) v);
        add(
                "server_target_latency_ns",
                Type.U64,
                s -> s.serverTargetLatencyNs,
                (s, v) -> s.serverTargetLatencyNs = (Long) v);
        add(
                "server_target_latency_percentile",
                Type.DOUBLE,
                s -> s.serverTargetLatencyPercentile,
                (s, v) -> s.serverTargetLatencyPercentile = (Double) v);
        add(
                "server_coalesce_queries",
                Type.BOOL,
                s -> s.serverCoalesceQueries,
                (s, v) -> s.serverCoalesceQueries = (Boolean) v);
        add(
                "server_find_peak_qps_decimals_of_precision",
                Type.INT,
                s -> s.serverFindPeakQpsDecimalsOfPrecision,
                (s, v) -> s.serverFindPeakQpsDecimalsOfPrecision = (Integer) v);
        add(
                "server_find_peak_qps_boundary_step_size",
                Type.DOUBLE,
                s -> s.serverFindPeakQpsBoundaryStepSize,
                (s, v) -> s.serverFindPeakQpsBoundaryStepSize = (Double) v);
        add(
                "server_max_async_queries",
                Type.U64,
                s -> s.serverMaxAsyncQueries,
                (s, v) -> s.serverMaxAsyncQueries = (Long) v);
        add(
                "server_num_issue_query_threads",
                Type.U64,
                s -> s.serverNumIssueQueryThreads,
                (s, v) -> s.serverNumIssueQueryThreads = (Long) v);
        add(
                "offline_expected_qps",
                Type.DOUBLE,
                s -> s.offlineExpectedQps,
                (s, v) -> s.offlineExpectedQps = (Double) v);
        add(
                "sample_concatenate_permutation",
                Type.BOOL,
                s -> s.sampleConcatenatePermutation,
                (s, v) -> s.sampleConcatenatePermutation = (Boolean) v);
        add("min_duration_ms", Type.U64, s -> s.minDurationMs, (s, v) -> s.minDurationMs = (Long) v);
        add("max_duration_ms", Type.U64, s -> s.maxDurationMs, (s, v) -> s.maxDurationMs = (Long) v);
        add("min_query_count", Type.U64, s -> s.minQueryCount, (s, v) -> s.minQueryCount = (Long) v);
        add("max_query_count", Type.U64, s -> s.maxQueryCount, (s, v) -> s.maxQueryCount = (Long) v);
        add("qsl_rng_seed", Type.U64, s -> s.qslRngSeed, (s, v) -> s.qslRngSeed = (Long) v);
        add("sample_index_rng_seed", Type.U64, s -> s.sampleIndexRngSeed, (s, v) -> s.sampleIndexRngSeed = (Long) v);
        add("schedule_rng_seed", Type.U64, s -> s.scheduleRngSeed, (s, v) -> s.scheduleRngSeed = (Long) v);
        add("accuracy_log_rng_seed", Type.U64, s -> s.accuracyLogRngSeed, (s, v) -> s.accuracyLogRngSeed = (Long) v);
        add(
                "accuracy_log_probability",
                Type.DOUBLE,
                s -> s.accuracyLogProbability,
                (s, v) -> s.accuracyLogProbability = (Double) v);
        add(
                "accuracy_log_sampling_target",
                Type.U64,
                s -> s.accuracyLogSamplingTarget,
                (s, v) -> s.accuracyLogSamplingTarget = (Long) v);
        add("test05", Type.BOOL, s -> s.test05, (s, v) -> s.test05 = (Boolean) v);
        add("test05_qsl_rng_seed", Type.U64, s -> s.test05QslRngSeed, (s, v) -> s.test05QslRngSeed = (Long) v);
        add(
                "test05_sample_index_rng_seed",
                Type.U64,
                s -> s.test05SampleIndexRngSeed,
                (s, v) -> s.test05SampleIndexRngSeed = (Long) v);
        add(
                "test05_schedule_rng_seed",
                Type.U64,
                s -> s.test05ScheduleRngSeed,
                (s, v) -> s.test05ScheduleRngSeed = (Long) v);
        add("print_timestamps", Type.BOOL, s -> s.printTimestamps, (s, v) -> s.printTimestamps = (Boolean) v);
        add(
                "performance_issue_unique",
                Type.BOOL,
                s -> s.performanceIssueUnique,
                (s, v) -> s.performanceIssueUnique = (Boolean) v);
        add(
                "performance_issue_same",
                Type.BOOL,
                s -> s.performanceIssueSame,
                (s, v) -> s.performanceIssueSame = (Boolean) v);
        add(
                "performance_issue_same_index",
                Type.U64,
                s -> s.performanceIssueSameIndex,
                (s, v) -> s.performanceIssueSameIndex = (Long) v);
        add(
                "performance_sample_count_override",
                Type.U64,
                s -> s.performanceSampleCountOverride,
                (s, v) -> s.performanceSampleCountOverride = (Long) v);
        add(
                "accuracy_sample_count_override",
                Type.U64,
                s -> s.accuracySampleCountOverride,
                (s, v) -> s.accuracySampleCountOverride = (Long) v);
        add("use_token_latencies", Type.BOOL, s -> s.useTokenLatencies, (s, v) -> s.useTokenLatencies = (Boolean) v);
        add("server_ttft_latency", Type.U64, s -> s.serverTtftLatency, (s, v) -> s.serverTtftLatency = (Long) v);
        add("server_tpot_latency", Type.U64, s -> s.serverTpotLatency, (s, v) -> s.serverTpotLatency = (Long) v);
        add(
                "infer_token_latencies",
                Type.BOOL,
                s -> s.inferTokenLatencies,
                (s, v) -> s.inferTokenLatencies = (Boolean) v);
        add(
                "token_latency_scaling_factor",
                Type.U64,
                s -> s.tokenLatencyScalingFactor,
                (s, v) -> s.tokenLatencyScalingFactor = (Long) v);
    }

    private static void add(
            String name, Type type, Function<TestSettings, Object> getter, BiConsumer<TestSettings, Object> setter) {
        FIELDS.put(name, new Field(name, type, getter, setter));
    }

    private SettingsTable() {}

    /** Every field name, in the order of the C++ struct. */
    public static List<String> names() {
        return List.copyOf(FIELDS.keySet());
    }

    /** The value type of a field. */
    public static Type type(String name) {
        return field(name).type();
    }

    /** See {@link TestSettings#set(String, String)}. */
    public static void set(TestSettings s, String name, String value) {
        Field f = field(name);
        f.setter().accept(s, parse(f, value.trim()));
    }

    /** See {@link TestSettings#get(String)}. */
    public static String get(TestSettings s, String name) {
        Field f = field(name);
        Object v = f.getter().apply(s);
        return switch (f.type()) {
            case SCENARIO -> ((Scenario) v).specName();
            case MODE -> ((TestMode) v).specName();
            case DOUBLE -> CFormat.g((Double) v);
            case U64 -> Long.toUnsignedString((Long) v);
            case INT, BOOL -> String.valueOf(v);
        };
    }

    /** Copies every field from one settings object to another. */
    public static void copyFields(TestSettings from, TestSettings to) {
        for (Field f : FIELDS.values()) {
            f.setter().accept(to, f.getter().apply(from));
        }
    }

    private static Field field(String name) {
        String key = ALIASES.getOrDefault(name, name);
        Field f = FIELDS.get(key);
        if (f == null) {
            List<String> close = suggestions(name);
            throw new IllegalArgumentException("unknown TestSettings field '" + name + "'"
                    + (close.isEmpty()
                            ? "; see the field list in docs/loadgen.md"
                            : "; did you mean " + String.join(", ", close) + "?"));
        }
        return f;
    }

    private static Object parse(Field f, String v) {
        String problem = "value '" + v + "' for " + f.name() + " is not " + f.type().description;
        try {
            return switch (f.type()) {
                case SCENARIO -> Scenario.fromName(v);
                case MODE -> TestMode.fromName(v);
                case DOUBLE -> {
                    if (!CNumbers.isWholeDouble(v)) {
                        throw new IllegalArgumentException(problem);
                    }
                    yield CNumbers.strtod(v);
                }
                case U64 -> {
                    if (v.startsWith("-") || v.startsWith("+") || !CNumbers.isWholeUnsigned(v)) {
                        throw new IllegalArgumentException(problem);
                    }
                    yield CNumbers.strtoull(v);
                }
                case INT -> Integer.parseInt(v);
                case BOOL ->
                    switch (v.toLowerCase(Locale.ROOT)) {
                        case "true", "1", "yes" -> Boolean.TRUE;
                        case "false", "0", "no" -> Boolean.FALSE;
                        default -> throw new IllegalArgumentException(problem);
                    };
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(problem, e);
        }
    }

    /** Field names close to {@code name} (edit distance or shared word), best first, at most three. */
    static List<String> suggestions(String name) {
        String wanted = name.toLowerCase(Locale.ROOT).replace('-', '_');
        List<String> candidates = new ArrayList<>(FIELDS.keySet());
        candidates.addAll(ALIASES.keySet());
        int limit = Math.max(2, wanted.length() / 3);
        return candidates.stream()
                .filter(c -> distance(c, wanted) <= limit || (wanted.length() >= 4 && c.contains(wanted)))
                .sorted(Comparator.comparingInt((String c) -> distance(c, wanted))
                        .thenComparing(c -> c))
                .limit(3)
                .toList();
    }

    private static int distance(String a, String b) {
        return EditDistance.between(a, b);
    }
}
