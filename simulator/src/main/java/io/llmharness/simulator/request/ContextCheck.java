package io.llmharness.simulator.request;

import io.llmharness.simulator.SimulatorOptions;

/**
 * Resolves the output limit against the context window and produces each backend's context-overflow error.
 * vLLM: {@code prompt + max_tokens > max_model_len} is a 400 in the "This model's maximum context length is …"
 * wording (every known client regex matches it); a chat request without a limit gets the rest of the context.
 * SGLang: its own wordings; {@code /generate} silently caps {@code max_new_tokens} at the rest of the context.
 */
public final class ContextCheck {
    private ContextCheck() {}

    /** The sampling parameters with {@code maxTokens} resolved (never -1) and checked. */
    public static Sampling resolve(SimulatorOptions o, PromptInput p, GenerationRequest.Api api) {
        Sampling s = p.sampling();
        int promptLen = p.ids().length;
        int ctx = o.capacity().maxModelLen();
        boolean sglang = o.identity().sglang();
        if (promptLen >= ctx) {
            if (sglang) {
                throw ApiError.badRequest("The input (" + promptLen + " tokens) is longer than the model's context "
                        + "length (" + ctx + " tokens).");
            }
            String what = api == GenerationRequest.Api.CHAT ? "messages" : "prompt";
            throw ApiError.badRequest(
                    "This model's maximum context length is " + ctx + " tokens. However, your "
                            + "request has " + promptLen + " input tokens. Please reduce the length of the input "
                            + what
                            + ".",
                    "input_tokens");
        }
        int max = s.maxTokens();
        if (max < 0 || (sglang && api == GenerationRequest.Api.GENERATE && promptLen + max > ctx)) {
            max = ctx - promptLen;
        } else if ((long) promptLen + max > ctx) {
            if (sglang) {
                throw ApiError.badRequest("Requested token count exceeds the model's maximum context length of " + ctx
                        + " tokens. You requested a total of " + (promptLen + (long) max) + " tokens: " + promptLen
                        + " tokens from the input messages and " + max + " tokens for the completion. Please reduce "
                        + "the number of tokens in the input messages or the completion to fit within the limit.");
            }
            throw ApiError.badRequest(
                    "This model's maximum context length is " + ctx + " tokens. However, you "
                            + "requested " + (promptLen + (long) max) + " tokens (" + promptLen + " in the messages, "
                            + max
                            + " in the completion). Please reduce the length of the messages or completion.",
                    "input_tokens");
        }
        int min = Math.min(s.minTokens(), max);
        return new Sampling(
                max,
                min,
                s.ignoreEos(),
                s.stop(),
                s.includeStopStr(),
                s.stopTokenIds(),
                s.seed(),
                s.temperature(),
                s.n(),
                s.constraint(),
                s.cacheSalt(),
                s.truncatePromptTokens());
    }
}
