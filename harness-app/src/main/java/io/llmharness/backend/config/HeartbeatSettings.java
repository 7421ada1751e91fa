package io.llmharness.backend.config;

import java.time.Duration;

/**
 * How a running server is watched.
 *
 * @param interval time between two {@code GET /health} checks ({@code heartbeat_interval}, seconds, default 5);
 *     zero turns the heartbeat off (the process is still watched)
 * @param timeout per-check request timeout ({@code heartbeat_timeout}, seconds, default 30: SGLang's
 *     {@code /health} runs a one-token generation that may take up to 20 s under load)
 * @param failureThreshold consecutive failed checks before the server is declared dead
 *     ({@code heartbeat_failure_threshold}, default 3); a process exit is reported at once
 */
public record HeartbeatSettings(Duration interval, Duration timeout, int failureThreshold) {

    /** The defaults: every 5 s, 30 s per check, dead after 3 failures in a row. */
    public static final HeartbeatSettings DEFAULT =
            new HeartbeatSettings(Duration.ofSeconds(5), Duration.ofSeconds(30), 3);

    /** Whether periodic health checks run. */
    public boolean enabled() {
        return !interval.isZero();
    }
}
