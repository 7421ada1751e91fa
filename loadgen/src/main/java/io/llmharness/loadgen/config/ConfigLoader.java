package io.llmharness.loadgen.config;

import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Applies config files to {@link TestSettings} with LoadGen's lookup order, unit conversions and precedence:
 * for each field the keys {@code model.scenario.field}, {@code *.scenario.field}, {@code model.*.field} and
 * {@code *.*.field} are tried in that order within the one file; seeds, {@code accuracy_log_probability} and
 * the {@code test05} keys are only read from mlperf.conf ({@code conf_type} 0).
 */
public final class ConfigLoader {

    /** Name of the embedded mlperf.conf resource (the 6.0.17 values, written in this project's own layout). */
    public static final String EMBEDDED_MLPERF_CONF = "mlperf-6.0.17.conf";

    private static final long MS_TO_NS = 1000L * 1000L;

    private ConfigLoader() {}

    /** See {@link TestSettings#fromConfig(ConfigContext, Path, String, String, int)}. */
    public static ConfigStatus apply(
            ConfigContext context, TestSettings s, Path path, String model, String scenario, int confType) {
        if (confType == 1) {
            if (context.countUserConfLoad()) {
                apply(context, s, null, model, scenario, 0);
            } else {
                s.addConfigDiagnostic(ConfigDiagnostic.invalidConfig(
                        "Multiple conf files are used. This is not valid for official submission.",
                        String.valueOf(path)));
            }
        }
        String source;
        String content;
        try {
            if (confType != 0) {
                source = String.valueOf(path);
                content = Files.readString(path, StandardCharsets.ISO_8859_1);
            } else {
                Path file = path != null ? path : context.mlperfConf();
                source = file != null ? file.toString() : "mlperf.conf";
                content = file != null ? Files.readString(file, StandardCharsets.ISO_8859_1) : embedded();
            }
        } catch (IOException | RuntimeException e) {
            Path p = path != null ? path : context.mlperfConf();
            s.addConfigDiagnostic(ConfigDiagnostic.invalidConfig("can't open file " + p, String.valueOf(p)));
            return ConfigStatus.FILE_NOT_FOUND;
        }
        ConfigParser.Parsed parsed = ConfigParser.parse(content);
        if (!parsed.errors().isEmpty()) {
            for (String error : parsed.errors()) {
                s.addConfigDiagnostic(ConfigDiagnostic.invalidConfig(error, source));
            }
            return ConfigStatus.INVALID;
        }
        new Lookup(parsed.values(), model, scenario, s, source).applyAll(confType);
        return ConfigStatus.OK;
    }

