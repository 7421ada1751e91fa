package io.llmharness.benchmark;

import io.llmharness.client.SamplingParams;
import java.util.List;

/**
 * The generation parameters that defaults, {@code --generation-config} and CLI flags can set, with their
 * neutral names (used in provenance, warnings and docs).
 */
public enum GenParam {
    MAX_TOKENS("max_tokens"),
    MIN_TOKENS("min_tokens"),
    TEMPERATURE("temperature"),
    TOP_K("top_k"),
    TOP_P("top_p"),
    SEED("seed"),
    IGNORE_EOS("ignore_eos"),
    STOP("stop");

    private final String key;

    GenParam(String key) {
        this.key = key;
    }

    /** Neutral name, e.g. {@code max_tokens}. */
    public String key() {
        return key;
    }

    /** The value in {@code p}, or {@code null} when unset. */
    public Object get(SamplingParams p) {
        return switch (this) {
            case MAX_TOKENS -> p.maxTokens();
            case MIN_TOKENS -> p.minTokens();
            case TEMPERATURE -> p.temperature();
            case TOP_K -> p.topK();
            case TOP_P -> p.topP();
            case SEED -> p.seed();
            case IGNORE_EOS -> p.ignoreEos();
            case STOP -> p.stop();
        };
    }

    /** A copy of {@code p} with this parameter set to {@code v} ({@code null} = unset); {@code v} must fit. */
    @SuppressWarnings("unchecked")
    public SamplingParams set(SamplingParams p, Object v) {
        return switch (this) {
            case MAX_TOKENS -> p.withMaxTokens((Integer) v);
            case MIN_TOKENS -> p.withMinTokens((Integer) v);
            case TEMPERATURE -> p.withTemperature((Double) v);
            case TOP_K -> p.withTopK((Integer) v);
            case TOP_P -> p.withTopP((Double) v);
            case SEED -> p.withSeed((Long) v);
            case IGNORE_EOS -> p.withIgnoreEos((Boolean) v);
            case STOP ->
                new SamplingParams(
                        p.maxTokens(),
                        p.minTokens(),
                        p.temperature(),
                        p.topK(),
                        p.topP(),
                        p.seed(),
                        p.ignoreEos(),
                        (List<String>) v,
                        p.jsonSchema(),
                        p.extra());
        };
    }

    /**
     * Checks a value's range; returns the problem in words (e.g. {@code must be in (0, 1]}) or {@code null}
     * when the value is fine. {@code null} values are fine (unset).
     */
    String check(Object v) {
        if (v == null) {
            return null;
        }
        return switch (this) {
            case MAX_TOKENS -> ((Integer) v) >= 1 ? null : "must be at least 1";
            case MIN_TOKENS -> ((Integer) v) >= 0 ? null : "must be 0 or more";
            case TEMPERATURE -> {
                double d = (Double) v;
                yield Double.isFinite(d) && d >= 0 ? null : "must be 0 or more (0 = greedy)";
            }
            case TOP_K -> ((Integer) v) >= -1 ? null : "must be -1 (disabled), 0 (disabled) or a positive count";
            case TOP_P -> {
                double d = (Double) v;
                yield d > 0 && d <= 1 ? null : "must be in (0, 1]";
            }
            case SEED, IGNORE_EOS, STOP -> null;
        };
    }
}
