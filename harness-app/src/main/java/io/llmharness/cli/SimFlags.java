package io.llmharness.cli;

import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Faults;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.LatencyMode;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.OutputMode;
import io.llmharness.simulator.Parallelism;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.Profiling;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.Streaming;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code harness sim} flags. Names follow vLLM, SGLang and llm-d-inference-sim where they exist (aliases
 * included), so real launch command lines work; units are in each description. Maps onto
 * {@link SimulatorOptions}; unset flags keep the simulator's defaults.
 */
final class SimFlags {
    @Option(names = "--persona", description = "vllm or sglang (default: ${DEFAULT-VALUE}).", defaultValue = "vllm")
    Persona persona;

    @Option(names = "--host", description = "Address to bind (default: ${DEFAULT-VALUE}).", defaultValue = "127.0.0.1")
    String host;

    @Option(names = "--port", description = "TCP port; 0 = ephemeral (default: 8000 for vllm, 30000 for sglang).")
    Integer port;

    @Option(
            names = {"--model", "--model-path"},
            description = "Model path or id, reported as root (default: sim-model).")
    String model;

    @Option(
            names = "--served-model-name",
            arity = "1..*",
            parameterConsumer = SimConverters.Words.class,
            description = "Names accepted in requests; the first is reported.")
    List<String> servedModelNames;

    @Option(
            names = {"--max-model-len", "--context-length"},
            converter = SimConverters.HumanInt.class,
            description = "Context window in tokens; suffixes k=1000, K=1024, m, M (default 32768).")
    Integer maxModelLen;

    @Option(
            names = {"--max-num-seqs", "--max-running-requests"},
            description = "Running slots per engine (default 256).")
    Integer maxNumSeqs;

    @Option(
            names = {"--max-num-batched-tokens", "--chunked-prefill-size"},
            converter = SimConverters.HumanInt.class,
            description = "Token budget per engine step in batch mode (default 8192).")
    Integer maxNumBatchedTokens;

    @Option(
            names = {"--kv-cache-tokens", "--max-total-tokens"},
            converter = SimConverters.HumanInt.class,
            description = "KV-cache capacity per engine in tokens (default 524288).")
    Integer kvCacheTokens;

    @Option(
            names = {"--block-size", "--page-size"},
            description = "KV block size in tokens (default 16).")
    Integer blockSize;

    @Option(names = "--enable-prefix-caching", negatable = true, description = "Prefix caching (default on).")
    Boolean prefixCaching;

    @Option(names = "--disable-radix-cache", description = "SGLang spelling of --no-enable-prefix-caching.")
    boolean disableRadixCache;

    @Option(
            names = {"--tensor-parallel-size", "-tp", "--tp", "--tp-size"},
            description = "Tensor-parallel size: number of worker processes (default 1).")
    Integer tensorParallelSize;

    @Option(
            names = {"--data-parallel-size", "-dp", "--dp", "--dp-size"},
            description = "Independent engines behind the port (default 1).")
    Integer dataParallelSize;

