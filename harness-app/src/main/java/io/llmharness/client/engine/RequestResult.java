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
 * @param keptHeader the value of the response header the request asked to keep ({@link ClientRequest#keepHeader()}),
 *     or null when it asked for none or the answer (its last attempt) did not carry it
 */
public record RequestResult(
        ClientRequest request, RequestRecord record, List<ChoiceOutput> choices, String keptHeader) {

    /** A result that kept no header. */
    public RequestResult(ClientRequest request, RequestRecord record, List<ChoiceOutput> choices) {
        this(request, record, choices, null);
    }

    /** Whether the request succeeded. */
    public boolean ok() {
        return record.ok();
    }

    /** The output of prompt {@code i}, or null when none arrived. */
    public ChoiceOutput choice(int i) {
        return i < choices.size() ? choices.get(i) : null;
    }
}
