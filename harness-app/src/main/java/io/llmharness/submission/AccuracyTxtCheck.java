package io.llmharness.submission;

import io.llmharness.accuracy.AccuracyTargets;
import io.llmharness.accuracy.Gate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an {@code accuracy.txt} the way the submission checker does: every gated metric must be printed (as
 * {@code 'name': value}, or {@code "f1": value} for qwen3-vl), every printed value must pass, and a
 * {@code hash=} line must be there.
 */
final class AccuracyTxtCheck {

    private static final Pattern HASH = Pattern.compile("^hash=[\\w\\d]+$");

    private AccuracyTxtCheck() {}

    /** The problems found; empty when accuracy.txt passes. */
    static List<String> check(String category, String benchmarkDir, List<String> lines) {
        List<String> problems = new ArrayList<>();
        AccuracyTargets.TargetSet targets = AccuracyTargets.of(category).stream()
                .filter(t -> t.name().equals(benchmarkDir))
                .findFirst()
                .orElse(null);
        if (targets == null) {
            problems.add("accuracy: no accuracy targets known for " + benchmarkDir);
            return problems;
        }
        for (Gate gate : targets.gates()) {
            Pattern p = gate.metric().equals("f1")
                    ? Pattern.compile("\\{.*\"f1\":\\s*([\\d.]+).*\\}")
                    : Pattern.compile(".*'" + Pattern.quote(gate.metric()) + "':\\s+'?([\\d.]+)'?.*");
            boolean seen = false;
            for (String line : lines) {
                Matcher m = p.matcher(line);
                if (m.lookingAt()) {
                    seen = true;
                    double v;
                    try {
                        v = Double.parseDouble(m.group(1));
                    } catch (NumberFormatException e) {
                        problems.add("accuracy: " + gate.metric() + " value '" + m.group(1) + "' is not a number");
                        continue;
                    }
                    if (!gate.passes(v)) {
                        problems.add("accuracy: " + gate.metric() + " " + m.group(1) + " misses the target "
                                + gate.describe());
                    }
                }
            }
            if (!seen) {
                problems.add("accuracy: accuracy.txt prints no " + gate.metric() + " (run 'harness accuracy' on the"
                        + " accuracy run)");
            }
        }
        if (lines.stream().noneMatch(l -> HASH.matcher(l).matches())) {
            problems.add("accuracy: accuracy.txt has no hash= line");
        }
        return problems;
    }
}
