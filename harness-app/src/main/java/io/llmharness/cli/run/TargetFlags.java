package io.llmharness.cli.run;

import io.llmharness.accuracy.synth.ReferenceAnswers;
import io.llmharness.client.health.JitPriority;
import io.llmharness.error.HarnessException;
import io.llmharness.run.RunRequest;
import io.llmharness.run.ServerConfigSource;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/** Where the requests go and how samples become requests. */
public final class TargetFlags {

    @Option(
            names = "--api-server-url",
            paramLabel = "URL",
            split = ",",
            description = "Server base URL; repeat or"
                    + " separate with commas to load-balance (default: http://localhost:8000).")
    List<String> apiServerUrls = new ArrayList<>();

    @Option(
            names = "--simulate",
            description =
                    "Start the embedded vLLM/SGLang simulator in this process and run" + " against it (no GPU needed).")
    boolean simulate;

    @Option(
            names = "--simulate-persona",
            paramLabel = "NAME",
            description = "Simulator persona with --simulate:" + " vllm (default) or sglang.")
    String simulatePersona;

    @Option(
            names = "--endpoint-type",
            paramLabel = "TYPE",
            description = "completions, chat_completions or generate"
                    + " (default: the benchmark's, or the server config's endpoint_type).")
    String endpointType;

    @Option(
            names = "--lb-policy",
            paramLabel = "POLICY",
            description = "round-robin (default) or least-outstanding," + " over several servers.")
    String lbPolicy;

    @Option(
            names = "--batch-size",
            paramLabel = "N",
            description = "Prompts per request in batched Offline runs" + " (default 32).")
    Integer batchSize;

    @Option(names = "--offline-back-to-back", description = "Offline: one request per sample instead of batches.")
    boolean offlineBackToBack;

    @Option(
            names = "--max-in-flight",
            paramLabel = "N",
            description = "Offline: most requests in progress at once"
                    + " (default 1024). Other scenarios are never throttled by the client.")
    Integer maxInFlight;

    @Option(
            names = "--max-consecutive-failures",
            paramLabel = "N",
            description = "Failed requests in a row on one" + " server that stop the run (default 10; 0 = never).")
    Integer maxConsecutiveFailures;

    @Option(
            names = "--max-failure-rate",
            paramLabel = "SHARE",
            description = "Share of failed samples (0-1) a run may have before its verdict is FAILED-SAMPLES"
                    + " (exit 5). Default 0: any failed sample.")
    Double maxFailureRate;

    @Option(
            names = "--max-retries",
            paramLabel = "N",
            description = "Resends of a request the server answered with 429 or 503, after 100, 200, 400 ms..."
                    + " or its Retry-After (default 3; 0 = none). Latency still counts from the scheduled time.")
    Integer maxRetries;

    @Option(
            names = "--max-connections",
            paramLabel = "N",
            description = "Most connections to each server (default 1024). Requests beyond it wait in the client,"
                    + " still timed from their scheduled time, and the run is flagged client-limited.")
    Integer maxConnections;

    @Option(
            names = "--warmup-requests",
            paramLabel = "N",
            description = "Least number of queries of the unrecorded warm-up test run before the measured one"
                    + " (default 16; 0 = no warm-up).")
    Integer warmupRequests;

    @Option(
            names = "--warmup-seconds",
            paramLabel = "S",
            description = "Longest warm-up: the run's own scenario and rate, ended once the JIT compiler is idle"
                    + " (default 30; 0 = no warm-up).")
    Double warmupSeconds;

    @Option(names = "--jit-nice", paramLabel = "N", description = JitPriority.HELP)
    Integer jitNice;

    @Option(
            names = "--client-health-threshold",
            paramLabel = "KEY=VALUE",
            description = "Override a client-health threshold: schedule_delay_p99_ms, connection_wait_p99_ms,"
                    + " loop_lag_p99_ms, gc_pause_max_ms, gc_pause_share, cpu_share (repeatable; see"
                    + " docs/performance.md).")
    List<String> healthThresholds = new ArrayList<>();

    @Option(
            names = "--request-id-prefix",
            paramLabel = "PREFIX",
            description = "Send X-Request-Id: PREFIX<request_id> with every request, to match requests.csv rows"
                    + " with server logs (default: no header).")
    String requestIdPrefix;

    @Option(
            names = "--simulate-answers",
            paramLabel = "FILE",
            description = "With --simulate: answer each prompt of this dataset with its reference output (as harness"
                    + " sim --answers does), so an accuracy run scores at the reference values.")
    java.nio.file.Path simulateAnswers;

    /** The flags as the target part of a run request. */
    public RunRequest.TargetRequest toRequest(ServerConfigSource servers) {
        RunRequest.SimulateRequest sim = null;
        if (simulate) {
            SimulatorOptions o = SimulatorOptions.defaults().with(Identity.DEFAULTS.withPersona(persona()));
            if (simulateAnswers != null) {
                o = o.with(
                        o.streaming().withAnswers(ReferenceAnswers.load(simulateAnswers, null, "--simulate-answers")));
            }
            sim = new RunRequest.SimulateRequest(o, simulatePersona != null);
        } else if (simulatePersona != null) {
            throw HarnessException.usage("--simulate-persona needs --simulate");
        } else if (simulateAnswers != null) {
            throw HarnessException.usage("--simulate-answers needs --simulate (or start harness sim --answers FILE)");
        }
        List<String> urls = apiServerUrls.stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
        return new RunRequest.TargetRequest(urls, sim, servers, endpointType, lbPolicy);
    }

    /** The flags as the SUT part of a run request. */
    public RunRequest.SutRequest toSutRequest() {
        return new RunRequest.SutRequest(
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
                maxFailureRate,
                jitNice);
    }

    private Persona persona() {
        if (simulatePersona == null) {
            return Persona.VLLM;
        }
        return switch (simulatePersona.strip().toLowerCase(Locale.ROOT)) {
            case "vllm" -> Persona.VLLM;
            case "sglang" -> Persona.SGLANG;
            default ->
                throw HarnessException.usage(
                        "--simulate-persona '" + simulatePersona + "': unknown persona; use vllm or sglang");
        };
    }
}
