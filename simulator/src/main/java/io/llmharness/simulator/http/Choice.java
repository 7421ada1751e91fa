package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.tokens.IntList;

/** Response-side state of one choice: output so far, what is still unsent, how it ended. Event-loop only. */
final class Choice {
    final int index;
    final int promptIndex;
    final int[] promptIds;
    final String promptText;
    final IntList ids = new IntList(32);
    final StringBuilder text;
    final StringBuilder pendingText;
    int pendingFrom;
    int pendingTokens;
    int cachedTokens;
    /** Completions logprobs: {@code text_offset} of the next token. */
    int logprobOffset;
    /** Logprob writer, made on first use when the request asked for logprobs. */
    LogprobsJson logprobs;

    boolean started;
    FinishReason finish;
    Object stopReason;

    /**
     * @param keepText accumulate the whole output text (non-streamed bodies, SGLang's cumulative events)
     * @param streamed keep the unsent part apart (streamed responses)
     */
    Choice(int index, int promptIndex, int[] promptIds, String promptText, boolean keepText, boolean streamed) {
        this.index = index;
        this.promptIndex = promptIndex;
        this.promptIds = promptIds;
        this.promptText = promptText;
        this.text = keepText ? new StringBuilder(128) : null;
        this.pendingText = streamed ? new StringBuilder(32) : null;
    }

    /** This choice's logprob writer (only called when the request asked for logprobs). */
    LogprobsJson logprobs(io.llmharness.simulator.request.GenerationRequest req) {
        if (logprobs == null) {
            logprobs = new LogprobsJson(req, this);
        }
        return logprobs;
    }

    int completionTokens() {
        return ids.size();
    }

    boolean finished() {
        return finish != null;
    }

    /** Records one event; returns true when a chunk should be sent now (interval reached or finished). */
    boolean add(int tokenId, String delta, FinishReason finish, Object stopReason, int interval) {
        if (tokenId >= 0) {
            ids.add(tokenId);
            pendingTokens++;
        }
        if (!delta.isEmpty()) {
            if (pendingText != null) {
                pendingText.append(delta);
            }
            if (text != null) {
                text.append(delta);
            }
        }
        if (finish != null) {
            this.finish = finish;
            this.stopReason = stopReason;
            return true;
        }
        return pendingTokens >= interval;
    }

    /** Takes the unsent text; the unsent ids are {@code ids[pendingFrom, ids.size())} until {@link #sent()}. */
    String takeText() {
        String t = pendingText.toString();
        pendingText.setLength(0);
        return t;
    }

    void sent() {
        pendingFrom = ids.size();
        pendingTokens = 0;
    }
}
