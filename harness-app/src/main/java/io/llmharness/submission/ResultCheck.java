package io.llmharness.submission;

import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.LatencyLimits;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.loadgen.config.MlperfRound;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The pre-check of one packed result directory ({@code results/<system>/<benchmark>/<scenario>}): what the
 * official checker would reject, in words a user can act on. Covers the files, LoadGen error lines, the chosen
 * round's seeds, the minimum duration, the sample counts, early stopping, the token-latency limits, the accuracy
 * targets and TEST06.
 */
final class ResultCheck {

    /** The checker's minimum run length for every LLM scenario. */
    static final long MIN_DURATION_MS = 600_000;

    private final BenchmarkSpec bench;
    private final String benchmarkDir;
    private final RunScenario scenario;
    private final Path dir;
    private final MlperfRound round;
    private final List<String> problems = new ArrayList<>();

    private ResultCheck(BenchmarkSpec bench, String benchmarkDir, RunScenario scenario, Path dir, MlperfRound round) {
        this.bench = bench;
        this.benchmarkDir = benchmarkDir;
        this.scenario = scenario;
        this.dir = dir;
        this.round = round;
    }

    /** The problems of one result; empty when the pre-check found none. */
    static List<String> check(
            BenchmarkSpec bench, String benchmarkDir, RunScenario scenario, Path dir, MlperfRound round) {
        ResultCheck c = new ResultCheck(bench, benchmarkDir, scenario, dir, round);
        c.files();
        c.performance();
        c.accuracy();
        c.test06();
        c.gptOssCompliance("TEST07", "verify_accuracy.txt");
        c.gptOssCompliance("TEST09", "verify_output_len.txt");
        return List.copyOf(c.problems);
    }

    private void files() {
        for (String f : List.of("user.conf", "README.md", "measurements.json")) {
            Path p = dir.resolve(f);
            if (!Files.isRegularFile(p)) {
                problems.add(f + " is missing");
            }
        }
        Path measurements = dir.resolve("measurements.json");
        if (Files.isRegularFile(measurements)) {
            try {
                String text = Files.readString(measurements);
                if (text.contains(Placeholder.MARK)) {
                    problems.add("measurements.json still has '" + Placeholder.MARK + "' values: fill them in");
                }
            } catch (IOException e) {
                problems.add("measurements.json: " + e.getMessage());
            }
        }
    }

    private DetailLogKeys detail(String what, Path file) {
        if (!Files.isRegularFile(file)) {
            problems.add(what + ": " + dir.relativize(file) + " is missing");
            return null;
        }
        try {
            DetailLogKeys log = DetailLogKeys.read(file);
            int shown = 0;
            for (String e : log.errors()) {
                if (shown++ == 3) {
                    problems.add(what + ": " + (log.errors().size() - 3) + " more LoadGen error lines");
                    break;
                }
                problems.add(what + ": LoadGen error line (the checker rejects the run): " + e);
            }
            seeds(what, log);
            return log;
        } catch (IOException e) {
            problems.add(what + ": cannot read " + file + ": " + e.getMessage());
            return null;
        }
    }

    private void seeds(String what, DetailLogKeys log) {
        Long q = log.u64("effective_qsl_rng_seed");
        Long s = log.u64("effective_sample_index_rng_seed");
        Long sch = log.u64("effective_schedule_rng_seed");
        if (q == null || s == null || sch == null) {
            problems.add(what + ": the detail log has no effective_*_rng_seed lines");
            return;
        }
        if (q != round.qslRngSeed() || s != round.sampleIndexRngSeed() || sch != round.scheduleRngSeed()) {
            String actual = MlperfRound.ofSeeds(q, s, sch)
                    .map(r -> "the " + r.label() + " round's")
                    .orElse("no known round's");
            problems.add(what + ": seeds are " + actual + ", not " + round.label() + "'s; rerun with --round "
                    + round.label());
        }
    }

    private void performance() {
        DetailLogKeys log = detail("performance", dir.resolve("performance/run_1/mlperf_log_detail.txt"));
        if (!Files.isRegularFile(dir.resolve("performance/run_1/mlperf_log_summary.txt"))) {
            problems.add("performance: performance/run_1/mlperf_log_summary.txt is missing");
        }
        if (log == null) {
            return;
        }
        if (!"VALID".equals(log.text("result_validity"))) {
            String reason = log.text("result_invalid_reason");
            problems.add("performance: LoadGen says " + log.text("result_validity")
                    + (reason == null || reason.isBlank() ? "" : " (" + reason.trim() + ")"));
        }
        Double minDuration = log.number("effective_min_duration_ms");
        if (minDuration == null || minDuration < MIN_DURATION_MS) {
            problems.add("performance: min_duration " + fmt(minDuration) + " ms is below the " + MIN_DURATION_MS
                    + " ms the checker requires (drop the shorter min_duration from user.conf / --set)");
        }
        Double psc = log.number("effective_performance_sample_count");
        if (psc == null || psc < bench.performanceSampleCount()) {
            problems.add("performance: performance_sample_count " + fmt(psc) + " is below the benchmark's "
                    + bench.performanceSampleCount());
        }
        if (scenario == RunScenario.OFFLINE) {
            Double spq = log.number("effective_samples_per_query");
            if (spq == null || spq < bench.performanceSampleCount()) {
                problems.add("performance: Offline samples_per_query " + fmt(spq) + " is below the dataset size "
                        + bench.performanceSampleCount() + " (the checker requires the whole dataset)");
            }
        } else if (!log.bool("early_stopping_met")) {
            String why = log.text("early_stopping_result");
            if (why == null) {
                why = log.text("early_stopping_tpot_result");
            }
            problems.add("performance: early stopping not met" + (why == null ? "" : " (" + why.strip() + ")"));
        }
        if (bench.tokenLatencies() && !log.bool("requested_use_token_latencies")) {
            problems.add("performance: use_token_latencies is off; the checker requires it for " + benchmarkDir);
        }
        if (scenario == RunScenario.SERVER || scenario == RunScenario.INTERACTIVE) {
            latencies(log);
        }
    }

