package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.rouge.RougeScorer;
import io.llmharness.accuracy.rouge.RougeTokenizer;
import io.llmharness.accuracy.text.PyNumbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * HF evaluate's {@code rouge} with {@code use_stemmer=True, use_aggregator=False} followed by the MLPerf scripts'
 * aggregation: per-sample F-measures of rouge1, rouge2, rougeL (and rougeLsum when sentences were split), their numpy
 * mean ×100 rounded to 4 decimals with numpy's rounding. Not thread-safe.
 */
final class RougeAggregate {

    private final RougeTokenizer tokenizer = new RougeTokenizer(true);
    private final boolean lsum;
    private double[][] f = new double[4][256];
    private int n;

    /** @param lsum whether rougeLsum is computed (the texts carry one sentence per line) */
    RougeAggregate(boolean lsum) {
        this.lsum = lsum;
    }

    /** Adds one pair (already post-processed); the reference comes first, as the scripts pass it. */
    void add(String reference, String prediction) {
        if (n == f[0].length) {
            for (int i = 0; i < 4; i++) {
                f[i] = Arrays.copyOf(f[i], n * 2);
            }
        }
        List<String> ref = tokenizer.tokenize(reference);
        List<String> pred = tokenizer.tokenize(prediction);
        f[0][n] = RougeScorer.rougeN(ref, pred, 1).fmeasure();
        f[1][n] = RougeScorer.rougeN(ref, pred, 2).fmeasure();
        f[2][n] = RougeScorer.rougeL(ref, pred).fmeasure();
        if (lsum) {
            f[3][n] = RougeScorer.rougeLsum(lines(reference), lines(prediction)).fmeasure();
        }
        n++;
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
        return n;
    }

    boolean hasLsum() {
        return lsum;
    }

    /** {@code round(np.mean(scores) * 100, 4)} of one type: 0 rouge1, 1 rouge2, 2 rougeL, 3 rougeLsum. */
    double score(int type) {
        return PyNumbers.numpyRound(PyNumbers.numpyMean(Arrays.copyOf(f[type], n)) * 100, 4);
    }

    static final String[] NAMES = {"rouge1", "rouge2", "rougeL", "rougeLsum"};
}
