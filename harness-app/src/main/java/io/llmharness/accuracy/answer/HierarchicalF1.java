package io.llmharness.accuracy.answer;

import java.util.ArrayList;
import java.util.List;

/**
 * qwen3-vl's gated metric: micro-averaged hierarchical F1 of {@code " > "}-separated category paths. Per sample the
 * intersection is the length of the common prefix; precision and recall divide the summed intersections by the
 * summed predicted and true depths. Not thread-safe; one per evaluation.
 */
public final class HierarchicalF1 {

    private long intersection;
    private long predicted;
    private long truth;

    /** Adds one sample; a null prediction (unparsable answer) counts as a miss as deep as the truth. */
    public void add(String predictedPath, String truePath) {
        List<String> t = levels(truePath);
        List<String> p = predictedPath == null ? null : levels(predictedPath);
        truth += t.size();
        if (p == null) {
            predicted += t.size();
            return;
        }
        predicted += p.size();
        int common = 0;
        while (common < p.size() && common < t.size() && p.get(common).equals(t.get(common))) {
            common++;
        }
        intersection += common;
    }

    static List<String> levels(String path) {
        List<String> out = new ArrayList<>();
        for (String level : path.split(" > ", -1)) {
            out.add(level.strip());
        }
        return out;
    }

    /** {@code 2·hP·hR / (hP + hR)}; 0 when undefined. */
    public double f1() {
        double hp = predicted == 0 ? 0 : intersection / (double) predicted;
        double hr = truth == 0 ? 0 : intersection / (double) truth;
        return hp + hr == 0 ? 0 : 2 * hp * hr / (hp + hr);
    }
}
