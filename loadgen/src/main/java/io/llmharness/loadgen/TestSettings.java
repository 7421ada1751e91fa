package io.llmharness.loadgen;

import io.llmharness.loadgen.config.ConfigContext;
import io.llmharness.loadgen.config.ConfigDiagnostic;
import io.llmharness.loadgen.config.ConfigLoader;
import io.llmharness.loadgen.config.ConfigStatus;
import io.llmharness.loadgen.config.SettingsTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the test should do: the C++ {@code mlperf::TestSettings}, field for field, with the same defaults.
 *
 * <p>Fields are public and mutable like the C++ struct (the harness builds them from flags and files, then
 * hands a copy to LoadGen). Every field can also be set by its exact snake_case spec name through
 * {@link #set(String, String)}, e.g. {@code set("server_target_qps", "2000")}. Fields that hold a C++
 * {@code uint64_t} (seeds, counts) are Java longs read as unsigned.
 *
 * <p>Config files ({@code user.conf}, another round's {@code mlperf.conf}) are applied with {@link ConfigFiles}, or
 * call by call with {@link #fromConfig}; their errors are kept in {@link #configDiagnostics()} and written to the
 * detail log as {@code error_invalid_config} when the test starts.
 */
public final class TestSettings {

    /** Scenario; default SingleStream. */
    public Scenario scenario = Scenario.SINGLE_STREAM;
    /** Mode; default PerformanceOnly. */
    public TestMode mode = TestMode.PERFORMANCE_ONLY;

    /** SingleStream: expected latency in ns, a hint for how many queries to pre-generate. */
    public double singleStreamExpectedLatencyNs = 1000000;
    /** SingleStream: latency percentile reported, as a fraction (0.90 = p90). */
    public double singleStreamTargetLatencyPercentile = 0.90;
    /** MultiStream: expected query latency in ns, a pre-generation hint. */
    public double multiStreamExpectedLatencyNs = 8000000;
    /** MultiStream: latency percentile reported, as a fraction. */
    public double multiStreamTargetLatencyPercentile = 0.99;
    /** MultiStream: samples per query (u64). */
    public long multiStreamSamplesPerQuery = 8;

    /** Server: Poisson arrival rate in queries per second. */
    public double serverTargetQps = 1;
    /** Server: latency bound in ns (u64) checked at the target percentile. */
    public long serverTargetLatencyNs = 100000000;
    /** Server: latency percentile checked, as a fraction. */
    public double serverTargetLatencyPercentile = 0.99;
    /** Server: merge queries whose scheduled time has passed into one issueQuery call. */
    public boolean serverCoalesceQueries = false;
    /** Server, FindPeakPerformance: decimals of QPS precision at which the binary search stops. */
    public int serverFindPeakQpsDecimalsOfPrecision = 1;
    /** Server, FindPeakPerformance: factor by which the upper bound grows: upper = lower x (1 + step). */
    public double serverFindPeakQpsBoundaryStepSize = 1;
    /** Server: stop early when more queries than this are outstanding (u64); 0 = unlimited. */
    public long serverMaxAsyncQueries = 0;
    /** Server: number of SUT threads that issue queries via {@link LoadGen#registerIssueQueryThread()} (u64). */
    public long serverNumIssueQueryThreads = 0;

    /** Offline: expected throughput in samples per second; sizes the single query. */
    public double offlineExpectedQps = 1;

    /** "Equal issue" mode: draw samples as concatenated permutations of the loaded set. */
    public boolean sampleConcatenatePermutation = false;

    /** Minimum test duration in ms (u64). */
    public long minDurationMs = 10000;
    /** Maximum test duration in ms (u64); 0 = unlimited. */
    public long maxDurationMs = 0;
    /** Minimum number of queries (u64). */
    public long minQueryCount = 100;
    /** Maximum number of queries (u64); 0 = unlimited. */
    public long maxQueryCount = 0;

    /** Seed (u64, low 32 bits used) of the loadable-set shuffle. */
    public long qslRngSeed = 0;
    /** Seed (u64, low 32 bits used) of the sample choice. */
    public long sampleIndexRngSeed = 0;
    /** Seed (u64, low 32 bits used) of the Server schedule. */
    public long scheduleRngSeed = 0;
    /** Seed (u64, low 32 bits used) of the accuracy-log sampling offset. */
    public long accuracyLogRngSeed = 0;
    /** Probability (fraction) that a performance-run response is written to the accuracy log. */
    public double accuracyLogProbability = 0.0;
    /** When non-zero (u64): aim for this many accuracy-log entries in a performance run. */
    public long accuracyLogSamplingTarget = 0;

    /** TEST05: force PerformanceOnly and use the three test05 seeds instead. */
    public boolean test05 = false;
    /** TEST05 replacement for {@link #qslRngSeed} (u64). */
    public long test05QslRngSeed = 0;
    /** TEST05 replacement for {@link #sampleIndexRngSeed} (u64). */
    public long test05SampleIndexRngSeed = 0;
    /** TEST05 replacement for {@link #scheduleRngSeed} (u64). */
    public long test05ScheduleRngSeed = 0;

    /** Print start/stop wall-clock times and durations of the performance run to stdout. */
    public boolean printTimestamps = false;
    /** Audit: issue each loaded sample exactly once. */
    public boolean performanceIssueUnique = false;
    /** Audit: issue the same sample every time. */
    public boolean performanceIssueSame = false;
    /** Audit: position in the loaded set of the sample {@link #performanceIssueSame} repeats (u64). */
    public long performanceIssueSameIndex = 0;
    /** Performance set size (u64); 0 = the QSL's performance sample count. */
    public long performanceSampleCountOverride = 0;
    /** Accuracy set size (u64); 0 = the QSL's total sample count. */
    public long accuracySampleCountOverride = 0;

    /** Record time-to-first-token and time-per-output-token per sample. */
    public boolean useTokenLatencies = false;
    /** Server TTFT bound in ns (u64) at the target percentile. Python name {@code ttft_latency}. */
    public long serverTtftLatency = 100000000;
    /** Server TPOT bound in ns (u64) at the target percentile. Python name {@code tpot_latency}. */
    public long serverTpotLatency = 100000000;
    /** Report token throughput inferred from sample counts and {@link #tokenLatencyScalingFactor}. */
    public boolean inferTokenLatencies = false;
    /** Tokens per sample used when inferring token throughput (u64; uninitialised in C++, 0 here). */
    public long tokenLatencyScalingFactor = 0;

    private final List<ConfigDiagnostic> diagnostics = new ArrayList<>();

    /** Settings with the C++ defaults. */
    public TestSettings() {}

    /** An independent copy, including pending config diagnostics. */
    public TestSettings copy() {
        TestSettings c = new TestSettings();
        SettingsTable.copyFields(this, c);
        c.diagnostics.addAll(diagnostics);
        return c;
    }

    /**
     * Sets a field by its spec name (e.g. {@code server_target_qps}), parsing {@code value} for the field's
     * type: numbers in C syntax ({@code 0x10}, {@code 1e6}), booleans {@code true/false/1/0}, scenario and
     * mode names.
     *
     * @throws IllegalArgumentException for an unknown name (with close matches) or a value of the wrong type
     */
    public TestSettings set(String name, String value) {
        SettingsTable.set(this, name, value);
        return this;
    }

    /** The value of a field by spec name, formatted as LoadGen logs it. */
    public String get(String name) {
        return SettingsTable.get(this, name);
    }

    /**
     * Applies a {@code user.conf}-style file ({@code conf_type} 1), the C++ {@code FromConfig}. The first such call
     * in {@code context} applies the context's mlperf.conf first; later calls log "Multiple conf files are used".
     *
     * @param context the LoadGen "process" this load belongs to (its user.conf count and mlperf.conf)
     * @param model the mlperf.conf model key, e.g. {@code llama3_1-8b} or {@code llama3_1-8b-interactive}
     * @param scenario scenario name used for lookups, e.g. {@code Server}
     */
    public ConfigStatus fromConfig(ConfigContext context, Path path, String model, String scenario) {
        return fromConfig(context, path, model, scenario, 1);
    }

    /**
     * Applies a config file with an explicit {@code conf_type}: 0 = mlperf.conf rules ({@code path} may be null for
     * the context's mlperf.conf), 1 = user.conf, 2 = audit.config.
     */
    public ConfigStatus fromConfig(ConfigContext context, Path path, String model, String scenario, int confType) {
        return ConfigLoader.apply(context, this, path, model, scenario, confType);
    }

    /** Errors found while applying config files, logged as {@code error_invalid_config} at test start. */
    public List<ConfigDiagnostic> configDiagnostics() {
        return List.copyOf(diagnostics);
    }

    /** Records a config diagnostic (used by the config loader). */
    public void addConfigDiagnostic(ConfigDiagnostic diagnostic) {
        diagnostics.add(diagnostic);
    }

    /** Forgets recorded config diagnostics. */
    public void clearConfigDiagnostics() {
        diagnostics.clear();
    }
}
