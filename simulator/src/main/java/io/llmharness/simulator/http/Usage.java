package io.llmharness.simulator.http;

import java.util.List;

/** The {@code usage} object: prompt tokens counted once per prompt, completion tokens over all choices. */
final class Usage {
    private Usage() {}

    static int promptTokens(List<Choice> choices) {
        int total = 0;
        int lastPrompt = -1;
        for (Choice c : choices) {
            if (c.promptIndex != lastPrompt) {
                total += c.promptIds.length;
                lastPrompt = c.promptIndex;
            }
        }
        return total;
    }

    static int cachedTokens(List<Choice> choices) {
        int total = 0;
        int lastPrompt = -1;
        for (Choice c : choices) {
            if (c.promptIndex != lastPrompt) {
                total += c.cachedTokens;
                lastPrompt = c.promptIndex;
            }
        }
        return total;
    }

    /**
     * @param withNullDetails write {@code "prompt_tokens_details":null} when details are off (non-streaming bodies
     *     serialise every field; the streamed usage chunk strips nulls)
     */
    static void write(JsonBytes out, List<Choice> choices, ResponseMeta meta, boolean withNullDetails) {
        int prompt = promptTokens(choices);
        int completion = 0;
        for (Choice c : choices) {
            completion += c.completionTokens();
        }
        out.ascii("{\"prompt_tokens\":").num(prompt);
        out.ascii(",\"total_tokens\":").num(prompt + completion);
        out.ascii(",\"completion_tokens\":").num(completion);
        if (meta.options().compatibility().enablePromptTokensDetails()) {
            out.ascii(",\"prompt_tokens_details\":{\"cached_tokens\":")
                    .num(cachedTokens(choices))
                    .ch('}');
        } else if (withNullDetails) {
            out.ascii(",\"prompt_tokens_details\":null");
        }
        out.ch('}');
    }
}
