package io.llmharness.report.format;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.workload.data.WorkloadRequest;

/**
 * One measured request for the per-request outputs.
 *
 * @param stage its stage
 * @param request what was asked
 * @param record timing and outcome
 * @param output generated text, or null
 * @param clientInputTokens the client's count of the prompt, -1 if unknown
 * @param clientOutputTokens the client's count of the output, -1 if unknown
 */
public record RequestRow(
        int stage,
        WorkloadRequest request,
        RequestRecord record,
        String output,
        int clientInputTokens,
        int clientOutputTokens) {}
