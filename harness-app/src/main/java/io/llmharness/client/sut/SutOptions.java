package io.llmharness.client.sut;

import io.llmharness.client.ResponseEncoding;
import java.util.Objects;

/**
 * How an {@link HttpSut} maps LoadGen samples to requests and responses.
 *
 * @param mode batching strategy
 * @param batchSize prompts per batch request in {@link SutMode#OFFLINE_BATCHED} (≥ 1)
 * @param stream ask for SSE streams; null = the mode's default (streaming only for per-sample mode)
 * @param firstTokens report {@code firstTokenComplete} (token-latency runs); null = the mode's default (per-sample
 *     mode only)
 * @param encoding what {@code QuerySampleResponse.data} holds
 * @param name the SUT name LoadGen logs
 */
public record SutOptions(
        SutMode mode, int batchSize, Boolean stream, Boolean firstTokens, ResponseEncoding encoding, String name) {

    public SutOptions {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(encoding, "encoding");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be >= 1");
        }
        name = name == null ? "HttpSut" : name;
    }

    /** Options for a mode with its defaults. */
    public static SutOptions of(SutMode mode, int batchSize, ResponseEncoding encoding) {
        return new SutOptions(mode, batchSize, null, null, encoding, null);
    }

    /** Whether requests ask for streams. */
    public boolean streaming() {
        return stream != null ? stream : mode.streamsByDefault();
    }

    /** Whether first tokens are reported. */
    public boolean reportsFirstTokens() {
        return firstTokens != null ? firstTokens : mode == SutMode.PER_SAMPLE_STREAMING;
    }

    public SutOptions withStream(Boolean v) {
        return new SutOptions(mode, batchSize, v, firstTokens, encoding, name);
    }

    public SutOptions withFirstTokens(Boolean v) {
        return new SutOptions(mode, batchSize, stream, v, encoding, name);
    }
}
