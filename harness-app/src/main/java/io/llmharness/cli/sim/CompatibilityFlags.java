package io.llmharness.cli.sim;

import io.llmharness.simulator.Compatibility;
import picocli.CommandLine.Option;

/** {@link Compatibility}: version-dependent and optional behaviours of the real servers. */
final class CompatibilityFlags {
    @Option(names = "--legacy-error-shape", description = "vLLM <= 0.10.0 flat error bodies.")
    boolean legacyErrorShape = Compatibility.DEFAULTS.legacyErrorShape();

    @Option(names = "--legacy-metrics", description = "vLLM < 0.12 metric names.")
    boolean legacyMetrics = Compatibility.DEFAULTS.legacyMetrics();

    @Option(
            names = {"--enable-prompt-tokens-details", "--enable-cache-report"},
            description = "Report usage.prompt_tokens_details.cached_tokens.")
    boolean promptTokensDetails = Compatibility.DEFAULTS.enablePromptTokensDetails();

    @Option(names = "--enable-force-include-usage", description = "Usage chunk on every stream.")
    boolean forceIncludeUsage = Compatibility.DEFAULTS.enableForceIncludeUsage();

    @Option(names = "--enable-request-id-headers", description = "Echo X-Request-Id as a response header.")
    boolean requestIdHeaders = Compatibility.DEFAULTS.enableRequestIdHeaders();

    /** Null unless given: then the persona decides, see {@code SimulatorOptions.metricsEnabled()}. */
    @Option(
            names = "--enable-metrics",
            negatable = true,
            description = "Serve /metrics (default: as the persona, vllm yes, sglang no).")
    Boolean metrics = Compatibility.DEFAULTS.metricsEnabled();

    Compatibility toCompatibility() {
        return new Compatibility(
                legacyErrorShape, legacyMetrics, promptTokensDetails, forceIncludeUsage, requestIdHeaders, metrics);
    }
}
