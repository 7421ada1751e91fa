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
        Map<List<String>, Integer> t = ngrams(target, n);
        Map<List<String>, Integer> p = ngrams(prediction, n);
        int overlap = 0;
        for (Map.Entry<List<String>, Integer> e : t.entrySet()) {
            overlap += Math.min(e.getValue(), p.getOrDefault(e.getKey(), 0));
        }
        int tCount = Math.max(0, target.size() - n + 1);
        int pCount = Math.max(0, prediction.size() - n + 1);
        double precision = overlap / (double) Math.max(pCount, 1);
        double recall = overlap / (double) Math.max(tCount, 1);
        return RougeScore.of(precision, recall);
    }

    private static Map<List<String>, Integer> ngrams(List<String> tokens, int n) {
        Map<List<String>, Integer> m = new HashMap<>();
        for (int i = 0; i + n <= tokens.size(); i++) {
            m.merge(tokens.subList(i, i + n), 1, Integer::sum);
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
        int lcs = lcsTable(target, prediction)[target.size()][prediction.size()];
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
        Map<String, Integer> refCounts = counts(reference);
        Map<String, Integer> candCounts = counts(candidate);
        int m = refCounts.values().stream().mapToInt(Integer::intValue).sum();
        int n = candCounts.values().stream().mapToInt(Integer::intValue).sum();
        if (m == 0 || n == 0) {
            return RougeScore.ZERO;
        }
        int hits = 0;
        for (List<String> r : reference) {
            TreeSet<Integer> union = new TreeSet<>();
            for (List<String> c : candidate) {
                union.addAll(lcsIndices(r, c));
            }
            for (int index : union) {
                String token = r.get(index);
                int inCand = candCounts.getOrDefault(token, 0);
                int inRef = refCounts.getOrDefault(token, 0);
                if (inCand > 0 && inRef > 0) {
                    hits++;
                    candCounts.put(token, inCand - 1);
                    refCounts.put(token, inRef - 1);
                }
            }
        }
        return RougeScore.of(hits / (double) n, hits / (double) m);
    }

    private static Map<String, Integer> counts(List<List<String>> sentences) {
        Map<String, Integer> m = new HashMap<>();
        for (List<String> s : sentences) {
            for (String t : s) {
                m.merge(t, 1, Integer::sum);
            }
        }
        return m;
    }

    /** The DP table: {@code T[i][j]} = LCS length of the first i tokens of a and the first j of b. */
    static int[][] lcsTable(List<String> a, List<String> b) {
        int[][] t = new int[a.size() + 1][b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                t[i][j] = a.get(i - 1).equals(b.get(j - 1)) ? t[i - 1][j - 1] + 1 : Math.max(t[i - 1][j], t[i][j - 1]);
            }
        }
        return t;
    }

    /**
     * Indices into {@code ref} of one LCS with {@code cand}, in ascending order, found by backtracking from the end:
     * a match moves diagonally, otherwise left when the left cell is strictly larger, else up.
     */
    static List<Integer> lcsIndices(List<String> ref, List<String> cand) {
        int[][] t = lcsTable(ref, cand);
        int i = ref.size();
        int j = cand.size();
        Integer[] found = new Integer[Math.min(i, j)];
        int k = found.length;
        while (i > 0 && j > 0) {
            if (ref.get(i - 1).equals(cand.get(j - 1))) {
                found[--k] = i - 1;
                i--;
                j--;
            } else if (t[i][j - 1] > t[i - 1][j]) {
                j--;
            } else {
                i--;
            }
        }
        return Arrays.asList(found).subList(k, found.length);
    }
}
