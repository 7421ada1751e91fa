package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.PyDict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects what an evaluator prints and gates, and builds its {@link AccuracyResult}. Not thread-safe. */
final class Results {

    final List<String> preamble = new ArrayList<>();
    final Map<String, Object> dict = new LinkedHashMap<>();
    final Map<String, Double> metrics = new LinkedHashMap<>();
    final List<String> notComputed = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    /** Puts a value into the printed dict; numbers are gated under the same key. */
    void put(String key, Object printed) {
        dict.put(key, printed);
        if (printed instanceof Number num) {
            metrics.put(key, num.doubleValue());
        } else if (printed instanceof String s) {
            metrics.put(key, Double.parseDouble(s));
        }
    }

    /** The usual output: preamble, a blank line, {@code Results}, a blank line, the dict. */
    AccuracyResult build() {
        List<String> lines = new ArrayList<>(preamble);
        lines.add("");
        lines.add("Results");
        lines.add("");
        lines.add(PyDict.repr(dict));
        return build(lines);
    }

    AccuracyResult build(List<String> lines) {
        return new AccuracyResult(lines, metrics, notComputed, notes);
    }

    /** The line for metrics that need the sentence splitter. */
    static String needsPunkt(String metrics) {
        return metrics + ": not computed: they need nltk's English Punkt data (punkt_tab), which was not found;"
                + " pass --punkt-dir DIR or install it (python3 -m nltk.downloader punkt_tab)";
    }
}