    private void latencies(DetailLogKeys log) {
        LatencyLimits limits = bench.variant(scenario).map(v -> v.limits()).orElse(LatencyLimits.NONE);
        limit(log, "result_first_token_99.00_percentile_latency_ns", "p99 TTFT", limits.ttftMs());
        limit(log, "result_time_per_output_token_99.00_percentile_ns", "p99 TPOT", limits.tpotMs());
        limit(log, "result_99.00_percentile_latency_ns", "p99 latency", limits.targetLatencyMs());
    }

    private void limit(DetailLogKeys log, String key, String name, Integer limitMs) {
        if (limitMs == null) {
            return;
        }
        Double ns = log.number(key);
        if (ns == null) {
            problems.add("performance: " + key + " is missing from the detail log");
        } else if (!(ns < limitMs * 1e6)) {
            problems.add(String.format(
                    java.util.Locale.ROOT,
                    "performance: %s %.1f ms is not below the %s limit of %d ms",
                    name,
                    ns / 1e6,
                    scenario.displayName(),
                    limitMs));
        }
    }

    private void accuracy() {
        for (String f : List.of("mlperf_log_summary.txt", "accuracy.txt", "mlperf_log_accuracy.json")) {
            if (!Files.isRegularFile(dir.resolve("accuracy").resolve(f))) {
                problems.add("accuracy: accuracy/" + f + " is missing");
            }
        }
        DetailLogKeys log = detail("accuracy", dir.resolve("accuracy/mlperf_log_detail.txt"));
        if (log != null) {
            Double count = log.number("effective_accuracy_sample_count");
            if (count == null) {
                count = log.number("qsl_reported_total_count");
            }
            if (count == null || count.intValue() != bench.accuracySampleCount()) {
                problems.add("accuracy: the run covered " + fmt(count) + " samples, the checker wants the whole"
                        + " dataset of " + bench.accuracySampleCount());
            }
        }
        Path json = dir.resolve("accuracy/mlperf_log_accuracy.json");
        try {
            if (Files.isRegularFile(json) && Files.size(json) > AccuracyLogTruncation.MAX_LOG_BYTES) {
                problems.add("accuracy: mlperf_log_accuracy.json is larger than 10240 bytes (not truncated)");
            }
        } catch (IOException e) {
            problems.add("accuracy: " + e.getMessage());
        }
        Path txt = dir.resolve("accuracy/accuracy.txt");
        if (Files.isRegularFile(txt)) {
            try {
                problems.addAll(AccuracyTxtCheck.check(bench.category(), benchmarkDir, Files.readAllLines(txt)));
            } catch (IOException e) {
                problems.add("accuracy: cannot read accuracy.txt: " + e.getMessage());
            }
        }
    }

    private void test06() {
        Path verify = dir.resolve("TEST06/verify_accuracy.txt");
        boolean needed = bench.complianceTests().contains("TEST06");
        if (!Files.isRegularFile(verify)) {
            if (needed) {
                problems.add("TEST06: TEST06/verify_accuracy.txt is missing (run with --test-mode TEST06)");
            }
            return;
        }
        try {
            List<String> lines =
                    Files.readAllLines(verify).stream().map(String::strip).toList();
            boolean first =
                    lines.contains("First token check pass: True") || lines.contains("First token check pass: Skipped");
            boolean eos = lines.contains("EOS check pass: True");
            boolean length = lines.contains("Sample length check pass: True");
            if (!(first && eos && length)) {
                problems.add("TEST06: verification failed (first token " + first + ", EOS " + eos + ", length " + length
                        + ")");
            }
        } catch (IOException e) {
            problems.add("TEST06: cannot read verify_accuracy.txt: " + e.getMessage());
        }
    }

    /** TEST07 / TEST09: the verification file, which the checker searches for {@code TEST PASS}. */
    private void gptOssCompliance(String test, String file) {
        Path verify = dir.resolve(test).resolve(file);
        if (!Files.isRegularFile(verify)) {
            if (bench.complianceTests().contains(test)) {
                problems.add(test + ": " + test + "/" + file + " is missing (run with --test-mode " + test + ")");
            }
            return;
        }
        try {
            if (!Files.readString(verify).contains("TEST PASS")) {
                problems.add(test + ": verification failed (" + test + "/" + file + " has no TEST PASS)");
            }
        } catch (IOException e) {
            problems.add(test + ": cannot read " + file + ": " + e.getMessage());
        }
        Path log = dir.resolve(test).resolve("accuracy/mlperf_log_accuracy.json");
        try {
            if (Files.isRegularFile(log) && Files.size(log) > AccuracyLogTruncation.MAX_LOG_BYTES) {
                problems.add(test + ": accuracy/mlperf_log_accuracy.json is larger than 10240 bytes (not truncated)");
            }
        } catch (IOException e) {
            problems.add(test + ": cannot read accuracy/mlperf_log_accuracy.json: " + e.getMessage());
        }
    }

    private static String fmt(Double v) {
        return v == null ? "(missing)" : v == Math.rint(v) ? String.valueOf(v.longValue()) : String.valueOf(v);
    }
}
