package io.llmharness.simulator.metrics;

/**
 * Which vLLM release's metric names {@code /metrics} exports, so that the names agree with the version
 * {@code /version} claims. vLLM deprecates a name in one minor release, hides it in the next and removes it after.
 */
public enum VllmMetricSet {
    /** Before 0.9: {@code gpu_cache_usage_perc}, {@code gpu_prefix_cache_*}, {@code time_per_output_token_seconds}. */
    LEGACY,
    /** 0.9 and 0.10: the new KV and prefix-cache names beside the deprecated {@code gpu_*} ones. */
    V0_10,
    /** 0.11: per-request TPOT and {@code inter_token_latency_seconds}; the old TPOT histogram still shown. */
    V0_11,
    /** 0.12 and 0.13: the {@code gpu_*} names and the old TPOT histogram gone. */
    V0_12,
    /** 0.14 (2026) and later: adds {@code request_prefill_kv_computed_tokens}. */
    CURRENT;

    /**
     * The set of a version string such as {@code 0.11.2} or {@code 0.15.0rc2.dev93+g8e2a469b3}; unparsable versions
     * get the current set.
     *
     * @param legacy force {@link #LEGACY} ({@code --legacy-metrics})
     */
    public static VllmMetricSet of(String version, boolean legacy) {
        if (legacy) {
            return LEGACY;
        }
        String[] parts = version.split("[^0-9]+", 3);
        int major;
        int minor;
        try {
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        } catch (NumberFormatException e) {
            return CURRENT;
        }
        if (major > 0) {
            return CURRENT;
        }
        if (minor < 9) {
            return LEGACY;
        }
        if (minor <= 10) {
            return V0_10;
        }
        if (minor == 11) {
            return V0_11;
        }
        return minor <= 13 ? V0_12 : CURRENT;
    }

    boolean oldNames() {
        return this == LEGACY || this == V0_10;
    }

    boolean newNames() {
        return this != LEGACY;
    }

    boolean oldTpot() {
        return compareTo(V0_11) <= 0;
    }

    boolean interTokenLatency() {
        return compareTo(V0_11) >= 0;
    }

    boolean prefillKvComputed() {
        return this == CURRENT;
    }
}
