package io.llmharness.loadgen.results;

/**
 * The four validity checks of a performance run and their report texts.
 *
 * @param minDurationMet the run lasted at least {@code min_duration}
 * @param minDurationRecommendation advice when it did not ("" otherwise)
 * @param minQueriesMet enough queries and samples were issued
 * @param perfConstraintsMet Server latency (or TTFT/TPOT) bound met at the target percentile; true elsewhere
 * @param perfConstraintsRecommendation advice when it was not ("" otherwise)
 * @param earlyStoppingMet the early-stopping test passed (token mode: TPOT, then TTFT)
 * @param earlyStoppingText report text of the non-token test ("" in token mode)
 * @param earlyStoppingTtftText token mode: TTFT test text ("" when TPOT failed)
 * @param earlyStoppingTpotText token mode: TPOT test text
 */
public record Validity(
        boolean minDurationMet,
        String minDurationRecommendation,
        boolean minQueriesMet,
        boolean perfConstraintsMet,
        String perfConstraintsRecommendation,
        boolean earlyStoppingMet,
        String earlyStoppingText,
        String earlyStoppingTtftText,
        String earlyStoppingTpotText) {

    /** "Result is : VALID" iff all four checks hold. */
    public boolean valid() {
        return minDurationMet && minQueriesMet && perfConstraintsMet && earlyStoppingMet;
    }

    /** The {@code result_invalid_reason} text: the failed checks' advice, newlines turned into spaces. */
    public String invalidReason() {
        StringBuilder r = new StringBuilder();
        if (!perfConstraintsMet) {
            r.append(perfConstraintsRecommendation).append(' ');
        }
        if (!minDurationMet) {
            r.append(minDurationRecommendation).append(' ');
        }
        if (!minQueriesMet) {
            r.append("The test exited early, before enough queries were issued.");
        }
        return r.toString().replace('\n', ' ');
    }
}
