package io.llmharness.submission;

import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.RunScenario;

/**
 * The runs of one result: one benchmark directory and scenario of the submission tree.
 *
 * @param benchmarkDir the checker's benchmark name, e.g. {@code llama3.1-8b} or {@code llama2-70b-99.9}
 * @param scenario the scenario directory, e.g. {@code Interactive}
 * @param performance the performance run, or null
 * @param accuracy the accuracy run, or null
 * @param test06 the TEST06 run, or null
 */
record ResultRuns(
        String benchmarkDir, RunScenario scenario, PackedRun performance, PackedRun accuracy, PackedRun test06) {

    /** Whichever run is present (performance first). */
    PackedRun any() {
        return performance != null ? performance : accuracy != null ? accuracy : test06;
    }

    /** The benchmark, from whichever run is present. */
    BenchmarkSpec benchmark() {
        return any().benchmark();
    }

    /** {@code <benchmark>/<scenario>}, for messages. */
    String name() {
        return benchmarkDir + "/" + scenario.displayName();
    }

    /** Whether the checker requires TEST06 for this benchmark (closed division). */
    boolean needsTest06() {
        return benchmark().complianceTests().contains("TEST06");
    }
}
