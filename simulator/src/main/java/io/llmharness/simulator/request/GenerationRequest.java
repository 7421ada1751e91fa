package io.llmharness.simulator.request;

import java.util.List;

/**
 * A validated generation request, whatever API it came through.
 *
 * @param api which endpoint family formats the response
 * @param model the model name to put in the response
 * @param stream server-sent events instead of one JSON body
 * @param includeUsage send the usage chunk before {@code [DONE]}
 * @param continuousUsage put running usage in every chunk
 * @param returnTokenIds add {@code token_ids} / {@code prompt_token_ids}
 * @param echo prepend the prompt to the output (completions)
 * @param batch SGLang {@code /generate} with a list input or {@code n > 1}: the response is a JSON array
 * @param requestId client-chosen id ({@code request_id} / {@code rid}), or null
 * @param streamInterval tokens per chunk requested by the client, or 0 for the server default
 * @param logprobs top logprobs per output token (0 = the chosen token's only), or {@link #NO_LOGPROBS}
 * @param logprobText SGLang {@code return_text_in_logprobs}: token texts in the logprob tuples instead of null
 * @param prompts the prompts, each with its sampling parameters
 */
public record GenerationRequest(
        Api api,
        String model,
        boolean stream,
        boolean includeUsage,
        boolean continuousUsage,
        boolean returnTokenIds,
        boolean echo,
        boolean batch,
        String requestId,
        int streamInterval,
        int logprobs,
        boolean logprobText,
        List<PromptInput> prompts) {

    /** {@link #logprobs()} when the client asked for none. */
    public static final int NO_LOGPROBS = -1;

    /** Whether the response carries logprobs. */
    public boolean wantsLogprobs() {
        return logprobs != NO_LOGPROBS;
    }

    /** The endpoint family. */
    public enum Api {
        COMPLETIONS,
        CHAT,
        GENERATE
    }

    /** Samples per prompt ({@code n}; the same for every prompt in OpenAI requests). */
    public int n() {
        return prompts.isEmpty() ? 1 : prompts.get(0).sampling().n();
    }

    /** Total choices in the response. */
    public int choices() {
        int total = 0;
        for (PromptInput p : prompts) {
            total += p.sampling().n();
        }
        return total;
    }
}
