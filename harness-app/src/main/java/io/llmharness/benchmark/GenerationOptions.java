package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.nio.file.Path;

/**
 * The generation flags of {@code harness run}, as the CLI parsed them; {@code null} = flag not given.
 * Values are range-checked here, so a bad flag fails before anything else happens.
 *
 * <p>Precedence is described in {@link GenerationResolver}: {@code --max-tokens}, {@code --temperature},
 * {@code --top-k} and {@code --top-p} apply to both test modes; in accuracy mode each {@code --accuracy-*} flag
 * beats its general counterpart.
 *
 * @param generationConfig {@code --generation-config}: JSON file of generation parameters
 * @param maxTokens {@code --max-tokens}: maximum output tokens, both modes
 * @param temperature {@code --temperature}: sampling temperature (0 = greedy), both modes
 * @param topK {@code --top-k}: top-k (-1 or 0 = disabled), both modes
 * @param topP {@code --top-p}: nucleus probability in (0, 1], both modes
 * @param accuracyTemperature {@code --accuracy-temperature}: temperature for accuracy runs
 * @param accuracyTopK {@code --accuracy-top-k}: top-k for accuracy runs
 * @param accuracyTopP {@code --accuracy-top-p}: top-p for accuracy runs
 * @param useGuidedDecoding {@code --use-guided-decoding}: constrain output to the benchmark's JSON schema
 */
public record GenerationOptions(
        Path generationConfig,
        Integer maxTokens,
        Double temperature,
        Integer topK,
        Double topP,
        Double accuracyTemperature,
        Integer accuracyTopK,
        Double accuracyTopP,
        boolean useGuidedDecoding) {

    /** No flags given. */
    public static final GenerationOptions NONE =
            new GenerationOptions(null, null, null, null, null, null, null, null, false);

    /** @throws HarnessException usage error naming the flag whose value is out of range */
    public GenerationOptions {
        check("--max-tokens", GenParam.MAX_TOKENS, maxTokens);
        check("--temperature", GenParam.TEMPERATURE, temperature);
        check("--top-k", GenParam.TOP_K, topK);
        check("--top-p", GenParam.TOP_P, topP);
        check("--accuracy-temperature", GenParam.TEMPERATURE, accuracyTemperature);
        check("--accuracy-top-k", GenParam.TOP_K, accuracyTopK);
        check("--accuracy-top-p", GenParam.TOP_P, accuracyTopP);
    }

    private static void check(String flag, GenParam param, Object value) {
        String problem = param.check(value);
        if (problem != null) {
            throw HarnessException.usage(flag + " " + value + ": " + problem);
        }
    }
}
