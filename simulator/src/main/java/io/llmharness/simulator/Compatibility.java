package io.llmharness.simulator;

/**
 * Which version-dependent or optional behaviours of the real servers to reproduce. All off by default, and
 * {@code /metrics} as the persona does it.
 *
 * @param legacyErrorShape vLLM persona: flat pre-0.10.1 error bodies {@code {"object":"error",…}} instead of nested
 *     ones ({@code --legacy-error-shape})
 * @param legacyMetrics vLLM persona: export pre-0.12 metric names such as {@code gpu_cache_usage_perc}
 *     ({@code --legacy-metrics})
 * @param enablePromptTokensDetails report {@code usage.prompt_tokens_details.cached_tokens}
 *     ({@code --enable-prompt-tokens-details})
 * @param enableForceIncludeUsage send the usage chunk on every stream, whatever the request says
 *     ({@code --enable-force-include-usage})
 * @param enableRequestIdHeaders echo {@code X-Request-Id} (or a generated id) as a response header
 *     ({@code --enable-request-id-headers})
 * @param metricsEnabled serve {@code /metrics} ({@code --[no-]enable-metrics}); null = as the persona does (vLLM
 *     yes, SGLang no), see {@link SimulatorOptions#metricsEnabled()}
 */
public record Compatibility(
        boolean legacyErrorShape,
        boolean legacyMetrics,
        boolean enablePromptTokensDetails,
        boolean enableForceIncludeUsage,
        boolean enableRequestIdHeaders,
        Boolean metricsEnabled)
        implements SimulatorOptions.Group {
    /** The defaults: today's formats, nothing optional, {@code /metrics} as the persona does it. */
    public static final Compatibility DEFAULTS = new Compatibility(false, false, false, false, false, null);

    /** Flat (true) or nested error bodies. */
    public Compatibility withLegacyErrorShape(boolean value) {
        return new Compatibility(
                value,
                legacyMetrics,
                enablePromptTokensDetails,
                enableForceIncludeUsage,
                enableRequestIdHeaders,
                metricsEnabled);
    }

    /** Pre-0.12 (true) or current metric names. */
    public Compatibility withLegacyMetrics(boolean value) {
        return new Compatibility(
                legacyErrorShape,
                value,
                enablePromptTokensDetails,
                enableForceIncludeUsage,
                enableRequestIdHeaders,
                metricsEnabled);
    }

    /** Cached-token details in usage on or off. */
    public Compatibility withEnablePromptTokensDetails(boolean value) {
        return new Compatibility(
                legacyErrorShape,
                legacyMetrics,
                value,
                enableForceIncludeUsage,
                enableRequestIdHeaders,
                metricsEnabled);
    }

    /** Usage chunk on every stream on or off. */
    public Compatibility withEnableForceIncludeUsage(boolean value) {
        return new Compatibility(
                legacyErrorShape,
                legacyMetrics,
                enablePromptTokensDetails,
                value,
                enableRequestIdHeaders,
                metricsEnabled);
    }

    /** Request-id response headers on or off. */
    public Compatibility withEnableRequestIdHeaders(boolean value) {
        return new Compatibility(
                legacyErrorShape,
                legacyMetrics,
                enablePromptTokensDetails,
                enableForceIncludeUsage,
                value,
                metricsEnabled);
    }

    /** {@code /metrics} on, off, or as the persona does it (null). */
    public Compatibility withMetricsEnabled(Boolean value) {
        return new Compatibility(
                legacyErrorShape,
                legacyMetrics,
                enablePromptTokensDetails,
                enableForceIncludeUsage,
                enableRequestIdHeaders,
                value);
    }
}
