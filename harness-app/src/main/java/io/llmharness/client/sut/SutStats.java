package io.llmharness.client.sut;

/**
 * Sample-level counters of an {@link HttpSut}.
 *
 * @param samplesIssued samples LoadGen issued
 * @param samplesCompleted samples completed back to LoadGen (successful or not)
 * @param samplesFailed completed samples whose request failed (completed with an empty payload)
 * @param firstTokens first-token reports sent
 * @param requests HTTP requests submitted (a batch counts once)
 * @param missingTokenIds completed samples whose server returned no token ids (payload empty, count from usage)
 */
public record SutStats(
        long samplesIssued,
        long samplesCompleted,
        long samplesFailed,
        long firstTokens,
        long requests,
        long missingTokenIds) {}
