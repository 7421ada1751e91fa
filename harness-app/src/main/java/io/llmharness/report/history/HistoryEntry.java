package io.llmharness.report.history;

import java.time.Instant;

/**
 * One run in the history.
 *
 * @param runDir absolute run directory (the key)
 * @param runId run id
 * @param finishedAt when the run ended (or started, for a run without an end)
 * @param benchmark MLPerf benchmark or workload name
 * @param scenario scenario
 * @param model model the requests named
 * @param target the servers (URLs, server config or simulator)
 * @param result VALID, INVALID, ABORTED, ACCURACY, COMPLETED or FAILURES
 * @param requestsPerSecond successful requests per second, or null
 * @param outputTokensPerSecond output tokens per second, or null
 * @param ttftP99Ms TTFT p99 in ms, or null
 * @param tpotP99Ms TPOT p99 in ms, or null
 * @param failed failed requests
 */
public record HistoryEntry(
        String runDir,
        String runId,
        Instant finishedAt,
        String benchmark,
        String scenario,
        String model,
        String target,
        String result,
        Double requestsPerSecond,
        Double outputTokensPerSecond,
        Double ttftP99Ms,
        Double tpotP99Ms,
        long failed) {}
