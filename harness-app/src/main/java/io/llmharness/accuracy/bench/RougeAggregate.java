package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.rouge.RougeScorer;
import io.llmharness.accuracy.rouge.RougeTokenizer;
import io.llmharness.accuracy.text.PyNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * HF evaluate's {@code rouge} with {@code use_stemmer=True, use_aggregator=False} followed by the MLPerf scripts'
 * aggregation: per-sample F-measures of rouge1, rouge2, rougeL (and rougeLsum when sentences were split), their numpy
 * mean ×100 rounded to 4 decimals with numpy's rounding. Pairs are collected first and scored on all cores when the
 * first score is asked for. Not thread-safe.
 */
final class RougeAggregate {

    private final RougeTokenizer tokenizer = new RougeTokenizer(true);
    private final boolean lsum;
    private final List<String> references = new ArrayList<>();
    private final List<String> predictions = new ArrayList<>();
    private double[][] f;

    /** @param lsum whether rougeLsum is computed (the texts carry one sentence per line) */
    RougeAggregate(boolean lsum) {
        this.lsum = lsum;
    }

    /** Adds one pair (already post-processed); the reference comes first, as the scripts pass it. */
    void add(String reference, String prediction) {
        references.add(reference);
        predictions.add(prediction);
        f = null;
    }

    private void compute() {
        int n = references.size();
        double[][] scores = new double[4][n];
        java.util.stream.IntStream.range(0, n).parallel().forEach(i -> {
            String reference = references.get(i);
            String prediction = predictions.get(i);
            List<String> ref = tokenizer.tokenize(reference);
            List<String> pred = tokenizer.tokenize(prediction);
            scores[0][i] = RougeScorer.rougeN(ref, pred, 1).fmeasure();
            scores[1][i] = RougeScorer.rougeN(ref, pred, 2).fmeasure();
            scores[2][i] = RougeScorer.rougeL(ref, pred).fmeasure();
            if (lsum) {
                scores[3][i] = RougeScorer.rougeLsum(lines(reference), lines(prediction))
                        .fmeasure();
            }
        });
        f = scores;
    }

    private List<List<String>> lines(String text) {
        List<List<String>> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                out.add(tokenizer.tokenize(line));
            }
        }
        return out;
    }

    int count() {
        return references.size();
    }

    boolean hasLsum() {
        return lsum;
    }

    /** {@code round(np.mean(scores) * 100, 4)} of one type: 0 rouge1, 1 rouge2, 2 rougeL, 3 rougeLsum. */
    double score(int type) {
        if (f == null) {
            compute();
        }
        return PyNumbers.numpyRound(PyNumbers.numpyMean(f[type]) * 100, 4);
    }

    static final String[] NAMES = {"rouge1", "rouge2", "rougeL", "rougeLsum"};
}
