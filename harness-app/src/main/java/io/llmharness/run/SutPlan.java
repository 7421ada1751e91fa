package io.llmharness.run;

import io.llmharness.client.balance.Balancing;
import io.llmharness.client.health.JitPriority;
import io.llmharness.client.sut.SutMode;
import io.llmharness.metrics.HealthThresholds;
import java.time.Duration;

/**
 * How samples become requests, resolved.
 *
 * @param mode batched Offline, back-to-back Offline, or one streamed request per sample
 * @param batchSize prompts per request in batched Offline runs (1 otherwise)
 * @param maxInFlight the client's in-flight cap: the Offline cap, or effectively unlimited for the other scenarios
 *     (a Server run is never throttled by the client)
 * @param balancing how requests spread over several servers
 * @param firstTokens whether first tokens are reported to LoadGen (token latencies, every scenario but Offline)
 * @param maxConsecutiveFailures failures in a row on one server that abort the run (0 = never)
 * @param maxRetries resends of a request answered with 429/503 (0 = none)
 * @param maxConnections most connections per server
 * @param warmupTime longest warm-up ({@link Duration#ZERO} = none)
 * @param warmupQueries least number of warm-up queries (0 = no warm-up)
 * @param health the client-health thresholds
 * @param requestIdPrefix prefix of the {@code X-Request-Id} sent with each request, or null for none
 * @param maxFailureRate share of failed samples (0–1) the run may have before its verdict is FAILED-SAMPLES; 0 = any
 *     failed sample
 * @param jitNice the nice value of the JIT compiler threads after a warm start that ended with an idle JIT
 *     ({@code --jit-nice}; {@link JitPriority.Request#NONE}: leave them alone)
 */
public record SutPlan(
        SutMode mode,
        int batchSize,
        int maxInFlight,
        Balancing balancing,
        boolean firstTokens,
        int maxConsecutiveFailures,
        int maxRetries,
        int maxConnections,
        Duration warmupTime,
        long warmupQueries,
        HealthThresholds health,
        String requestIdPrefix,
        double maxFailureRate,
        JitPriority.Request jitNice) {

    /** Whether a warm-up test runs before the measured one. */
    public boolean warmsUp() {
        return !warmupTime.isZero() && warmupQueries > 0;
    }

    /** The cap used for Server, Interactive, SingleStream and MultiStream: never reached in practice. */
    public static final int UNCAPPED = 1 << 20;

    /** The default Offline cap: enough to keep any server's batch full without opening thousands of sockets. */
    public static final int DEFAULT_OFFLINE_IN_FLIGHT = 1024;

    /** The default Offline batch size when batching. */
    public static final int DEFAULT_BATCH_SIZE = 32;

    /** The default number of failures in a row on one server that abort a run. */
    public static final int DEFAULT_MAX_CONSECUTIVE_FAILURES = 10;
}