    @Option(
            names = "--worker-processes",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Spawn one idle worker process per TP rank (default on).")
    boolean workerProcesses;

    @Option(
            names = {"--seed", "--random-seed"},
            description = "Server seed (default 0).")
    Long seed;

    @Option(names = "--mode", description = "Output: random or echo (default random).")
    OutputMode outputMode;

    @Option(
            names = "--latency-mode",
            description = "fixed or batch (default: fixed when --ttft/--itl is given, else batch).")
    LatencyMode latencyMode;

    @Option(
            names = {"--ttft", "--time-to-first-token"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: time to first token, ms (or 100ms, 1.5s).")
    Double ttft;

    @Option(
            names = {"--itl", "--inter-token-latency"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: inter-token latency, ms.")
    Double itl;

    @Option(
            names = {"--ttft-std-dev", "--time-to-first-token-std-dev"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: TTFT jitter (standard deviation), ms.")
    Double ttftStdDev;

    @Option(
            names = {"--itl-std-dev", "--inter-token-latency-std-dev"},
            converter = SimConverters.Millis.class,
            description = "Fixed mode: ITL jitter (standard deviation), ms.")
    Double itlStdDev;

    @Option(names = "--time-factor-under-load", description = "Fixed mode: latency factor with all slots busy (>= 1).")
    Double timeFactorUnderLoad;

    @Option(names = "--prefill-tokens-per-second", description = "Batch mode: prefill throughput, tokens/s (0 = free).")
    Double prefillTokensPerSecond;

    @Option(
            names = {"--prefill-overhead-ms", "--prefill-overhead"},
            converter = SimConverters.Millis.class,
            description = "Batch mode: extra time of a step with prefill work, ms.")
    Double prefillOverheadMs;

    @Option(
            names = "--decode-step-ms",
            converter = SimConverters.Millis.class,
            description = "Batch mode: engine step time with one sequence, ms.")
    Double decodeStepMs;

    @Option(
            names = "--decode-step-ms-per-seq",
            converter = SimConverters.Millis.class,
            description = "Batch mode: step time added per extra sequence in the batch, ms.")
    Double decodeStepMsPerSeq;

    @Option(names = "--max-waiting-queue-length", description = "Waiting-queue bound; beyond it 429 (0 = unbounded).")
    Integer maxWaitingQueueLength;

    @Option(
            names = {"--max-num-queued-reqs", "--max-queued-requests"},
            description = "Waiting-queue bound; beyond it 503 (0 = unbounded).")
    Integer maxNumQueuedRequests;

    @Option(names = "--stream-interval", description = "Tokens per streamed chunk (default 1).")
    Integer streamInterval;

    @Option(
            names = "--stream-headers-on-first-token",
            description = "Send SSE headers with the first token (llm-d style).")
    boolean streamHeadersOnFirstToken;

    @Option(names = "--incremental-streaming-output", description = "SGLang /generate streams deltas.")
    boolean incrementalStreamingOutput;

    @Option(names = "--split-writes", description = "Test mode: cut streamed bytes at random offsets.")
    boolean splitWrites;

    @Option(names = "--legacy-error-shape", description = "vLLM <= 0.10.0 flat error bodies.")
    boolean legacyErrorShape;

    @Option(names = "--legacy-metrics", description = "vLLM < 0.12 metric names.")
    boolean legacyMetrics;

    @Option(
            names = {"--enable-prompt-tokens-details", "--enable-cache-report"},
            description = "Report usage.prompt_tokens_details.cached_tokens.")
    boolean promptTokensDetails;

    @Option(names = "--enable-force-include-usage", description = "Usage chunk on every stream.")
    boolean forceIncludeUsage;

    @Option(names = "--enable-request-id-headers", description = "Echo X-Request-Id as a response header.")
    boolean requestIdHeaders;

    @Option(
            names = "--enable-metrics",
            negatable = true,
            description = "Serve /metrics (default: vllm yes, sglang no).")
    Boolean metrics;

    @Option(names = "--api-key", description = "Require 'Authorization: Bearer KEY' (also env VLLM_API_KEY).")
    String apiKey;

    @Option(names = "--skip-server-warmup", description = "SGLang: healthy without the warm-up request.")
    boolean skipWarmup;

    @Option(names = "--startup-delay-ms", description = "Refuse connections this long before listening, ms.")
    Long startupDelayMs;

    @Option(
            names = {"--warmup-ms", "--startup-duration"},
            converter = SimConverters.WholeMillis.class,
            description = "After listening, /health answers 503 this long, ms.")
    Long warmupMs;

    @Option(
            names = "--shutdown-timeout",
            converter = SimConverters.Seconds.class,
            description = "On SIGTERM let in-flight requests finish this long (seconds, or 500ms); new ones get 503.")
    Long shutdownTimeoutMs;

    @Option(names = "--exit-after-requests", description = "Simulate a crash after N answered requests (exit 1).")
    Long exitAfterRequests;

    @Option(names = "--enable-profiling", description = "Register /start_profile and /stop_profile.")
    boolean profiling;

    @Option(names = "--profile-dir", description = "Where /stop_profile writes a placeholder trace.")
    Path profileDir;

    @Option(names = "--stop-profile-delay-ms", description = "How long /stop_profile takes, ms.")
    Long stopProfileDelayMs;

    @Option(names = "--failure-injection-rate", description = "Percent (0-100) of requests that fail.")
    Double failureInjectionRate;

    @Option(names = "--failure-types", split = ",", description = "llm-d kinds or HTTP statuses, comma-separated.")
    List<String> failureTypes;

    @Option(names = "--fault", description = "A fault for every request, X-Sim-Fault syntax (e.g. reset-after=5).")
    String fault;

    @Option(names = "--fault-rate", description = "Percent (0-100) of requests that get --fault (default 100).")
    Double faultRate;

    @Option(names = "--record-timings", description = "Record server-side chunk times of every request.")
    boolean recordTimings;

    @Option(names = "--timings-capacity", description = "Recorded requests kept (default 10000).")
    Integer timingsCapacity;

    @Option(names = "--event-loops", description = "HTTP event-loop threads (default 1).")
    Integer eventLoops;

    @Option(names = "--max-request-body-mb", description = "Largest request body, MiB (default 64).")
    Integer maxRequestBodyMb;

    @Option(
            names = "--keep-alive-timeout-ms",
            description = "Idle keep-alive connections closed after, ms (default 5000).")
    Long keepAliveTimeoutMs;

    @Option(names = "--vocab-size", description = "Prompt token ids must be below this (default 262144).")
    Integer vocabSize;

    /** The simulator options these flags describe; throws IllegalArgumentException naming a bad flag. */
    SimulatorOptions toOptions() {
        Identity identity = Identity.DEFAULTS.withPersona(persona);
        identity = model != null ? identity.withModel(model) : identity;
        identity = servedModelNames != null ? identity.withServedModelNames(servedModelNames) : identity;
        Http http = Http.DEFAULTS.withHost(host).withPort(port != null ? port : persona.defaultPort());
        http = eventLoops != null ? http.withEventLoops(eventLoops) : http;
        http = maxRequestBodyMb != null ? http.withMaxRequestBodyBytes(maxRequestBodyMb * (1L << 20)) : http;
        http = keepAliveTimeoutMs != null ? http.withKeepAliveTimeoutMs(keepAliveTimeoutMs) : http;
        Capacity c = Capacity.DEFAULTS;
        c = maxModelLen != null ? c.withMaxModelLen(maxModelLen) : c;
        c = maxNumSeqs != null ? c.withMaxNumSeqs(maxNumSeqs) : c;
        c = maxNumBatchedTokens != null ? c.withMaxNumBatchedTokens(maxNumBatchedTokens) : c;
        if (kvCacheTokens != null) {
            c = c.withKvCacheTokens(kvCacheTokens);
        } else if (maxModelLen != null && maxModelLen > 524288) {
            c = c.withKvCacheTokens(maxModelLen);
        }
        c = blockSize != null ? c.withBlockSize(blockSize) : c;
        c = prefixCaching != null ? c.withEnablePrefixCaching(prefixCaching) : c;
        c = disableRadixCache ? c.withEnablePrefixCaching(false) : c;
        c = vocabSize != null ? c.withVocabSize(vocabSize) : c;
        Parallelism p = Parallelism.DEFAULTS.withWorkerProcesses(workerProcesses);
        p = tensorParallelSize != null ? p.withTensorParallelSize(tensorParallelSize) : p;
        p = dataParallelSize != null ? p.withDataParallelSize(dataParallelSize) : p;
        Streaming st = Streaming.DEFAULTS
                .withStreamHeadersOnFirstToken(streamHeadersOnFirstToken)
                .withIncrementalStreamingOutput(incrementalStreamingOutput)
                .withSplitWrites(splitWrites);
        st = outputMode != null ? st.withOutputMode(outputMode) : st;
        st = streamInterval != null ? st.withStreamInterval(streamInterval) : st;
        Compatibility compat = new Compatibility(
                legacyErrorShape, legacyMetrics, promptTokensDetails, forceIncludeUsage, requestIdHeaders, metrics);
        String key = apiKey != null ? apiKey : System.getenv("VLLM_API_KEY");
        Admission a = Admission.DEFAULTS.withApiKey(key == null || key.isEmpty() ? null : key);
        a = maxWaitingQueueLength != null ? a.withMaxWaitingQueueLength(maxWaitingQueueLength) : a;
        a = maxNumQueuedRequests != null ? a.withMaxNumQueuedRequests(maxNumQueuedRequests) : a;
        Lifecycle l = Lifecycle.DEFAULTS.withSkipWarmup(skipWarmup);
        l = startupDelayMs != null ? l.withStartupDelayMs(startupDelayMs) : l;
        l = warmupMs != null ? l.withWarmupMs(warmupMs) : l;
        l = exitAfterRequests != null ? l.withExitAfterRequests(exitAfterRequests) : l;
        l = shutdownTimeoutMs != null ? l.withShutdownTimeoutMs(shutdownTimeoutMs) : l;
        Profiling prof = Profiling.DEFAULTS
                .withEnableProfiling(
                        profiling || profileDir != null || System.getenv("VLLM_TORCH_PROFILER_DIR") != null)
                .withProfileDir(profileDir);
        prof = stopProfileDelayMs != null ? prof.withStopProfileDelayMs(stopProfileDelayMs) : prof;
        Faults f = Faults.DEFAULTS;
        f = failureInjectionRate != null ? f.withFailureInjectionRate(failureInjectionRate) : f;
        f = failureTypes != null ? f.withFailureTypes(failureTypes) : f;
        f = fault != null ? f.withFault(fault) : f;
        f = faultRate != null ? f.withFaultRate(faultRate) : f;
        Recording r = Recording.DEFAULTS.withRecordTimings(recordTimings);
        r = timingsCapacity != null ? r.withTimingsCapacity(timingsCapacity) : r;
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(identity)
                .with(http)
                .with(c)
                .with(p)
                .with(latency())
                .with(st)
                .with(compat)
                .with(a)
                .with(l)
                .with(f)
                .with(prof)
                .with(r);
        return seed != null ? o.withSeed(seed) : o;
    }

    private Latency latency() {
        boolean fixed = latencyMode == LatencyMode.FIXED
                || (latencyMode == null && (ttft != null || itl != null || ttftStdDev != null || itlStdDev != null));
        Latency.Fixed fx = Latency.fixed(fixed && ttft != null ? ttft : 0, fixed && itl != null ? itl : 0);
        fx = ttftStdDev != null ? fx.withTtftStdDevMs(ttftStdDev) : fx;
        fx = itlStdDev != null ? fx.withItlStdDevMs(itlStdDev) : fx;
        fx = timeFactorUnderLoad != null ? fx.withTimeFactorUnderLoad(timeFactorUnderLoad) : fx;
        Latency.Batch b = Latency.Batch.DEFAULTS;
        b = prefillTokensPerSecond != null ? b.withPrefillTokensPerSecond(prefillTokensPerSecond) : b;
        b = prefillOverheadMs != null ? b.withPrefillOverheadMs(prefillOverheadMs) : b;
        b = decodeStepMs != null ? b.withDecodeStepMs(decodeStepMs) : b;
        b = decodeStepMsPerSeq != null ? b.withDecodeStepMsPerSeq(decodeStepMsPerSeq) : b;
        return fixed ? fx : b;
    }
}
