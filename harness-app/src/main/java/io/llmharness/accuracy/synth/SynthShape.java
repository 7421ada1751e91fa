package io.llmharness.accuracy.synth;

import java.util.List;

/**
 * The shape of one benchmark's dataset for synthetic dry runs: its full size, the prompt length distribution (token
 * ids) and the reference's output size, in characters ({@code gen_len}) or tokens ({@code tokens_per_sample}).
 *
 * @param category the benchmark
 * @param rows the full dataset size
 * @param inputMean mean prompt length in tokens
 * @param inputSd its standard deviation
 * @param inputMin shortest prompt
 * @param inputMax longest prompt
 * @param genLen the reference's total characters over the full dataset, or 0 when it gates on tokens
 * @param tokensPerSample the reference's mean output tokens, or 0 when it gates on characters
 * @param targetColumn the reference output column
 * @param rougeOnly whether every row is a ROUGE row (else llama3.1-405b's mix of rouge, niah_em and qa_em)
 */
record SynthShape(
        String category,
        int rows,
        int inputMean,
        int inputSd,
        int inputMin,
        int inputMax,
        long genLen,
        double tokensPerSample,
        String targetColumn,
        boolean rougeOnly) {

    /** The benchmarks {@code dataset synth} knows. */
    static final List<SynthShape> ALL = List.of(
            new SynthShape("llama3.1-8b", 13368, 800, 250, 100, 2000, 8167644, 0, "output", true),
            new SynthShape("llama3.1-8b-edge", 5000, 800, 250, 100, 2000, 3051113, 0, "output", true),
            new SynthShape("llama2-70b", 24576, 200, 150, 10, 1024, 0, 294.45, "output", true),
            new SynthShape("llama3.1-405b", 8313, 9400, 5000, 500, 20000, 0, 684.68, "gt_output", false));
}
