package io.llmharness.run.bench;

import io.llmharness.workload.data.WorkloadRequest;

/**
 * One request handed to a {@link RequestSender}.
 *
 * @param stage stage index (-1 for warm-up and probe requests, which are not reported)
 * @param indexInStage position within the stage
 * @param runIndex position within the run (the request's {@code sample_index} in the request tables)
 * @param request prompt and output length
 * @param stream ask for an SSE stream
 * @param scheduledNs planned start ({@link io.llmharness.loadgen.clock.Clock#nanoTime()})
 * @param issuedNs when it was handed over
 */
public record Submission(
        int stage,
        long indexInStage,
        long runIndex,
        WorkloadRequest request,
        boolean stream,
        long scheduledNs,
        long issuedNs) {}
