package io.llmharness.client.engine;

import io.llmharness.client.record.RequestRecord;
import java.util.List;

/**
 * The end of one request: its timing record (with the outcome) and the output of each prompt. On failure the
 * outputs hold whatever arrived before it (for diagnostics only) and may be empty.
 *
 * @param request what was submitted
 * @param record timing and outcome
 * @param choices per-prompt outputs, indexed by prompt position; empty when nothing arrived
 */
public record RequestResult(ClientRequest request, RequestRecord record, List<ChoiceOutput> choices) {

    /** Whether the request succeeded. */
    public boolean ok() {
        return record.ok();
    }

    /** The output of prompt {@code i}, or null when none arrived. */
    public ChoiceOutput choice(int i) {
        return i < choices.size() ? choices.get(i) : null;
    }
}
