package io.llmharness.run;

import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.client.EndpointType;
import io.llmharness.client.balance.Balancing;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.health.JitPriority;
import io.llmharness.client.sut.SutMode;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.metrics.HealthThresholds;
import java.time.Duration;
import java.util.List;

/** Resolves the {@link SutPlan} from the SUT flags, the scenario and the LoadGen settings. */
final class SutPlans {

    private SutPlans() {}

    private static String prefix(String p) {
        if (p == null) {
            return null;
        }
        if (p.isBlank() || !p.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw HarnessException.usage(
                    "--request-id-prefix '" + p + "': use visible ASCII characters only, e.g. run7-");
        }
        return p;
    }

    static SutPlan plan(
            RunRequest.SutRequest r,
            ResolvedBenchmark b,
            TestSettings settings,
            EndpointType endpoint,
            String lbPolicy,
            List<String> warnings) {
        RunScenario scenario = b.loadGen().scenario();
        boolean offline = scenario == RunScenario.OFFLINE;
        if (r.offlineBackToBack() && !offline) {
            warnings.add("--offline-back-to-back only applies to Offline; " + scenario
                    + " sends one request per sample anyway");
        }
        SutMode mode = SutMode.forScenario(scenario.displayName(), r.offlineBackToBack(), "--scenario");
        if (r.batchSize() != null && r.batchSize() < 1) {
            throw HarnessException.usage("--batch-size " + r.batchSize() + ": must be 1 or more");
        }
        int batch = 1;
        if (mode == SutMode.OFFLINE_BATCHED) {
            batch = r.batchSize() != null ? r.batchSize() : SutPlan.DEFAULT_BATCH_SIZE;
            if (endpoint == EndpointType.CHAT_COMPLETIONS && r.batchSize() != null && batch > 1) {
                warnings.add("--batch-size " + batch + ": the chat endpoint takes one conversation per request, so"
                        + " every sample is its own request");
            }
        } else if (r.batchSize() != null) {
            warnings.add("--batch-size only applies to batched Offline runs; ignored");
        }
        int cap = SutPlan.UNCAPPED;
        if (r.maxInFlight() != null) {
            if (r.maxInFlight() < 1) {
                throw HarnessException.usage("--max-in-flight " + r.maxInFlight() + ": must be 1 or more");
            }
            if (!offline) {
                throw HarnessException.usage("--max-in-flight caps Offline runs only: a " + scenario
                        + " run is never throttled by the client (LoadGen decides when requests go out)");
            }
            cap = r.maxInFlight();
        } else if (offline) {
            cap = SutPlan.DEFAULT_OFFLINE_IN_FLIGHT;
        }
        Balancing balancing = Balancing.parse(lbPolicy == null ? "round-robin" : lbPolicy, "--lb-policy");
        boolean firstTokens = settings.useTokenLatencies && settings.scenario != Scenario.OFFLINE;
        int failures = r.maxConsecutiveFailures() != null
                ? r.maxConsecutiveFailures()
                : SutPlan.DEFAULT_MAX_CONSECUTIVE_FAILURES;
        if (failures < 0) {
            throw HarnessException.usage("--max-consecutive-failures " + failures + ": must be 0 (never) or more");
        }
        int retries = r.maxRetries() != null ? r.maxRetries() : RetryPolicy.DEFAULT.maxRetries();
        if (retries < 0) {
            throw HarnessException.usage("--max-retries " + retries + ": must be 0 (never resend) or more");
        }
        int connections = r.maxConnections() != null ? r.maxConnections() : ClientOptions.DEFAULT_MAX_CONNECTIONS;
        if (connections < 1) {
            throw HarnessException.usage("--max-connections " + connections + ": must be 1 or more");
        }
        Duration warmup = WarmStart.DEFAULT_MAX_TIME;
        if (r.warmupSeconds() != null) {
            double s = r.warmupSeconds();
            if (!(s >= 0) || s > 3600) {
                throw HarnessException.usage("--warmup-seconds " + s + ": must be 0 (no warm-up) to 3600 seconds");
            }
            warmup = Duration.ofMillis(Math.round(s * 1000));
        }
        int queries = r.warmupRequests() != null ? r.warmupRequests() : WarmStart.DEFAULT_MIN_QUERIES;
        if (queries < 0) {
            throw HarnessException.usage("--warmup-requests " + queries + ": must be 0 (no warm-up) or more");
        }
        HealthThresholds health;
        try {
            health = HealthThresholds.of(r.healthThresholds());
        } catch (IllegalArgumentException e) {
            throw HarnessException.usage("--client-health-threshold " + e.getMessage());
        }
        return new SutPlan(
                mode,
                batch,
                cap,
                balancing,
                firstTokens,
                failures,
                retries,
                connections,
                warmup,
                queries,
                health,
                prefix(r.requestIdPrefix()),
                maxFailureRate(r.maxFailureRate()),
                jitNice(r.jitNice()));
    }

    /** {@code --jit-nice}: 0 (leave the JIT alone) to 19; not given, the process's default ({@link JitPriority}). */
    static JitPriority.Request jitNice(Integer nice) {
        if (nice != null && (nice < 0 || nice > JitPriority.MAX_NICE)) {
            throw HarnessException.usage(
                    "--jit-nice " + nice + ": must be 0 (leave the JIT alone) to " + JitPriority.MAX_NICE);
        }
        return JitPriority.Request.of(nice);
    }

    /** {@code --max-failure-rate}: a share from 0 (any failed sample fails the run, the default) to 1. */
    private static double maxFailureRate(Double rate) {
        if (rate == null) {
            return 0;
        }
        if (!(rate >= 0 && rate <= 1)) {
            throw HarnessException.usage("--max-failure-rate " + rate + ": must be a share from 0 (no failed sample"
                    + " allowed, the default) to 1, e.g. 0.01 for 1 %");
        }
        return rate;
    }
}
