package io.llmharness.accuracy.rouge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * ROUGE-N, ROUGE-L and ROUGE-Lsum as rouge_score 0.1.2 computes them (target first, then prediction). ROUGE-Lsum
 * reads sentences from {@code "\n"}-separated lines (the MLPerf scripts split sentences beforehand); the other
 * types ignore line breaks. Thread-safe.
 */
public final class RougeScorer {

    private final RougeTokenizer tokenizer;

    /** @param stem Porter stemming of tokens longer than three characters (MLPerf: on) */
    public RougeScorer(boolean stem) {
        this.tokenizer = new RougeTokenizer(stem);
    }

    /** The tokenizer in use. */
    public RougeTokenizer tokenizer() {
        return tokenizer;
    }

    /** ROUGE-N for {@code n ≥ 1}. */
    public RougeScore rougeN(String target, String prediction, int n) {
        return rougeN(tokenizer.tokenize(target), tokenizer.tokenize(prediction), n);
    }

    /** ROUGE-N over token lists. */
    public static RougeScore rougeN(List<String> target, List<String> prediction, int n) {
        Vocabulary v = new Vocabulary();
        int[] t = v.ids(target);
        int[] p = v.ids(prediction);
        Map<Object, Integer> tg = ngrams(t, n);
        Map<Object, Integer> pg = ngrams(p, n);
        int overlap = 0;
        for (Map.Entry<Object, Integer> e : tg.entrySet()) {
            overlap += Math.min(e.getValue(), pg.getOrDefault(e.getKey(), 0));
        }
        int tCount = Math.max(0, t.length - n + 1);
        int pCount = Math.max(0, p.length - n + 1);
        double precision = overlap / (double) Math.max(pCount, 1);
        double recall = overlap / (double) Math.max(tCount, 1);
        return RougeScore.of(precision, recall);
    }

    /** n-gram counts; unigrams and bigrams keyed by a number, longer n-grams by the id list. */
    private static Map<Object, Integer> ngrams(int[] ids, int n) {
        Map<Object, Integer> m = new HashMap<>();
        for (int i = 0; i + n <= ids.length; i++) {
            Object key;
            if (n == 1) {
                key = (long) ids[i];
            } else if (n == 2) {
                key = ((long) ids[i] << 32) | (ids[i + 1] & 0xFFFFFFFFL);
            } else {
                key = Arrays.asList(Arrays.stream(ids, i, i + n).boxed().toArray(Integer[]::new));
            }
            m.merge(key, 1, Integer::sum);
        }
        return m;
    }

    /** ROUGE-L: longest common subsequence over the whole texts. */
    public RougeScore rougeL(String target, String prediction) {
        return rougeL(tokenizer.tokenize(target), tokenizer.tokenize(prediction));
    }

    /** ROUGE-L over token lists. */
    public static RougeScore rougeL(List<String> target, List<String> prediction) {
        if (target.isEmpty() || prediction.isEmpty()) {
            return RougeScore.ZERO;
        }
        Vocabulary v = new Vocabulary();
        int lcs = lcsLength(v.ids(target), v.ids(prediction));
        return RougeScore.of(lcs / (double) prediction.size(), lcs / (double) target.size());
    }

    /** ROUGE-Lsum: summary-level LCS, one sentence per {@code "\n"}-separated line. */
    public RougeScore rougeLsum(String target, String prediction) {
        return rougeLsum(lines(target), lines(prediction));
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

    /** ROUGE-Lsum over tokenised sentences. */
    public static RougeScore rougeLsum(List<List<String>> reference, List<List<String>> candidate) {
        if (reference.isEmpty() || candidate.isEmpty()) {
            return RougeScore.ZERO;
        }
        Vocabulary v = new Vocabulary();
        int[][] ref = reference.stream().map(v::ids).toArray(int[][]::new);
        int[][] cand = candidate.stream().map(v::ids).toArray(int[][]::new);
        int[] refCounts = new int[v.size()];
        int[] candCounts = new int[v.size()];
        int m = count(ref, refCounts);
        int n = count(cand, candCounts);
        if (m == 0 || n == 0) {
            return RougeScore.ZERO;
        }
        int hits = 0;
        for (int[] r : ref) {
            TreeSet<Integer> union = new TreeSet<>();
            for (int[] c : cand) {
                lcsIndices(r, c, union);
            }
            for (int index : union) {
                int token = r[index];
                if (candCounts[token] > 0 && refCounts[token] > 0) {
                    hits++;
                    candCounts[token]--;
                    refCounts[token]--;
                }
            }
        }
        return RougeScore.of(hits / (double) n, hits / (double) m);
    }

    private static int count(int[][] sentences, int[] counts) {
        int total = 0;
        for (int[] s : sentences) {
            for (int t : s) {
                counts[t]++;
                total++;
            }
        }
        return total;
    }

    /** LCS length with two rows of the DP table. */
    static int lcsLength(int[] a, int[] b) {
        int[] prev = new int[b.length + 1];
        int[] cur = new int[b.length + 1];
        for (int i = 1; i <= a.length; i++) {
            for (int j = 1; j <= b.length; j++) {
                cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length];
    }

    /** The list form of {@link #lcsIndices(int[], int[], java.util.Collection)}, for tests. */
    static List<Integer> lcsIndices(List<String> ref, List<String> cand) {
        Vocabulary v = new Vocabulary();
        List<Integer> out = new ArrayList<>();
        lcsIndices(v.ids(ref), v.ids(cand), out);
        return out;
    }

    /**
     * Adds the indices into {@code ref} of one LCS with {@code cand}, in ascending order, found by backtracking the
     * DP table {@code T[i][j]} (LCS length of the first i and j tokens) from the end: a match moves diagonally,
     * otherwise left when the left cell is strictly larger, else up.
     */
    static void lcsIndices(int[] ref, int[] cand, java.util.Collection<Integer> out) {
        int w = cand.length + 1;
        int[] t = new int[(ref.length + 1) * w];
        for (int i = 1; i <= ref.length; i++) {
            int row = i * w;
            int up = row - w;
            for (int j = 1; j <= cand.length; j++) {
                t[row + j] = ref[i - 1] == cand[j - 1] ? t[up + j - 1] + 1 : Math.max(t[up + j], t[row + j - 1]);
            }
        }
        int i = ref.length;
        int j = cand.length;
        int[] found = new int[Math.min(i, j)];
        int k = found.length;
        while (i > 0 && j > 0) {
            if (ref[i - 1] == cand[j - 1]) {
                found[--k] = i - 1;
                i--;
                j--;
            } else if (t[i * w + j - 1] > t[(i - 1) * w + j]) {
                j--;
            } else {
                i--;
            }
        }
        for (int x = k; x < found.length; x++) {
            out.add(found[x]);
        }
    }

    /** Token strings to dense ids, so LCS tables compare ints. Not thread-safe; one per score. */
    private static final class Vocabulary {
        private final Map<String, Integer> ids = new HashMap<>();

        int[] ids(List<String> tokens) {
            int[] out = new int[tokens.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = ids.computeIfAbsent(tokens.get(i), k -> ids.size());
            }
            return out;
        }

        int size() {
            return ids.size();
        }
    }
}
