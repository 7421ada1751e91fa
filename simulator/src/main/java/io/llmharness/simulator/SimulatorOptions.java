package io.llmharness.simulator;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Everything that configures a {@link SimulatorServer}: immutable, one small record per concern, each holding its
 * defaults and checking its values when built. {@link #defaults()} impersonates a vLLM server running an 8B model on
 * one H100 (continuous batching, 256 running slots, prefix caching on) listening on an ephemeral loopback port;
 * {@link #with(Group)} replaces one group:
 *
 * <pre>{@code
 * SimulatorOptions.defaults()
 *         .with(Latency.fixed(100, 12))
 *         .with(Capacity.DEFAULTS.withMaxNumSeqs(4));
 * }</pre>
 *
 * Each option's unit, default and {@code harness sim} flag are documented on its group.
 *
 * @param identity which server, model and version the simulator claims to be
 * @param http where and how it listens
 * @param capacity model limits, running slots and KV cache per engine
 * @param parallelism engines and worker processes
 * @param latency how tokens are timed
 * @param streaming what is generated and how it is streamed
 * @param compatibility version-dependent and optional behaviours of the real servers
 * @param admission authentication and waiting-queue bounds
 * @param lifecycle start-up, readiness, shutdown and simulated crash
 * @param faults injected errors and misbehaviour
 * @param profiling the profiler endpoints
 * @param recording ground-truth timings
 * @param seed the server seed, mixed into every output and used for fault dice, jitter and split writes
 *     ({@code --seed}); default {@value #DEFAULT_SEED}
 * @param logSink receives start-up and shutdown log lines in the persona's wording; null = silent
 */
public record SimulatorOptions(
        Identity identity,
        Http http,
        Capacity capacity,
        Parallelism parallelism,
        Latency latency,
        Streaming streaming,
        Compatibility compatibility,
        Admission admission,
        Lifecycle lifecycle,
        Faults faults,
        Profiling profiling,
        Recording recording,
        long seed,
        Consumer<String> logSink) {

    /** Default {@link #seed()}. */
    public static final long DEFAULT_SEED = 0;

    private static final SimulatorOptions DEFAULTS = new SimulatorOptions(
            Identity.DEFAULTS,
            Http.DEFAULTS,
            Capacity.DEFAULTS,
            Parallelism.DEFAULTS,
            Latency.DEFAULT,
            Streaming.DEFAULTS,
            Compatibility.DEFAULTS,
            Admission.DEFAULTS,
            Lifecycle.DEFAULTS,
            Faults.DEFAULTS,
            Profiling.DEFAULTS,
            Recording.DEFAULTS,
            DEFAULT_SEED,
            null);

    /** One group of options: {@link #with(Group)} replaces it. */
    public sealed interface Group
            permits Identity,
                    Http,
                    Capacity,
                    Parallelism,
                    Latency,
                    Streaming,
                    Compatibility,
                    Admission,
                    Lifecycle,
                    Faults,
                    Profiling,
                    Recording {}

    /** Every group is required; each checked its own values when it was built. */
    public SimulatorOptions {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(http, "http");
        Objects.requireNonNull(capacity, "capacity");
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(streaming, "streaming");
        Objects.requireNonNull(compatibility, "compatibility");
        Objects.requireNonNull(admission, "admission");
        Objects.requireNonNull(lifecycle, "lifecycle");
        Objects.requireNonNull(faults, "faults");
        Objects.requireNonNull(profiling, "profiling");
        Objects.requireNonNull(recording, "recording");
    }

    /** What a vLLM persona with {@code --legacy-metrics} and no version of its own reports: a pre-0.9 release. */
    public static final String LEGACY_METRICS_VERSION = "0.8.5";

    /**
     * The version {@code /version} and the banner report: the identity's, except that {@code --legacy-metrics}
     * without an explicit version claims {@value #LEGACY_METRICS_VERSION}, so names and version agree.
     */
    public String reportedVersion() {
        if (compatibility.legacyMetrics()
                && !identity.sglang()
                && identity.version().equals(Identity.DEFAULT_VLLM_VERSION)) {
            return LEGACY_METRICS_VERSION;
        }
        return identity.version();
    }

    /** The defaults of every group, seed 0, no log sink. */
    public static SimulatorOptions defaults() {
        return DEFAULTS;
    }

    /** These options with {@code group} in place of the group of its type. */
    public SimulatorOptions with(Group group) {
        Objects.requireNonNull(group, "group");
        return new SimulatorOptions(
                group instanceof Identity g ? g : identity,
                group instanceof Http g ? g : http,
                group instanceof Capacity g ? g : capacity,
                group instanceof Parallelism g ? g : parallelism,
                group instanceof Latency g ? g : latency,
                group instanceof Streaming g ? g : streaming,
                group instanceof Compatibility g ? g : compatibility,
                group instanceof Admission g ? g : admission,
                group instanceof Lifecycle g ? g : lifecycle,
                group instanceof Faults g ? g : faults,
                group instanceof Profiling g ? g : profiling,
                group instanceof Recording g ? g : recording,
                seed,
                logSink);
    }

    /** These options with another server seed. */
    public SimulatorOptions withSeed(long value) {
        return new SimulatorOptions(
                identity,
                http,
                capacity,
                parallelism,
                latency,
                streaming,
                compatibility,
                admission,
                lifecycle,
                faults,
                profiling,
                recording,
                value,
                logSink);
    }

    /** These options with another log sink (null = silent). */
    public SimulatorOptions withLogSink(Consumer<String> value) {
        return new SimulatorOptions(
                identity,
                http,
                capacity,
                parallelism,
                latency,
                streaming,
                compatibility,
                admission,
                lifecycle,
                faults,
                profiling,
                recording,
                seed,
                value);
    }

    /** Whether {@code /metrics} is served: as configured, else true for vLLM and false for SGLang. */
    public boolean metricsEnabled() {
        Boolean configured = compatibility.metricsEnabled();
        return configured != null ? configured : identity.persona() == Persona.VLLM;
    }
}
