package io.llmharness.client.sut;

import io.llmharness.error.HarnessException;
import java.util.Locale;

/** How LoadGen samples become HTTP requests. */
public enum SutMode {
    /**
     * Offline, batched: the query's samples go out in batch requests of {@code batchSize} prompts (prompt arrays,
     * {@code input_ids} lists) where the API can batch, else as concurrent single requests. Not streamed by default.
     */
    OFFLINE_BATCHED,
    /** Offline, back-to-back: one request per sample, all issued at once up to the in-flight cap. */
    OFFLINE_BACK_TO_BACK,
    /**
     * Server, Interactive, SingleStream: one streamed request per sample, sent as soon as LoadGen issues it
     * (coalesced queries carry several samples, each its own request); first tokens are reported.
     */
    PER_SAMPLE_STREAMING;

    /**
     * The mode for an MLPerf scenario name and the {@code --offline-back-to-back} flag.
     *
     * @param where the flag the scenario came from, named in the error
     */
    public static SutMode forScenario(String scenario, boolean offlineBackToBack, String where) {
        return switch (scenario.strip().toLowerCase(Locale.ROOT)) {
            case "offline" -> offlineBackToBack ? OFFLINE_BACK_TO_BACK : OFFLINE_BATCHED;
            case "server", "interactive", "singlestream", "multistream" -> PER_SAMPLE_STREAMING;
            default ->
                throw HarnessException.usage(where + ": unknown scenario '" + scenario
                        + "'; use Offline, Server, Interactive or SingleStream");
        };
    }

    /** Whether requests ask for SSE streams unless told otherwise. */
    boolean streamsByDefault() {
        return this == PER_SAMPLE_STREAMING;
    }
}
