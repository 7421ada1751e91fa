package io.llmharness.run.bench;

import io.llmharness.client.health.JitPriority;
import io.llmharness.metrics.HealthThresholds;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileLocator;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.template.Overrides;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceReadOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code harness bench} was asked to do, with where each part came from (flag or environment variable), so
 * errors can name it.
 *
 * @param profile which profile, how to render it
 * @param target where to send, which model and tokenizer
 * @param options output, seed, warm-up, SLOs, failure handling
 * @param env the environment ({@code REPLACE_ENV_*} values, llm-d defaults), the profile folder and tokenizers
 * @param access API key, headers, TLS, timeouts and the failure limit ({@link BenchAccess})
 * @param trace the trace to replay instead of the profile's stages and data ({@code --trace}), or null
 */
public record BenchRequest(
        ProfileChoice profile,
        TargetChoice target,
        RunOptions options,
        Env env,
        BenchAccess access,
        TraceChoice trace) {

    public BenchRequest {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(env, "env");
        access = access == null ? BenchAccess.NONE : access;
    }

    /** A request that replays no trace. */
    public BenchRequest(ProfileChoice profile, TargetChoice target, RunOptions options, Env env, BenchAccess access) {
        this(profile, target, options, env, access, null);
    }

    /** A request without access flags (no key, headers, TLS or timeout flags, no failure limit). */
    public BenchRequest(ProfileChoice profile, TargetChoice target, RunOptions options, Env env) {
        this(profile, target, options, env, BenchAccess.NONE);
    }

    /** This request with another target. */
    public BenchRequest withTarget(TargetChoice t) {
        return new BenchRequest(profile, t, options, env, access, trace);
    }

    /**
     * A trace to replay ({@code --trace}).
     *
     * @param file the trace file
     * @param format its format, or null to tell it from the file's name and first line
     * @param read the block size of the rows' hash ids ({@code --trace-block-size}) and the BurstGPT filters
     *     ({@code --trace-model}, {@code --trace-log-type})
     * @param replay which rows, how fast, how many sessions at once
     * @param from what named the trace, for messages ({@code --trace}, or the profile's {@code load.trace})
     */
    public record TraceChoice(Path file, TraceFormat format, TraceReadOptions read, ReplayOptions replay, String from) {
        public TraceChoice {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(read, "read");
            Objects.requireNonNull(replay, "replay");
        }
    }

    /**
     * The profile.
     *
     * @param harness whose folder and semantics
     * @param workload name or path ({@code -w})
     * @param workloadFrom the flag or variable it came from
     * @param overrides {@code -o} entries
     * @param overridesFrom the flag or variable they came from
     */
    public record ProfileChoice(
            HarnessKind harness, String workload, String workloadFrom, Overrides overrides, String overridesFrom) {}

    /**
     * The server.
     *
     * @param model model name, or null to use the profile's or discover it from {@code /v1/models}
     * @param modelFrom the flag or variable it came from
     * @param endpoint base URL, or null to use the profile's {@code server.base_url}
     * @param endpointFrom the flag or variable it came from
     * @param simulate start the embedded simulator and send there
     * @param tokenizer tokenizer name or path overriding the profile's ({@code --tokenizer}), or null
     * @param serverLog the vLLM server log the nop harness reads ({@code --server-log}), or null
     * @param serverPod the Kubernetes pod whose log the nop harness reads ({@code --server-pod}; {@code auto}: the
     *     endpoint's Deployment's pod), or null
     */
    public record TargetChoice(
            String model,
            String modelFrom,
            String endpoint,
            String endpointFrom,
            boolean simulate,
            String tokenizer,
            Path serverLog,
            String serverPod) {

        /** This choice with another model and where it came from. */
        public TargetChoice withModel(String name, String from) {
            return new TargetChoice(name, from, endpoint, endpointFrom, simulate, tokenizer, serverLog, serverPod);
        }
    }

    /**
     * How to run.
     *
     * @param outputDir runs go into {@code outputDir/<run-id>/}
     * @param dryRun print the rendered profile and the plan, send nothing
     * @param seed seed overriding the profile's, or null
     * @param warmupRequests least number of unreported warm-up requests before the first stage
     * @param warmupTime longest warm-up ({@code --warmup-seconds}): it ends earlier once the JIT is idle; zero: the
     *     warm-up requests alone
     * @param sloSeconds goodput objectives ({@code --slo}) by canonical metric name, seconds; override the profile's
     * @param maxConsecutiveFailures failures in a row on the server that stop the run; 0 = never
     * @param maxRetries resends of a 429/503 answer
     * @param commandLine the command as typed
     * @param toolVersion llm-harness version
     * @param shard which share of the load to send ({@code --shard}; {@link Shard#WHOLE} for all of it)
     * @param startAt the instant the first stage starts at ({@code --start-at}), or null for right after warm-up
     * @param metricsInterval how often to scrape the server's {@code /metrics} ({@code --enable-metrics},
     *     {@code --metrics-interval}), or null for not at all
     * @param clientHealth the client-health thresholds each stage is judged against
     *     ({@code --client-health-threshold}; {@link HealthThresholds#defaults()} when null)
     * @param jitNice the nice value of the JIT compiler threads after a warm-up that ended with an idle JIT
     *     ({@code --jit-nice}; {@link JitPriority.Request#NONE} when null: leave them alone)
     */
    public record RunOptions(
            Path outputDir,
            boolean dryRun,
            Long seed,
            int warmupRequests,
            Duration warmupTime,
            Map<String, Double> sloSeconds,
            int maxConsecutiveFailures,
            int maxRetries,
            List<String> commandLine,
            String toolVersion,
            Shard shard,
            Instant startAt,
            Duration metricsInterval,
            HealthThresholds clientHealth,
            JitPriority.Request jitNice) {

        public RunOptions {
            sloSeconds = Map.copyOf(sloSeconds);
            commandLine = List.copyOf(commandLine);
            shard = shard == null ? Shard.WHOLE : shard;
            warmupTime = warmupTime == null ? Duration.ZERO : warmupTime;
            clientHealth = clientHealth == null ? HealthThresholds.defaults() : clientHealth;
            jitNice = jitNice == null ? JitPriority.Request.NONE : jitNice;
        }
    }

    /**
     * What the run reads from its surroundings.
     *
     * @param variables environment variables (also where the Hugging Face cache is: {@code HF_HUB_CACHE},
     *     {@code HF_HOME}, {@code XDG_CACHE_HOME})
     * @param locator where shipped profiles are
     * @param home the user's home folder (for {@code ~/.cache/huggingface/hub} and {@code ~/} in tokenizer paths)
     */
    public record Env(Map<String, String> variables, ProfileLocator locator, Path home) {
        public Env {
            variables = Map.copyOf(variables);
        }
    }

    /** The profile this request names ({@code -l}, {@code -w}), found by the environment's profile locator. */
    public ProfileSource locateProfile() {
        return env.locator().locate(profile.harness(), profile.workload(), profile.workloadFrom());
    }
}
