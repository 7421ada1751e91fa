package io.llmharness.run;

import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.dataset.StandardColumn;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.config.MlperfRound;
import io.llmharness.report.progress.Progress;
import io.llmharness.simulator.SimulatorOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the user asked {@code harness run} for, as parsed from the command line and before anything was checked.
 * {@link RunPlanner#plan} turns it into a validated {@link RunSpec}. {@code null} = flag not given.
 *
 * @param benchmark benchmark, scenario, test mode, generation and prompt flags
 * @param dataset the dataset flags
 * @param target where the requests go
 * @param loadgen the LoadGen settings flags
 * @param sut how samples become requests
 * @param output where the run directory goes and how the run reports
 * @param metrics server {@code /metrics} scraping ({@code --enable-metrics}, {@code --metrics-interval})
 * @param debugMode {@code --debug-mode}: verify server process cleanup (sets the server config's debug_mode)
 * @param access how the client reaches the servers: API key, headers, TLS, timeouts
 */
public record RunRequest(
        BenchmarkOptions benchmark,
        DatasetRequest dataset,
        TargetRequest target,
        LoadGenRequest loadgen,
        SutRequest sut,
        OutputRequest output,
        MetricsRequest metrics,
        boolean debugMode,
        AccessRequest access) {

    public RunRequest {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(target, "target");
        loadgen = loadgen == null ? LoadGenRequest.NONE : loadgen;
        sut = sut == null ? SutRequest.NONE : sut;
        Objects.requireNonNull(output, "output");
        metrics = metrics == null ? MetricsRequest.OFF : metrics;
        access = access == null ? AccessRequest.NONE : access;
    }

    /** A request with no access flags (no key, headers, TLS or timeout flags). */
    public RunRequest(
            BenchmarkOptions benchmark,
            DatasetRequest dataset,
            TargetRequest target,
            LoadGenRequest loadgen,
            SutRequest sut,
            OutputRequest output,
            MetricsRequest metrics,
            boolean debugMode) {
        this(benchmark, dataset, target, loadgen, sut, output, metrics, debugMode, AccessRequest.NONE);
    }

    /**
     * The dataset flags.
     *
     * @param path {@code --dataset-path}
     * @param numSamples {@code --num-samples}: use the first N rows; 0 or null = all
     * @param columns {@code --input-ids-column}, {@code --input-column}, {@code --target-column},
     *     {@code --messages-column}
     * @param cacheDir binary dataset cache directory, or null for none
     */
    public record DatasetRequest(Path path, Integer numSamples, Map<StandardColumn, String> columns, Path cacheDir) {
        public DatasetRequest {
            columns = columns == null ? Map.of() : Map.copyOf(columns);
        }
    }

    /**
     * Where requests go: exactly one of the three (several given is a usage error, none means the default
     * {@code http://localhost:8000}, as in the seed harness).
     *
     * @param apiServerUrls {@code --api-server-url}, repeatable and comma-separated (already split)
     * @param simulate {@code --simulate}: the embedded simulator, or null
     * @param servers {@code --server-config} / {@code --server-*}: start servers through the server manager, or null
     * @param endpointType {@code --endpoint-type}: overrides the benchmark's (and the server config's) endpoint
     * @param lbPolicy {@code --lb-policy}: round-robin or least-outstanding
     */
    public record TargetRequest(
            List<String> apiServerUrls,
            SimulateRequest simulate,
            ServerConfigSource servers,
            String endpointType,
            String lbPolicy) {
        public TargetRequest {
            apiServerUrls = apiServerUrls == null ? List.of() : List.copyOf(apiServerUrls);
        }
    }

    /**
     * The embedded simulator.
     *
     * @param options the simulator's options (persona, latency profile); host and port are set by the run
     * @param personaGiven whether the persona was chosen explicitly ({@code --simulate-persona})
     */
    public record SimulateRequest(SimulatorOptions options, boolean personaGiven) {}

    /**
     * LoadGen flags, applied in the order of {@link LoadGenSettings}.
     *
     * @param userConf {@code --user-conf}
     * @param mlperfConf {@code --mlperf-conf}: another round's mlperf.conf instead of the embedded one
     * @param serverTargetQps {@code --server-target-qps}
     * @param serverCoalesceQueries {@code --server-coalesce-queries}
     * @param sets {@code --set FIELD=VALUE}, applied last, in order
     * @param trace {@code --loadgen-trace}: write the Chrome trace (otherwise created empty)
     * @param auditConfig audit config file LoadGen applies when it exists in the working directory
     * @param round {@code --round}: the round whose embedded mlperf.conf applies (null = the default, v6.1)
     */
    public record LoadGenRequest(
            Path userConf,
            Path mlperfConf,
            Double serverTargetQps,
            Boolean serverCoalesceQueries,
            List<String> sets,
            boolean trace,
            String auditConfig,
            MlperfRound round) {

        /** No flag given. */
        public static final LoadGenRequest NONE = new LoadGenRequest(null, null, null, null, List.of(), false, null);

        public LoadGenRequest {
            sets = sets == null ? List.of() : List.copyOf(sets);
            auditConfig = auditConfig == null ? "audit.config" : auditConfig;
        }

        /**
         * {@code --round} parsed (null when not given).
         *
         * @throws HarnessException usage error for a round without an embedded mlperf.conf, or when
         *     {@code --mlperf-conf} is given as well
         */
        public static MlperfRound round(String round, Path mlperfConf) {
            if (round == null) {
                return null;
            }
            MlperfRound r = MlperfRound.parse(round)
                    .filter(MlperfRound::embedded)
                    .orElseThrow(() -> HarnessException.usage("--round " + round + ": not a round with an embedded"
                            + " mlperf.conf; use one of " + MlperfRound.embeddedLabels()
                            + " (or --mlperf-conf FILE for another round's file)"));
            if (mlperfConf != null) {
                throw HarnessException.usage("--round " + round + " and --mlperf-conf " + mlperfConf
                        + ": give one of them (--round picks an embedded mlperf.conf, --mlperf-conf reads a file)");
            }
            return r;
        }

        /** The flags that existed before {@code --round}. */
        public LoadGenRequest(
                Path userConf,
                Path mlperfConf,
                Double serverTargetQps,
                Boolean serverCoalesceQueries,
                List<String> sets,
                boolean trace,
                String auditConfig) {
            this(userConf, mlperfConf, serverTargetQps, serverCoalesceQueries, sets, trace, auditConfig, null);
        }
    }

    /**
     * How LoadGen samples become HTTP requests.
     *
     * @param batchSize {@code --batch-size}: prompts per request in batched Offline runs
     * @param offlineBackToBack {@code --offline-back-to-back}: one request per sample in Offline
     * @param maxInFlight {@code --max-in-flight}: request cap for Offline runs
     * @param maxConsecutiveFailures failed requests in a row on one server that abort the run (0 = never)
     * @param maxRetries {@code --max-retries}: resends of a request answered 429/503 (null = the default, 0 = none)
     * @param warmupRequests {@code --warmup-requests}: least number of warm-up queries (null = the default, 0 = no
     *     warm-up)
     * @param maxConnections {@code --max-connections}: most connections per server (null = the default)
     * @param warmupSeconds {@code --warmup-seconds}: longest warm-up (null = the default, 0 = no warm-up)
     * @param healthThresholds {@code --client-health-threshold KEY=VALUE} overrides, in order
     * @param requestIdPrefix {@code --request-id-prefix}: send {@code X-Request-Id: <prefix><request_id>} (null =
     *     none)
     * @param maxFailureRate {@code --max-failure-rate}: the share of failed samples (0–1) a run may have before its
     *     verdict is FAILED-SAMPLES (null = 0: any failed sample)
     * @param jitNice {@code --jit-nice}: nice value of the JIT compiler threads after the warm start (null = the
     *     process's default: 10 in the CLI, 0 elsewhere; 0 = leave them alone)
     */
    public record SutRequest(
            Integer batchSize,
            boolean offlineBackToBack,
            Integer maxInFlight,
            Integer maxConsecutiveFailures,
            Integer maxRetries,
            Integer warmupRequests,
            Integer maxConnections,
            Double warmupSeconds,
            List<String> healthThresholds,
            String requestIdPrefix,
            Double maxFailureRate,
            Integer jitNice) {

        /** No flag given. */
        public static final SutRequest NONE = new SutRequest(null, false, null, null, null, null);

        public SutRequest {
            healthThresholds = healthThresholds == null ? List.of() : List.copyOf(healthThresholds);
        }

        /** The flags that existed before {@code --max-failure-rate}. */
        public SutRequest(
                Integer batchSize,
                boolean offlineBackToBack,
                Integer maxInFlight,
                Integer maxConsecutiveFailures,
                Integer maxRetries,
                Integer warmupRequests,
                Integer maxConnections,
                Double warmupSeconds,
                List<String> healthThresholds,
                String requestIdPrefix) {
            this(
                    batchSize,
                    offlineBackToBack,
                    maxInFlight,
                    maxConsecutiveFailures,
                    maxRetries,
                    warmupRequests,
                    maxConnections,
                    warmupSeconds,
                    healthThresholds,
                    requestIdPrefix,
                    null,
                    null);
        }

        /** The flags that existed before the connection cap, warm-up time and health thresholds. */
        public SutRequest(
                Integer batchSize,
                boolean offlineBackToBack,
                Integer maxInFlight,
                Integer maxConsecutiveFailures,
                Integer maxRetries,
                Integer warmupRequests) {
            this(
                    batchSize,
                    offlineBackToBack,
                    maxInFlight,
                    maxConsecutiveFailures,
                    maxRetries,
                    warmupRequests,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null);
        }
    }

    /**
     * Output flags.
     *
     * @param outputDir {@code --output-dir}: the run directory is created inside it
     * @param runId the run directory's name, or null for {@code <date>-<time>-<benchmark>-<scenario>-<mode>}
     * @param commandLine the command line as typed, for summary.json and config.resolved.yaml
     * @param toolVersion the harness version
     * @param progress how progress is shown while the run is going
     * @param quiet show no warnings and server events on the terminal (they still go to harness.log)
     */
    public record OutputRequest(
            Path outputDir,
            String runId,
            List<String> commandLine,
            String toolVersion,
            Progress.Mode progress,
            boolean quiet) {
        public OutputRequest {
            Objects.requireNonNull(outputDir, "outputDir");
            commandLine = commandLine == null ? List.of() : List.copyOf(commandLine);
            toolVersion = toolVersion == null ? "dev" : toolVersion;
            progress = progress == null ? Progress.Mode.AUTO : progress;
        }
    }

    /**
     * Server metrics scraping.
     *
     * @param enabled scrape {@code /metrics} of every server during the run
     * @param interval time between two scrapes
     */
    public record MetricsRequest(boolean enabled, Duration interval) {

        /** No scraping. */
        public static final MetricsRequest OFF = new MetricsRequest(false, Duration.ofSeconds(15));

        public MetricsRequest {
            interval = interval == null ? Duration.ofSeconds(15) : interval;
        }
    }
}
