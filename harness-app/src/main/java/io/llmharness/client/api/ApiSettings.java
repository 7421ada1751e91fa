package io.llmharness.client.api;

import io.llmharness.client.SamplingParams;
import java.util.Objects;

/**
 * Body settings shared by every request of a run.
 *
 * @param model value of the {@code model} field, or null to let the server use its first served name (never sent
 *     to SGLang {@code /generate})
 * @param sampling generation parameters
 * @param returnTokenIds ask OpenAI endpoints for output token ids ({@code return_token_ids: true}, vLLM ≥ 0.11)
 * @param guided how a JSON schema is sent on OpenAI endpoints
 * @param continuousUsageStats ask for running {@code usage} on every streamed chunk
 */
public record ApiSettings(
        String model,
        SamplingParams sampling,
        boolean returnTokenIds,
        GuidedDecoding guided,
        boolean continuousUsageStats) {

    public ApiSettings {
        sampling = Objects.requireNonNullElse(sampling, SamplingParams.SERVER_DEFAULTS);
        guided = Objects.requireNonNullElse(guided, GuidedDecoding.RESPONSE_FORMAT);
    }

    /** Settings with server defaults, token ids requested and {@code response_format} guided decoding. */
    public static ApiSettings of(String model, SamplingParams sampling) {
        return new ApiSettings(model, sampling, true, GuidedDecoding.RESPONSE_FORMAT, false);
    }
}
