package io.llmharness.cli.bench;

import io.llmharness.client.health.JitPriority;
import io.llmharness.error.HarnessException;
import io.llmharness.run.bench.Shard;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/** How to run: output, dry run, seed, warm-up, SLOs, failure handling. */
public final class RunFlags {

    @Option(
            names = "--output-dir",
            paramLabel = "DIR",
            defaultValue = "harness_output",
            description = "Runs go into DIR/<run-id>/ (default: ${DEFAULT-VALUE}).")
    Path outputDir;

    @Option(
            names = {"-n", "--dry-run"},
            description = "Print the rendered profile and the plan; send nothing.")
    boolean dryRun;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Seed of every random choice (default: the profile's, else 42).")
    Long seed;

    @Option(
            names = "--slo",
            paramLabel = "METRIC=LIMIT,...",
            description = "Goodput objectives, e.g. ttft=200ms,tpot=50ms (metrics: ttft, tpot, ntpot, e2e_latency,"
                    + " time_per_request; units ms, s, us; default ms). Replace the profile's.")
    String slo;

    @Option(
            names = "--warmup-requests",
            paramLabel = "N",
            defaultValue = "8",
            description = "Short unreported requests before the first stage (default: ${DEFAULT-VALUE}; 0 = none).")
    int warmupRequests;

    @Option(
            names = "--warmup-seconds",
            paramLabel = "S",
            defaultValue = "30",
            description = "Longest warm-up: it sends short requests until the JIT compiler is idle, at most this long"
                    + " (default: ${DEFAULT-VALUE}; 0 = the --warmup-requests alone).")
    double warmupSeconds;

    @Option(names = "--jit-nice", paramLabel = "N", description = JitPriority.HELP)
    Integer jitNice;

    @Option(
            names = "--max-consecutive-failures",
            paramLabel = "N",
            defaultValue = "50",
            description = "Failed requests in a row that stop the run (default: ${DEFAULT-VALUE}; 0 = never).")
    int maxConsecutiveFailures;

    @Option(
            names = "--max-retries",
            paramLabel = "N",
            defaultValue = "0",
            description = "Resends of a request answered 429 or 503 (default: ${DEFAULT-VALUE}: a rejection is"
                    + " a result).")
    int maxRetries;

    @Option(
            names = "--shard",
            paramLabel = "I/N",
            description = "Send share I of N of the load (0 <= I < N): rates divided by N, concurrency and requests"
                    + " split, the data set partitioned; merge the N runs with harness merge.")
    String shard;

    @Option(
            names = "--start-at",
            paramLabel = "INSTANT",
            description = "Start the first stage at this ISO-8601 instant (e.g. 2026-05-01T12:00:00Z), after the"
                    + " warm-up; all shards of a run share one.")
    String startAt;

    @Option(
            names = "--enable-metrics",
            description = "Scrape the server's /metrics into server_metrics.parquet, with a scrape at every stage"
                    + " boundary; per-stage figures go to summary.json and report.html.")
    boolean enableMetrics;

    @Option(
            names = "--metrics-interval",
            paramLabel = "SECONDS",
            defaultValue = "15",
            description = "Seconds between two scrapes with --enable-metrics (default: ${DEFAULT-VALUE}).")
    double metricsInterval;

    @Option(
            names = "--history",
            paramLabel = "FILE",
            description = "Run history every finished run is added to (default: $HARNESS_HISTORY, else"
                    + " ~/.llm-harness/history.duckdb; 'off' for none).")
    String history;

    /** The {@code --history} value as given, or null. */
    public String history() {
        return history;
    }

    /** {@code --enable-metrics} with its interval, or null. */
    public Duration metricsInterval() {
        return enableMetrics ? Duration.ofMillis(Math.round(metricsInterval * 1000)) : null;
    }

    /** {@code --shard}, or the whole load. */
    public Shard shard() {
        return shard == null ? Shard.WHOLE : Shard.parse(shard);
    }

    /** {@code --start-at}, or null. */
    public Instant startAt() {
        if (startAt == null) {
            return null;
        }
        try {
            return Instant.parse(startAt.strip());
        } catch (DateTimeParseException e) {
            throw HarnessException.usage("--start-at '" + startAt
                    + "': expected an ISO-8601 instant with a zone, e.g. 2026-05-01T12:00:00Z");
        }
    }

    public Path outputDir() {
        return outputDir;
    }

    public boolean dryRun() {
        return dryRun;
    }

    public Long seed() {
        return seed;
    }

    /** Checks the numbers. */
    public void validate() {
        if (warmupRequests < 0) {
            throw HarnessException.usage("--warmup-requests " + warmupRequests + ": must be >= 0");
        }
        if (!(warmupSeconds >= 0) || !Double.isFinite(warmupSeconds)) {
            throw HarnessException.usage("--warmup-seconds " + warmupSeconds + ": must be a number of seconds >= 0");
        }
        if (jitNice != null && (jitNice < 0 || jitNice > JitPriority.MAX_NICE)) {
            throw HarnessException.usage(
                    "--jit-nice " + jitNice + ": must be 0 (leave the JIT alone) to " + JitPriority.MAX_NICE);
        }
        if (maxConsecutiveFailures < 0) {
            throw HarnessException.usage("--max-consecutive-failures " + maxConsecutiveFailures + ": must be >= 0");
        }
        if (maxRetries < 0) {
            throw HarnessException.usage("--max-retries " + maxRetries + ": must be >= 0");
        }
        if (!(metricsInterval > 0) || !Double.isFinite(metricsInterval)) {
            throw HarnessException.usage(
                    "--metrics-interval " + metricsInterval + ": must be a positive number of seconds");
        }
        shard();
        startAt();
    }

    public int warmupRequests() {
        return warmupRequests;
    }

    /** The longest warm-up ({@code --warmup-seconds}). */
    public Duration warmupTime() {
        return Duration.ofNanos(Math.round(warmupSeconds * 1e9));
    }

    /** {@code --jit-nice}, or the process's default when not given ({@link JitPriority.Request#of}). */
    public JitPriority.Request jitNice() {
        return JitPriority.Request.of(jitNice);
    }

    public int maxConsecutiveFailures() {
        return maxConsecutiveFailures;
    }

    public int maxRetries() {
        return maxRetries;
    }

    /** {@code --slo} as metric → seconds. */
    public Map<String, Double> slos() {
        return parseSlo(slo);
    }

    static Map<String, Double> parseSlo(String text) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            String[] kv = part.strip().split("=", 2);
            if (kv.length != 2) {
                throw HarnessException.usage("--slo '" + part.strip() + "': expected METRIC=LIMIT, e.g. ttft=200ms");
            }
            String metric = switch (kv[0].strip().toLowerCase(Locale.ROOT)) {
                case "ttft" -> "ttft";
                case "tpot" -> "tpot";
                case "ntpot" -> "ntpot";
                case "e2e_latency", "e2el", "request_latency", "e2e" -> "e2e_latency";
                case "time_per_request" -> "time_per_request";
                default ->
                    throw HarnessException.usage("--slo '" + part.strip() + "': unknown metric '" + kv[0].strip()
                            + "'; use ttft, tpot, ntpot, e2e_latency or time_per_request");
            };
            out.put(metric, seconds(kv[1].strip(), part.strip()));
        }
        return out;
    }

    private static double seconds(String v, String part) {
        double scale = 1e-3;
        String num = v;
        String lower = v.toLowerCase(Locale.ROOT);
        if (lower.endsWith("ms")) {
            num = v.substring(0, v.length() - 2);
        } else if (lower.endsWith("us")) {
            num = v.substring(0, v.length() - 2);
            scale = 1e-6;
        } else if (lower.endsWith("s")) {
            num = v.substring(0, v.length() - 1);
            scale = 1;
        }
        try {
            double d = Double.parseDouble(num.strip());
            if (!(d > 0)) {
                throw new NumberFormatException();
            }
            return d * scale;
        } catch (NumberFormatException e) {
            throw HarnessException.usage("--slo '" + part + "': '" + v + "' is not a positive duration (e.g. 200ms)");
        }
    }
}
