package io.llmharness.k8s.launch;

import java.time.Duration;

/**
 * The launcher's fixed waits.
 *
 * @param poll pause between two looks at the Job and its pods
 * @param podStart how long the collector pod may take to run (scheduling and image pull)
 * @param stopWait how long stopped launchers get to write what they measured and go away
 * @param logLines how many of a failed launcher's last log lines are shown
 */
public record Timings(Duration poll, Duration podStart, Duration stopWait, int logLines) {

    /** 2 s polls, 5 min for the collector to start, 90 s for stopped launchers, 20 log lines. */
    public static Timings defaults() {
        return new Timings(Duration.ofSeconds(2), Duration.ofMinutes(5), Duration.ofSeconds(90), 20);
    }
}
