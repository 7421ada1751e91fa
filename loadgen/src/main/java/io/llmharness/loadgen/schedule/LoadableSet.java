package io.llmharness.loadgen.schedule;

/**
 * Sample indices that are loaded into memory together and issued as one series.
 *
 * @param samples QSL indices in load order; MultiStream sets end with a copy of their first
 *     {@code samples_per_query - 1} elements as padding
 * @param distributionEnd number of samples before the padding (draws use positions below this)
 */
public record LoadableSet(int[] samples, int distributionEnd) {

    /** Number of samples including padding. */
    public int size() {
        return samples.length;
    }

    /** The samples as a long array, as the QSL receives them. */
    public long[] asLongs() {
        long[] out = new long[samples.length];
        for (int i = 0; i < samples.length; i++) {
            out[i] = samples[i];
        }
        return out;
    }
}
