package io.llmharness.submission;

import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups run directories into results: per benchmark and scenario at most one performance, one accuracy and one
 * run of each compliance test (TEST06, TEST07, TEST09). Anything it cannot place is refused with one line naming the directory.
 */
final class RunGrouping {

    private RunGrouping() {}

    /**
     * Reads and groups the runs, in the order their results first appear.
     *
     * @param llama2Level {@code 99} or {@code 99.9}: which llama2-70b accuracy target the results are submitted
     *     under
     */
    static List<ResultRuns> group(List<Path> dirs, String llama2Level) {
        Map<String, PackedRun[]> byResult = new LinkedHashMap<>();
        Map<String, RunScenario> scenarios = new LinkedHashMap<>();
        for (Path dir : dirs) {
            PackedRun run = PackedRun.read(dir);
            String bench = benchmarkDir(run.benchmark().category(), llama2Level);
            String key = bench + "/" + run.scenario().displayName();
            scenarios.put(key, run.scenario());
            PackedRun[] slots = byResult.computeIfAbsent(key, k -> new PackedRun[5]);
            int slot = slot(run.mode());
            if (slots[slot] != null) {
                throw HarnessException.config(dir + ": a second " + run.mode().cliName() + " run for " + key
                        + " (the first is " + slots[slot].dir() + "); give one run per mode and result");
            }
            slots[slot] = run;
        }
        List<ResultRuns> out = new ArrayList<>();
        byResult.forEach((key, s) -> out.add(new ResultRuns(
                key.substring(0, key.lastIndexOf('/')), scenarios.get(key), s[0], s[1], s[2], s[3], s[4])));
        return out;
    }

    /** The benchmark directory the checker expects for a category. */
    static String benchmarkDir(String category, String llama2Level) {
        return category.equals("llama2-70b") ? "llama2-70b-" + llama2Level : category;
    }

    private static int slot(RunMode mode) {
        return switch (mode) {
            case PERFORMANCE -> 0;
            case ACCURACY -> 1;
            case TEST06 -> 2;
            case TEST07 -> 3;
            case TEST09 -> 4;
            case FIND_PEAK -> throw new IllegalArgumentException("find-peak runs are refused when read");
        };
    }
}
