package io.llmharness.accuracy.rouge;

/**
 * Precision, recall and F-measure of one ROUGE type for one prediction against one target.
 *
 * @param precision matched / prediction size
 * @param recall matched / target size
 * @param fmeasure {@code 2·P·R / (P + R)}, 0 when both are 0
 */
public record RougeScore(double precision, double recall, double fmeasure) {

    /** All zero: an empty side. */
    public static final RougeScore ZERO = new RougeScore(0, 0, 0);

    /** The score from precision and recall, with rouge_score's F-measure. */
    public static RougeScore of(double precision, double recall) {
        double f = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
        return new RougeScore(precision, recall, f);
    }
}
