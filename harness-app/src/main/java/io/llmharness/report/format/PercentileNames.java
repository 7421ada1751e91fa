package io.llmharness.report.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How each format names a percentile. */
final class PercentileNames {

    private PercentileNames() {}

    /** A percentile as its shortest number: {@code 1}, {@code 0.1}, {@code 99.9}. */
    static String number(double p) {
        if (p == Math.rint(p)) {
            return Long.toString((long) p);
        }
        return Double.toString(p).toLowerCase(Locale.ROOT);
    }

    /** inference-perf: {@code median} for 50, else {@code p<number>}. */
    static String inferencePerf(double p) {
        return p == 50.0 ? "median" : "p" + number(p);
    }

    /** Benchmark Report: {@code p0p1}, {@code p50}, {@code p99p9}. */
    static String benchmarkReport(double p) {
        return "p" + number(p).replace('.', 'p');
    }

    /** vLLM: {@code p99}, {@code p0.1}. */
    static String vllm(double p) {
        return "p" + number(p);
    }

    /** The union of percentile lists, first-seen order. */
    static List<Double> union(List<Double> a, List<Double> b) {
        List<Double> out = new ArrayList<>(a);
        for (double p : b) {
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }
}
