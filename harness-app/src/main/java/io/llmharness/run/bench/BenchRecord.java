package io.llmharness.run.bench;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.workload.data.WorkloadRequest;

/**
 * One finished request of a stage.
 *
 * @param stage stage index
 * @param indexInStage position within the stage
 * @param runIndex position within the run
 * @param request what was asked (prompt, output length, session)
 * @param record timing and outcome as the client recorded them
 * @param output generated text, or null when none arrived
 */
public record BenchRecord(
        int stage, long indexInStage, long runIndex, WorkloadRequest request, RequestRecord record, String output) {}
