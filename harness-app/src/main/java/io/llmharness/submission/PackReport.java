package io.llmharness.submission;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What packing wrote and what the pre-check found.
 *
 * @param root the {@code closed/<org>} directory
 * @param round the round the tree follows
 * @param problems per result ({@code <benchmark>/<scenario>}) and for the system description: the problems found
 */
public record PackReport(Path root, String round, Map<String, List<String>> problems) {

    public PackReport {
        problems = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(problems));
    }

    /** True when the pre-check found nothing. */
    public boolean clean() {
        return problems.values().stream().allMatch(List::isEmpty);
    }

    /** The pre-check as lines: per entry {@code OK} or its problems, then what to run next. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("pre-check (" + round + " rules, closed division):");
        problems.forEach((name, found) -> {
            if (found.isEmpty()) {
                out.add("  " + name + ": OK");
            } else {
                out.add("  " + name + ":");
                found.forEach(p -> out.add("    - " + p));
            }
        });
        out.add("tree: " + root);
        out.add("next: run the official MLCommons submission checker on "
                + root.getParent().getParent() + " with --version " + round
                + (clean() ? "" : " after fixing the items above"));
        return out;
    }
}
