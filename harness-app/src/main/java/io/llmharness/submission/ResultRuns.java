package io.llmharness.submission;

import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.RunScenario;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The runs of one result: one benchmark directory and scenario of the submission tree.
 *
 * @param benchmarkDir the checker's benchmark name, e.g. {@code llama3.1-8b} or {@code llama2-70b-99.9}
 * @param scenario the scenario directory, e.g. {@code Interactive}
 * @param performance the performance run, or null
 * @param accuracy the accuracy run, or null
 * @param test06 the TEST06 run, or null
 * @param test07 the TEST07 run (gpt-oss-120b), or null
 * @param test09 the TEST09 run (gpt-oss-120b), or null
 */
record ResultRuns(
        String benchmarkDir,
        RunScenario scenario,
        PackedRun performance,
        PackedRun accuracy,
        PackedRun test06,
        PackedRun test07,
        PackedRun test09) {

    /** The runs present, in the order performance, accuracy, TEST06, TEST07, TEST09. */
    List<PackedRun> all() {
        return Stream.of(performance, accuracy, test06, test07, test09)
                .filter(Objects::nonNull)
                .toList();
    }

    /** Whichever run is present (performance first). */
    PackedRun any() {
        return all().get(0);
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