    /** The embedded mlperf.conf text. */
    public static String embedded() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream(EMBEDDED_MLPERF_CONF)) {
            if (in == null) {
                throw new IllegalStateException("embedded " + EMBEDDED_MLPERF_CONF + " missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read embedded " + EMBEDDED_MLPERF_CONF, e);
        }
    }

    /** One file's lookups for one (model, scenario). */
    private record Lookup(Map<String, String> kv, String model, String scenario, TestSettings s, String source) {

        String find(String scen, String field) {
            String v = kv.get(model + "." + scen + "." + field);
            if (v == null) {
                v = kv.get("*." + scen + "." + field);
            }
            if (v == null) {
                v = kv.get(model + ".*." + field);
            }
            if (v == null) {
                v = kv.get("*.*." + field);
            }
            return v;
        }

        /** Integer value (u64, fraction dropped) times an integer multiplier, or null when absent. */
        Long u64(String scen, String field, long multiplier) {
            String v = find(scen, field);
            return v == null ? null : CNumbers.strtoull(v) * multiplier;
        }

        Long u64(String field) {
            return u64(scenario, field, 1);
        }

        Double dbl(String scen, String field, double multiplier) {
            String v = find(scen, field);
            return v == null ? null : CNumbers.strtod(v) * multiplier;
        }

        void applyAll(int confType) {
            Long v = u64("mode");
            if (v != null) {
                TestMode m = TestMode.fromConfigValue(v);
                if (m != null) {
                    s.mode = m;
                } else {
                    s.addConfigDiagnostic(
                            ConfigDiagnostic.invalidConfig("Invalid value passed to Mode key in config.", source));
                }
            }
            if (confType == 0) {
                applyMlperfConfOnly();
            }
            applyTokenKeys();
            applyScenarioKeys();
            applyRunKeys();
        }

        private void applyMlperfConfOnly() {
            Long v;
            if ((v = u64("qsl_rng_seed")) != null) {
                s.qslRngSeed = v;
            }
            if ((v = u64("sample_index_rng_seed")) != null) {
                s.sampleIndexRngSeed = v;
            }
            if ((v = u64("schedule_rng_seed")) != null) {
                s.scheduleRngSeed = v;
            }
            Double d = dbl(scenario, "accuracy_log_probability", 0.01);
            if (d != null) {
                s.accuracyLogProbability = d;
            }
            if ((v = u64("test05")) != null) {
                s.test05 = v == 1;
            }
            if ((v = u64("test05_qsl_rng_seed")) != null) {
                s.test05QslRngSeed = v;
            }
            if ((v = u64("test05_sample_index_rng_seed")) != null) {
                s.test05SampleIndexRngSeed = v;
            }
            if ((v = u64("test05_schedule_rng_seed")) != null) {
                s.test05ScheduleRngSeed = v;
            }
        }

        private void applyTokenKeys() {
            Long v;
            if ((v = u64("use_token_latencies")) != null) {
                s.useTokenLatencies = v == 1;
            }
            if (s.useTokenLatencies) {
                if ((v = u64("Server", "ttft_latency", MS_TO_NS)) != null) {
                    s.serverTtftLatency = v;
                }
                if ((v = u64("Server", "tpot_latency", MS_TO_NS)) != null) {
                    s.serverTpotLatency = v;
                }
            }
            if ((v = u64("infer_token_latencies")) != null) {
                s.inferTokenLatencies = v == 1;
            }
            if (s.inferTokenLatencies && (v = u64("token_latency_scaling_factor")) != null) {
                s.tokenLatencyScalingFactor = v;
            }
        }

        private void applyScenarioKeys() {
            Double d;
            Long v;
            if ((d = dbl("SingleStream", "target_latency_percentile", 0.01)) != null) {
                s.singleStreamTargetLatencyPercentile = d;
            }
            if ((d = dbl("MultiStream", "target_latency_percentile", 0.01)) != null) {
                s.multiStreamTargetLatencyPercentile = d;
            }
            if ((v = u64("MultiStream", "samples_per_query", 1)) != null) {
                s.multiStreamSamplesPerQuery = v;
            }
            if ((d = dbl("Server", "target_latency_percentile", 0.01)) != null) {
                s.serverTargetLatencyPercentile = d;
            }
            if ((v = u64("Server", "target_latency", MS_TO_NS)) != null) {
                s.serverTargetLatencyNs = v;
            }
        }

        private void applyRunKeys() {
            Long v;
            Double d;
            if ((v = u64("performance_issue_unique")) != null) {
                s.performanceIssueUnique = v != 0;
            }
            if ((v = u64("performance_issue_same")) != null) {
                s.performanceIssueSame = v != 0;
            }
            if ((v = u64("performance_issue_same_index")) != null) {
                s.performanceIssueSameIndex = v;
            }
            if ((v = u64("sample_concatenate_permutation")) != null) {
                s.sampleConcatenatePermutation = v == 1;
            }
            if ((v = u64("Server", "coalesce_queries", 1)) != null) {
                s.serverCoalesceQueries = v != 0;
            }
            if ((v = u64("Server", "max_async_queries", 1)) != null) {
                s.serverMaxAsyncQueries = (int) (long) v; // C++: int(val), sign-extended into the u64 field
            }
            if ((v = u64("min_duration")) != null) {
                s.minDurationMs = v;
            }
            if ((v = u64("max_duration")) != null) {
                s.maxDurationMs = v;
            }
            if ((v = u64("min_query_count")) != null) {
                s.minQueryCount = v;
            }
            if ((v = u64("max_query_count")) != null) {
                s.maxQueryCount = v;
            }
            if ((v = u64("performance_sample_count_override")) != null) {
                s.performanceSampleCountOverride = v;
            }
            if ((v = u64("accuracy_sample_count_override")) != null) {
                s.accuracySampleCountOverride = v;
            }
            if ((d = dbl("SingleStream", "target_latency", 1000.0 * 1000.0)) != null) {
                s.singleStreamExpectedLatencyNs = d;
            }
            if ((d = dbl("MultiStream", "target_latency", 1000.0 * 1000.0)) != null) {
                s.multiStreamExpectedLatencyNs = d;
            }
            if ((d = dbl("Server", "target_qps", 1.0)) != null) {
                s.serverTargetQps = d;
            }
            if ((d = dbl("Offline", "target_qps", 1.0)) != null) {
                s.offlineExpectedQps = d;
            }
            if ((v = u64("print_timestamps")) != null) {
                s.printTimestamps = v != 0;
            }
            if ((v = u64("accuracy_log_rng_seed")) != null) {
                s.accuracyLogRngSeed = v;
            }
            if ((v = u64("accuracy_log_sampling_target")) != null) {
                s.accuracyLogSamplingTarget = v;
            }
        }
    }
}
