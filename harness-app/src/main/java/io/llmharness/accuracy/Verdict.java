package io.llmharness.accuracy;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of one target set: every gate checked against the printed metrics.
 *
 * @param target the target set
 * @param status PASS, FAIL, or INCOMPLETE when a gated metric could not be computed
 * @param lines one line per gate for the terminal
 */
public record Verdict(AccuracyTargets.TargetSet target, Status status, List<String> lines) {

    /** The verdict of a target set. */
    public enum Status {
        PASS,
        FAIL,
        INCOMPLETE
    }

    /** Checks every gate of {@code target} against {@code result}. */
    public static Verdict of(AccuracyTargets.TargetSet target, AccuracyResult result) {
        boolean fail = false;
        boolean missing = false;
        List<String> lines = new ArrayList<>();
        for (Gate g : target.gates()) {
            Double v = result.metrics().get(g.metric());
            String state;
            if (v == null) {
                missing = true;
                state = "not computed";
            } else if (g.passes(v)) {
                state = "ok";
            } else {
                fail = true;
                state = "FAIL";
            }
            lines.add(String.format(
                    java.util.Locale.ROOT,
                    "  %-18s %-14s %-26s %s",
                    g.metric(),
                    v == null ? "-" : io.llmharness.accuracy.text.PyNumbers.plain(v),
                    g.describe(),
                    state));
        }
        Status s = fail ? Status.FAIL : missing ? Status.INCOMPLETE : Status.PASS;
        return new Verdict(target, s, lines);
    }
}
