package io.llmharness.simulator;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Everything that configures a {@link SimulatorServer}: immutable, built with {@link #builder()}. The defaults
 * impersonate a vLLM server running an 8B model on one H100 (continuous batching, 256 running slots, prefix
 * caching on) listening on an ephemeral loopback port. Each builder method documents its option's unit and default;
 * the matching {@code harness sim} flag is given in {@code docs/simulator.md}.
 */
public final class SimulatorOptions {
    private final Persona persona;
    private final String host;
    private final int port;
    private final String model;
    private final List<String> servedModelNames;
    private final String version;
    private final int eventLoops;
    private final long maxRequestBodyBytes;
    private final long keepAliveTimeoutMs;
    private final int maxModelLen;
    private final int maxNumSeqs;
    private final int maxNumBatchedTokens;
    private final long kvCacheTokens;
    private final int blockSize;
    private final boolean enablePrefixCaching;
    private final int dataParallelSize;
    private final int tensorParallelSize;
    private final boolean workerProcesses;
    private final int vocabSize;
    private final long seed;
    private final OutputMode outputMode;
    private final LatencyMode latencyMode;
    private final double ttftMs;
    private final double itlMs;
    private final double ttftStdDevMs;
    private final double itlStdDevMs;
    private final double timeFactorUnderLoad;
    private final double prefillTokensPerSecond;
    private final double prefillOverheadMs;
    private final double decodeStepMs;
    private final double decodeStepMsPerSeq;
    private final int streamInterval;
    private final boolean streamHeadersOnFirstToken;
    private final boolean incrementalStreamingOutput;
    private final boolean splitWrites;
    private final boolean legacyErrorShape;
    private final boolean legacyMetrics;
    private final boolean enablePromptTokensDetails;
    private final boolean enableForceIncludeUsage;
    private final boolean enableRequestIdHeaders;
    private final Boolean metricsEnabled;
    private final String apiKey;
    private final boolean skipWarmup;
    private final int maxWaitingQueueLength;
    private final int maxNumQueuedRequests;
    private final long startupDelayMs;
    private final long warmupMs;
    private final long exitAfterRequests;
    private final long shutdownTimeoutMs;
    private final boolean enableProfiling;
    private final Path profileDir;
    private final long stopProfileDelayMs;
    private final double failureInjectionRate;
    private final List<String> failureTypes;
    private final String fault;
    private final double faultRate;
    private final boolean recordTimings;
    private final int timingsCapacity;
    private final Consumer<String> logSink;

    private SimulatorOptions(Builder b) {
        persona = b.persona;
        host = b.host;
        port = b.port;
        model = b.model;
        servedModelNames = b.servedModelNames == null || b.servedModelNames.isEmpty()
                ? List.of(b.model)
                : List.copyOf(b.servedModelNames);
        version = b.version != null ? b.version : (b.persona == Persona.VLLM ? "0.11.2" : "0.5.4");
        eventLoops = b.eventLoops;
        maxRequestBodyBytes = b.maxRequestBodyBytes;
        keepAliveTimeoutMs = b.keepAliveTimeoutMs;
        maxModelLen = b.maxModelLen;
        maxNumSeqs = b.maxNumSeqs;
        maxNumBatchedTokens = b.maxNumBatchedTokens;
        kvCacheTokens = b.kvCacheTokens;
        blockSize = b.blockSize;
        enablePrefixCaching = b.enablePrefixCaching;
        dataParallelSize = b.dataParallelSize;
        tensorParallelSize = b.tensorParallelSize;
        workerProcesses = b.workerProcesses;
        vocabSize = b.vocabSize;
        seed = b.seed;
        outputMode = b.outputMode;
        latencyMode = b.latencyMode;
        ttftMs = b.ttftMs;
        itlMs = b.itlMs;
        ttftStdDevMs = b.ttftStdDevMs;
        itlStdDevMs = b.itlStdDevMs;
        timeFactorUnderLoad = b.timeFactorUnderLoad;
        prefillTokensPerSecond = b.prefillTokensPerSecond;
        prefillOverheadMs = b.prefillOverheadMs;
        decodeStepMs = b.decodeStepMs;
        decodeStepMsPerSeq = b.decodeStepMsPerSeq;
        streamInterval = b.streamInterval;
        streamHeadersOnFirstToken = b.streamHeadersOnFirstToken;
        incrementalStreamingOutput = b.incrementalStreamingOutput;
        splitWrites = b.splitWrites;
        legacyErrorShape = b.legacyErrorShape;
        legacyMetrics = b.legacyMetrics;
        enablePromptTokensDetails = b.enablePromptTokensDetails;
        enableForceIncludeUsage = b.enableForceIncludeUsage;
        enableRequestIdHeaders = b.enableRequestIdHeaders;
        metricsEnabled = b.metricsEnabled;
        apiKey = b.apiKey;
        skipWarmup = b.skipWarmup;
        maxWaitingQueueLength = b.maxWaitingQueueLength;
        maxNumQueuedRequests = b.maxNumQueuedRequests;
        startupDelayMs = b.startupDelayMs;
        warmupMs = b.warmupMs;
        exitAfterRequests = b.exitAfterRequests;
        shutdownTimeoutMs = b.shutdownTimeoutMs;
        enableProfiling = b.enableProfiling;
        profileDir = b.profileDir;
        stopProfileDelayMs = b.stopProfileDelayMs;
        failureInjectionRate = b.failureInjectionRate;
        failureTypes = List.copyOf(b.failureTypes);
        fault = b.fault;
        faultRate = b.faultRate;
        recordTimings = b.recordTimings;
        timingsCapacity = b.timingsCapacity;
        logSink = b.logSink;
    }

    /** A builder with the defaults (vLLM persona, batching latency model, ephemeral port). */
    public static Builder builder() {
        return new Builder();
    }

    /** The defaults. */
    public static SimulatorOptions defaults() {
        return builder().build();
    }

    /** A builder initialised with these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    // ---- accessors (see the builder methods of the same name for meaning and unit) ----

    public Persona persona() {
        return persona;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public String model() {
        return model;
    }

    public List<String> servedModelNames() {
        return servedModelNames;
    }

    /** The first served name: what responses and metrics report. */
    public String servedModelName() {
        return servedModelNames.get(0);
    }

    public String version() {
        return version;
    }

    public int eventLoops() {
        return eventLoops;
    }

    public long maxRequestBodyBytes() {
        return maxRequestBodyBytes;
    }

    public long keepAliveTimeoutMs() {
        return keepAliveTimeoutMs;
    }

    public int maxModelLen() {
        return maxModelLen;
    }

    public int maxNumSeqs() {
        return maxNumSeqs;
    }

    public int maxNumBatchedTokens() {
        return maxNumBatchedTokens;
    }

    public long kvCacheTokens() {
        return kvCacheTokens;
    }

    public int blockSize() {
        return blockSize;
    }

    public boolean enablePrefixCaching() {
        return enablePrefixCaching;
    }

    public int dataParallelSize() {
        return dataParallelSize;
    }

    public int tensorParallelSize() {
        return tensorParallelSize;
    }

    public boolean workerProcesses() {
        return workerProcesses;
    }

    public int vocabSize() {
        return vocabSize;
    }

    public long seed() {
        return seed;
    }

    public OutputMode outputMode() {
        return outputMode;
    }

    public LatencyMode latencyMode() {
        return latencyMode;
    }

    public double ttftMs() {
        return ttftMs;
    }

    public double itlMs() {
        return itlMs;
    }

    public double ttftStdDevMs() {
        return ttftStdDevMs;
    }

    public double itlStdDevMs() {
        return itlStdDevMs;
    }

    public double timeFactorUnderLoad() {
        return timeFactorUnderLoad;
    }

    public double prefillTokensPerSecond() {
        return prefillTokensPerSecond;
    }

    public double prefillOverheadMs() {
        return prefillOverheadMs;
    }

    public double decodeStepMs() {
        return decodeStepMs;
    }

    public double decodeStepMsPerSeq() {
        return decodeStepMsPerSeq;
    }

    public int streamInterval() {
        return streamInterval;
    }

    public boolean streamHeadersOnFirstToken() {
        return streamHeadersOnFirstToken;
    }

    public boolean incrementalStreamingOutput() {
        return incrementalStreamingOutput;
    }

    public boolean splitWrites() {
        return splitWrites;
    }

    public boolean legacyErrorShape() {
        return legacyErrorShape;
    }

    public boolean legacyMetrics() {
        return legacyMetrics;
    }

    public boolean enablePromptTokensDetails() {
        return enablePromptTokensDetails;
    }

    public boolean enableForceIncludeUsage() {
        return enableForceIncludeUsage;
    }

    public boolean enableRequestIdHeaders() {
        return enableRequestIdHeaders;
    }

    /** Whether {@code /metrics} is served: as configured, else true for vLLM and false for SGLang. */
    public boolean metricsEnabled() {
        return metricsEnabled != null ? metricsEnabled : persona == Persona.VLLM;
    }

    public String apiKey() {
        return apiKey;
    }

    public boolean skipWarmup() {
        return skipWarmup;
    }

    public int maxWaitingQueueLength() {
        return maxWaitingQueueLength;
    }

    public int maxNumQueuedRequests() {
        return maxNumQueuedRequests;
    }

    public long startupDelayMs() {
        return startupDelayMs;
    }

    public long warmupMs() {
        return warmupMs;
    }

    public long exitAfterRequests() {
        return exitAfterRequests;
    }

    public long shutdownTimeoutMs() {
        return shutdownTimeoutMs;
    }

    public boolean enableProfiling() {
        return enableProfiling;
    }

    public Path profileDir() {
        return profileDir;
    }

    public long stopProfileDelayMs() {
        return stopProfileDelayMs;
    }

    public double failureInjectionRate() {
        return failureInjectionRate;
    }

    public List<String> failureTypes() {
        return failureTypes;
    }

    public String fault() {
        return fault;
    }

    public double faultRate() {
        return faultRate;
    }

    public boolean recordTimings() {
        return recordTimings;
    }

    public int timingsCapacity() {
        return timingsCapacity;
    }

    public Consumer<String> logSink() {
        return logSink;
    }

    /** True when every latency parameter is zero: requests complete without touching the engine's timer. */
    public boolean zeroLatency() {
        if (latencyMode == LatencyMode.FIXED) {
            return ttftMs == 0 && itlMs == 0;
        }
        return decodeStepMs == 0 && decodeStepMsPerSeq == 0 && prefillOverheadMs == 0 && prefillTokensPerSecond <= 0;
    }

    /** Builder for {@link SimulatorOptions}; every setter returns {@code this}. Not thread-safe. */
    public static final class Builder {
        private Persona persona = Persona.VLLM;
        private String host = "127.0.0.1";
        private int port = 0;
        private String model = "sim-model";
        private List<String> servedModelNames;
        private String version;
        private int eventLoops = 1;
        private long maxRequestBodyBytes = 64L << 20;
        private long keepAliveTimeoutMs = 5000;
        private int maxModelLen = 32768;
        private int maxNumSeqs = 256;
        private int maxNumBatchedTokens = 8192;
        private long kvCacheTokens = 524288;
        private int blockSize = 16;
        private boolean enablePrefixCaching = true;
        private int dataParallelSize = 1;
        private int tensorParallelSize = 1;
        private boolean workerProcesses;
        private int vocabSize = 262144;
        private long seed;
        private OutputMode outputMode = OutputMode.RANDOM;
        private LatencyMode latencyMode = LatencyMode.BATCH;
        private double ttftMs;
        private double itlMs;
        private double ttftStdDevMs;
        private double itlStdDevMs;
        private double timeFactorUnderLoad = 1.0;
        private double prefillTokensPerSecond = 20000;
        private double prefillOverheadMs = 10;
        private double decodeStepMs = 12;
        private double decodeStepMsPerSeq = 0.05;
        private int streamInterval = 1;
        private boolean streamHeadersOnFirstToken;
        private boolean incrementalStreamingOutput;
        private boolean splitWrites;
        private boolean legacyErrorShape;
        private boolean legacyMetrics;
        private boolean enablePromptTokensDetails;
        private boolean enableForceIncludeUsage;
        private boolean enableRequestIdHeaders;
        private Boolean metricsEnabled;
        private String apiKey;
        private boolean skipWarmup;
        private int maxWaitingQueueLength;
        private int maxNumQueuedRequests;
        private long startupDelayMs;
        private long warmupMs;
        private long exitAfterRequests;
        private long shutdownTimeoutMs;
        private boolean enableProfiling;
        private Path profileDir;
        private long stopProfileDelayMs;
        private double failureInjectionRate;
        private List<String> failureTypes = List.of();
        private String fault;
        private double faultRate = 100;
        private boolean recordTimings;
        private int timingsCapacity = 10000;
        private Consumer<String> logSink;

        private Builder() {}

        private Builder(SimulatorOptions o) {
            persona = o.persona;
            host = o.host;
            port = o.port;
            model = o.model;
            servedModelNames = o.servedModelNames;
            version = o.version;
            eventLoops = o.eventLoops;
            maxRequestBodyBytes = o.maxRequestBodyBytes;
            keepAliveTimeoutMs = o.keepAliveTimeoutMs;
            maxModelLen = o.maxModelLen;
            maxNumSeqs = o.maxNumSeqs;
            maxNumBatchedTokens = o.maxNumBatchedTokens;
            kvCacheTokens = o.kvCacheTokens;
            blockSize = o.blockSize;
            enablePrefixCaching = o.enablePrefixCaching;
            dataParallelSize = o.dataParallelSize;
            tensorParallelSize = o.tensorParallelSize;
            workerProcesses = o.workerProcesses;
            vocabSize = o.vocabSize;
            seed = o.seed;
            outputMode = o.outputMode;
            latencyMode = o.latencyMode;
            ttftMs = o.ttftMs;
            itlMs = o.itlMs;
            ttftStdDevMs = o.ttftStdDevMs;
            itlStdDevMs = o.itlStdDevMs;
            timeFactorUnderLoad = o.timeFactorUnderLoad;
            prefillTokensPerSecond = o.prefillTokensPerSecond;
            prefillOverheadMs = o.prefillOverheadMs;
            decodeStepMs = o.decodeStepMs;
            decodeStepMsPerSeq = o.decodeStepMsPerSeq;
            streamInterval = o.streamInterval;
            streamHeadersOnFirstToken = o.streamHeadersOnFirstToken;
            incrementalStreamingOutput = o.incrementalStreamingOutput;
            splitWrites = o.splitWrites;
            legacyErrorShape = o.legacyErrorShape;
            legacyMetrics = o.legacyMetrics;
            enablePromptTokensDetails = o.enablePromptTokensDetails;
            enableForceIncludeUsage = o.enableForceIncludeUsage;
            enableRequestIdHeaders = o.enableRequestIdHeaders;
            metricsEnabled = o.metricsEnabled;
            apiKey = o.apiKey;
            skipWarmup = o.skipWarmup;
            maxWaitingQueueLength = o.maxWaitingQueueLength;
            maxNumQueuedRequests = o.maxNumQueuedRequests;
            startupDelayMs = o.startupDelayMs;
            warmupMs = o.warmupMs;
            exitAfterRequests = o.exitAfterRequests;
            shutdownTimeoutMs = o.shutdownTimeoutMs;
            enableProfiling = o.enableProfiling;
            profileDir = o.profileDir;
            stopProfileDelayMs = o.stopProfileDelayMs;
            failureInjectionRate = o.failureInjectionRate;
            failureTypes = o.failureTypes;
            fault = o.fault;
            faultRate = o.faultRate;
            recordTimings = o.recordTimings;
            timingsCapacity = o.timingsCapacity;
            logSink = o.logSink;
        }

        /** Which server to impersonate. Default {@link Persona#VLLM}. */
        public Builder persona(Persona value) {
            persona = Objects.requireNonNull(value, "persona");
            return this;
        }

        /** Interface to bind (IP address or host name). Default {@code 127.0.0.1}. */
        public Builder host(String value) {
            host = Objects.requireNonNull(value, "host");
            return this;
        }

        /** TCP port; 0 picks a free ephemeral port (see {@link SimulatorServer#port()}). Default 0. */
        public Builder port(int value) {
            port = value;
            return this;
        }

        /** Model path or id, reported as {@code root} in {@code /v1/models}. Default {@code sim-model}. */
        public Builder model(String value) {
            model = Objects.requireNonNull(value, "model");
            return this;
        }

        /** Names accepted in the request's {@code model} field; the first one is reported. Default: the model. */
        public Builder servedModelNames(List<String> value) {
            servedModelNames = value == null ? null : List.copyOf(value);
            return this;
        }

        /** Version reported by {@code /version} and {@code /server_info}. Default 0.11.2 (vLLM), 0.5.4 (SGLang). */
        public Builder version(String value) {
            version = value;
            return this;
        }

        /** HTTP event-loop threads (the engine runs on the first one). Default 1. */
        public Builder eventLoops(int value) {
            eventLoops = value;
            return this;
        }

        /** Largest accepted request body in bytes (larger ones get 413). Default 64 MiB. */
        public Builder maxRequestBodyBytes(long value) {
            maxRequestBodyBytes = value;
            return this;
        }

        /** Idle keep-alive connections are closed after this many milliseconds (uvicorn: 5000). 0 = never. */
        public Builder keepAliveTimeoutMs(long value) {
            keepAliveTimeoutMs = value;
            return this;
        }

        /** Context window in tokens (prompt + output). Default 32768. */
        public Builder maxModelLen(int value) {
            maxModelLen = value;
            return this;
        }

        /** Running slots per engine: sequences beyond this wait in a FIFO queue. Default 256. */
        public Builder maxNumSeqs(int value) {
            maxNumSeqs = value;
            return this;
        }

        /** Token budget per engine step in BATCH mode (chunked prefill size). Default 8192 tokens. */
        public Builder maxNumBatchedTokens(int value) {
            maxNumBatchedTokens = value;
            return this;
        }

        /**
         * KV-cache capacity per engine in tokens (rounded down to whole blocks). Sequences that do not fit wait;
         * running ones may be preempted and recomputed; requests never fail for lack of KV cache. Must be at least
         * {@code maxModelLen}. Default 524288.
         */
        public Builder kvCacheTokens(long value) {
            kvCacheTokens = value;
            return this;
        }

        /** KV-cache block size in tokens (prefix-cache granularity). Default 16. */
        public Builder blockSize(int value) {
            blockSize = value;
            return this;
        }

        /** Reuse KV blocks of identical prompt prefixes (hits shorten prefill). Default true, as in vLLM V1. */
        public Builder enablePrefixCaching(boolean value) {
            enablePrefixCaching = value;
            return this;
        }

        /** Independent engines behind the one port, each with its own slots and KV cache. Default 1. */
        public Builder dataParallelSize(int value) {
            dataParallelSize = value;
            return this;
        }

        /** Tensor-parallel size; reported, and the number of worker processes when enabled. Default 1. */
        public Builder tensorParallelSize(int value) {
            tensorParallelSize = value;
            return this;
        }

        /**
         * Spawn {@code tensorParallelSize} idle child processes named like the real workers
         * ({@code VLLM::Worker_TP0}, {@code sglang::scheduler_TP0}); they are stopped on {@link SimulatorServer#close()}
         * but survive a SIGKILL of this process, like real workers. Default false (only {@code harness sim} sets it).
         */
        public Builder workerProcesses(boolean value) {
            workerProcesses = value;
            return this;
        }

        /** Prompt token ids must be below this (else 400). Default 262144, enough for every common tokenizer. */
        public Builder vocabSize(int value) {
            vocabSize = value;
            return this;
        }

        /** Server seed: mixed into every output, used for fault dice and jitter. Default 0. */
        public Builder seed(long value) {
            seed = value;
            return this;
        }

        /** Random words or echo of the prompt. Default {@link OutputMode#RANDOM}. */
        public Builder outputMode(OutputMode value) {
            outputMode = Objects.requireNonNull(value, "outputMode");
            return this;
        }

        /** Timing model. Default {@link LatencyMode#BATCH}. */
        public Builder latencyMode(LatencyMode value) {
            latencyMode = Objects.requireNonNull(value, "latencyMode");
            return this;
        }

        /** FIXED mode with the given time to first token and inter-token latency, both in milliseconds. */
        public Builder fixedLatency(double ttftMillis, double itlMillis) {
            latencyMode = LatencyMode.FIXED;
            ttftMs = ttftMillis;
            itlMs = itlMillis;
            return this;
        }

        /** FIXED mode with zero latency: every response is produced as fast as the server can write it. */
        public Builder zeroLatency() {
            return fixedLatency(0, 0);
        }

        /** FIXED mode: time from getting a running slot to the first token, in milliseconds. Default 0. */
        public Builder ttftMs(double value) {
            ttftMs = value;
            return this;
        }

        /** FIXED mode: time between tokens of one sequence, in milliseconds. Default 0. */
        public Builder itlMs(double value) {
            itlMs = value;
            return this;
        }

        /** FIXED mode: standard deviation of TTFT in milliseconds (samples clamped to ±70 %). Default 0. */
        public Builder ttftStdDevMs(double value) {
            ttftStdDevMs = value;
            return this;
        }

        /** FIXED mode: standard deviation of ITL in milliseconds (samples clamped to ±70 %). Default 0. */
        public Builder itlStdDevMs(double value) {
            itlStdDevMs = value;
            return this;
        }

        /**
         * FIXED mode: factor applied to TTFT and ITL when all {@code maxNumSeqs} slots are busy, interpolated
         * linearly from 1.0 with one running sequence (llm-d's {@code time-factor-under-load}). Default 1.0.
         */
        public Builder timeFactorUnderLoad(double value) {
            timeFactorUnderLoad = value;
            return this;
        }

        /** BATCH mode: prefill throughput in tokens per second; 0 = prefill costs nothing. Default 20000. */
        public Builder prefillTokensPerSecond(double value) {
            prefillTokensPerSecond = value;
            return this;
        }

        /** BATCH mode: extra time of a step that contains prefill work, in milliseconds. Default 10. */
        public Builder prefillOverheadMs(double value) {
            prefillOverheadMs = value;
            return this;
        }

        /** BATCH mode: duration of an engine step with one sequence, in milliseconds. Default 12. */
        public Builder decodeStepMs(double value) {
            decodeStepMs = value;
            return this;
        }

        /** BATCH mode: step time added per additional sequence in the batch, in milliseconds. Default 0.05. */
        public Builder decodeStepMsPerSeq(double value) {
            decodeStepMsPerSeq = value;
            return this;
        }

        /** Tokens per streamed chunk (vLLM {@code --stream-interval}); requests may override. Default 1. */
        public Builder streamInterval(int value) {
            streamInterval = value;
            return this;
        }

        /**
         * Send streaming response headers only with the first token (llm-d simulator style) instead of right away
         * (vLLM style). Default false.
         */
        public Builder streamHeadersOnFirstToken(boolean value) {
            streamHeadersOnFirstToken = value;
            return this;
        }

        /** SGLang {@code /generate} streams deltas instead of cumulative text and ids. Default false. */
        public Builder incrementalStreamingOutput(boolean value) {
            incrementalStreamingOutput = value;
            return this;
        }

        /**
         * Test mode for client parsers: streamed bytes are written in pieces cut at random offsets (inside
         * {@code data:}, JSON strings, UTF-8 characters, between the two newlines), sometimes several events at once.
         * Seeded by {@link #seed}. Default false.
         */
        public Builder splitWrites(boolean value) {
            splitWrites = value;
            return this;
        }

        /** vLLM persona: flat pre-0.10.1 error bodies {@code {"object":"error",…}}. Default false (nested). */
        public Builder legacyErrorShape(boolean value) {
            legacyErrorShape = value;
            return this;
        }

        /** vLLM persona: export pre-0.12 metric names (gpu_cache_usage_perc, …). Default false. */
        public Builder legacyMetrics(boolean value) {
            legacyMetrics = value;
            return this;
        }

        /** Report {@code usage.prompt_tokens_details.cached_tokens}. Default false. */
        public Builder enablePromptTokensDetails(boolean value) {
            enablePromptTokensDetails = value;
            return this;
        }

        /** Send the usage chunk on every stream, whatever the request says. Default false. */
        public Builder enableForceIncludeUsage(boolean value) {
            enableForceIncludeUsage = value;
            return this;
        }

        /** Echo {@code X-Request-Id} (or a generated id) as a response header. Default false. */
        public Builder enableRequestIdHeaders(boolean value) {
            enableRequestIdHeaders = value;
            return this;
        }

        /** Serve {@code /metrics}; null = persona default (vLLM yes, SGLang only when enabled). */
        public Builder metricsEnabled(Boolean value) {
            metricsEnabled = value;
            return this;
        }

        /** Require {@code Authorization: Bearer <key>} on API routes (401 otherwise). Default none. */
        public Builder apiKey(String value) {
            apiKey = value;
            return this;
        }

        /** SGLang persona: skip the internal warm-up generation, so {@code /health} is 200 at once. Default false. */
        public Builder skipWarmup(boolean value) {
            skipWarmup = value;
            return this;
        }

        /** Waiting-queue bound per engine; beyond it requests get 429 (llm-d style). 0 = unbounded (vLLM). */
        public Builder maxWaitingQueueLength(int value) {
            maxWaitingQueueLength = value;
            return this;
        }

        /** Waiting-queue bound per engine; beyond it requests get 503 (vLLM 2026 admission control). 0 = off. */
        public Builder maxNumQueuedRequests(int value) {
            maxNumQueuedRequests = value;
            return this;
        }

        /** Milliseconds before the port is opened (connections are refused meanwhile). Default 0. */
        public Builder startupDelayMs(long value) {
            startupDelayMs = value;
            return this;
        }

        /** Milliseconds after opening the port during which {@code /health} answers 503. Default 0. */
        public Builder warmupMs(long value) {
            warmupMs = value;
            return this;
        }

        /**
         * Simulate an engine crash once this many generation requests have been answered: connections are dropped,
         * {@code /health} turns 503 and {@link SimulatorServer#crashed()} completes ({@code harness sim} exits 1).
         * 0 = never. Default 0.
         */
        /**
         * On {@link SimulatorServer#close()}, let in-flight requests finish for up to this many milliseconds while
         * new ones get 503 (vLLM {@code --shutdown-timeout}, given there in seconds); then abort the rest. 0 = abort
         * at once (vLLM's default). Default 0.
         */
        public Builder shutdownTimeoutMs(long value) {
            shutdownTimeoutMs = value;
            return this;
        }

        public Builder exitAfterRequests(long value) {
            exitAfterRequests = value;
            return this;
        }

        /** Register {@code /start_profile} and {@code /stop_profile} (404 otherwise). Default false. */
        public Builder enableProfiling(boolean value) {
            enableProfiling = value;
            return this;
        }

        /** Where {@code /stop_profile} writes a small placeholder trace file; null = no file. */
        public Builder profileDir(Path value) {
            profileDir = value;
            return this;
        }

        /** How long {@code /stop_profile} takes to answer, in milliseconds (real servers take minutes). */
        public Builder stopProfileDelayMs(long value) {
            stopProfileDelayMs = value;
            return this;
        }

        /** Percentage (0–100) of generation requests that fail with an injected error. Default 0. */
        public Builder failureInjectionRate(double value) {
            failureInjectionRate = value;
            return this;
        }

        /**
         * Injected error kinds, chosen uniformly: llm-d names {@code rate_limit} (429), {@code invalid_api_key}
         * (401), {@code context_length} (400), {@code server_error} (503), {@code invalid_request} (400),
         * {@code model_not_found} (404), or a bare HTTP status such as {@code 500}. Empty = all llm-d kinds.
         */
        public Builder failureTypes(List<String> value) {
            failureTypes = List.copyOf(value);
            return this;
        }

        /**
         * A fault applied to generation requests, in the {@code X-Sim-Fault} header syntax (for example
         * {@code reset-after=5} or {@code stall-after=3;stall-ms=2000}); see {@code docs/simulator.md}. Default none.
         */
        public Builder fault(String value) {
            fault = value;
            return this;
        }

        /** Percentage (0–100) of generation requests that get {@link #fault}. Default 100. */
        public Builder faultRate(double value) {
            faultRate = value;
            return this;
        }

        /**
         * Record the server-side emit time ({@link System#nanoTime()}) of every chunk of every request for
         * {@code GET /sim/timings/{id}}; without it only requests with header {@code X-Sim-Record-Timings: 1} are
         * recorded. Default false.
         */
        public Builder recordTimings(boolean value) {
            recordTimings = value;
            return this;
        }

        /** How many recorded requests are kept (oldest dropped first). Default 10000. */
        public Builder timingsCapacity(int value) {
            timingsCapacity = value;
            return this;
        }

        /** Receives start-up and shutdown log lines in the persona's wording; null = silent. */
        public Builder logSink(Consumer<String> value) {
            logSink = value;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the option (and its {@code harness sim} flag) that is invalid
         */
        public SimulatorOptions build() {
            positive("maxModelLen (--max-model-len)", maxModelLen);
            positive("maxNumSeqs (--max-num-seqs)", maxNumSeqs);
            positive("maxNumBatchedTokens (--max-num-batched-tokens)", maxNumBatchedTokens);
            positive("blockSize (--block-size)", blockSize);
            positive("dataParallelSize (--data-parallel-size)", dataParallelSize);
            positive("tensorParallelSize (--tensor-parallel-size)", tensorParallelSize);
            positive("eventLoops (--event-loops)", eventLoops);
            positive("streamInterval (--stream-interval)", streamInterval);
            positive("vocabSize (--vocab-size)", vocabSize);
            positive("timingsCapacity (--timings-capacity)", timingsCapacity);
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port (--port) must be 0..65535, got " + port);
            }
            if (kvCacheTokens < maxModelLen) {
                throw new IllegalArgumentException("kvCacheTokens (--kv-cache-tokens) must be at least maxModelLen ("
                        + maxModelLen + ") so one full-length request fits, got " + kvCacheTokens);
            }
            if (maxNumBatchedTokens < 1) {
                throw new IllegalArgumentException("maxNumBatchedTokens (--max-num-batched-tokens) must be >= 1");
            }
            for (var e : new Object[][] {
                {"ttftMs (--ttft)", ttftMs},
                {"itlMs (--itl)", itlMs},
                {"ttftStdDevMs (--ttft-std-dev)", ttftStdDevMs},
                {"itlStdDevMs (--itl-std-dev)", itlStdDevMs},
                {"prefillTokensPerSecond (--prefill-tokens-per-second)", prefillTokensPerSecond},
                {"prefillOverheadMs (--prefill-overhead-ms)", prefillOverheadMs},
                {"decodeStepMs (--decode-step-ms)", decodeStepMs},
                {"decodeStepMsPerSeq (--decode-step-ms-per-seq)", decodeStepMsPerSeq}
            }) {
                double v = (Double) e[1];
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException(e[0] + " must be a finite number >= 0, got " + v);
                }
            }
            if (!(timeFactorUnderLoad >= 1.0)) {
                throw new IllegalArgumentException(
                        "timeFactorUnderLoad (--time-factor-under-load) must be >= 1.0, got " + timeFactorUnderLoad);
            }
            percent("failureInjectionRate (--failure-injection-rate)", failureInjectionRate);
            percent("faultRate (--fault-rate)", faultRate);
            nonNegative("startupDelayMs (--startup-delay-ms)", startupDelayMs);
            nonNegative("warmupMs (--warmup-ms)", warmupMs);
            nonNegative("exitAfterRequests (--exit-after-requests)", exitAfterRequests);
            nonNegative("shutdownTimeoutMs (--shutdown-timeout)", shutdownTimeoutMs);
            nonNegative("stopProfileDelayMs (--stop-profile-delay-ms)", stopProfileDelayMs);
            nonNegative("keepAliveTimeoutMs (--keep-alive-timeout-ms)", keepAliveTimeoutMs);
            nonNegative("maxWaitingQueueLength (--max-waiting-queue-length)", maxWaitingQueueLength);
            nonNegative("maxNumQueuedRequests (--max-num-queued-reqs)", maxNumQueuedRequests);
            try {
                io.llmharness.simulator.fault.FaultSpec.parse(fault);
                failureTypes.forEach(io.llmharness.simulator.fault.InjectedError::check);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("fault (--fault / --failure-types): " + e.getMessage(), e);
            }
            if (maxRequestBodyBytes < 1024) {
                throw new IllegalArgumentException(
                        "maxRequestBodyBytes (--max-request-body-mb) must be at least 1024 bytes");
            }
            if (model.isBlank()) {
                throw new IllegalArgumentException("model (--model) must not be blank");
            }
            return new SimulatorOptions(this);
        }

        private static void positive(String name, long value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be >= 1, got " + value);
            }
        }

        private static void nonNegative(String name, long value) {
            if (value < 0) {
                throw new IllegalArgumentException(name + " must be >= 0, got " + value);
            }
        }

        private static void percent(String name, double value) {
            if (!(value >= 0 && value <= 100)) {
                throw new IllegalArgumentException(name + " must be a percentage 0..100, got " + value);
            }
        }
    }
}
