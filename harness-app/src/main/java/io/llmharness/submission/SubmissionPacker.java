package io.llmharness.submission;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.config.MlperfRound;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds {@code <output>/closed/<org>/} from run directories: per result the LoadGen logs only, the accuracy log
 * hashed and truncated, {@code accuracy.txt}, {@code TEST06/}, {@code TEST07/}, {@code TEST09/}, {@code user.conf},
 * {@code mlperf.conf}, {@code measurements.json} and {@code README.md}; {@code systems/<system>.json} and
 * {@code src/} once. Then pre-checks every packed result. See docs/submission.md.
 */
public final class SubmissionPacker {

    static final String DIVISION = "closed";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SubmissionPacker() {}

    /**
     * Packs and pre-checks.
     *
     * @param progress receives one line per result written
     * @throws HarnessException config error for a run that cannot be placed or a result that is already in the
     *     output; execution error when writing fails
     */
    public static PackReport pack(PackRequest req, Consumer<String> progress) {
        MlperfRound round = req.mlperfRound();
        names(req);
        List<ResultRuns> results = RunGrouping.group(req.runs(), req.llama2Level());
        Path root = req.output().resolve(DIVISION).resolve(req.org());
        Path systemDir = root.resolve("results").resolve(req.system());
        for (ResultRuns r : results) {
            Path d = systemDir.resolve(r.benchmarkDir()).resolve(r.scenario().displayName());
            if (Files.exists(d)) {
                throw HarnessException.config(d + " already exists; pack into an empty --output or remove it");
            }
        }
        Map<String, List<String>> problems = new LinkedHashMap<>();
        try {
            for (ResultRuns r : results) {
                Path d =
                        systemDir.resolve(r.benchmarkDir()).resolve(r.scenario().displayName());
                writeResult(r, d, round);
                progress.accept("packed " + r.name() + " (" + describe(r) + ")");
            }
            List<String> systemProblems = writeSystem(root, req, results);
            writeSrc(root.resolve("src"), results, round);
            if (!systemProblems.isEmpty()) {
                problems.put("systems/" + req.system() + ".json", systemProblems);
            }
            List<String> calibration = writeCalibration(root.resolve("documentation/calibration.md"));
            if (!calibration.isEmpty()) {
                problems.put("documentation/calibration.md", calibration);
            }
        } catch (IOException e) {
            throw HarnessException.execution(
                    "cannot write the submission tree under " + root + ": " + e.getMessage(), e);
        }
        for (ResultRuns r : results) {
            Path d = systemDir.resolve(r.benchmarkDir()).resolve(r.scenario().displayName());
            List<String> found = ResultCheck.check(r.benchmark(), r.benchmarkDir(), r.scenario(), d, round);
            problems.put(r.name(), found);
        }
        return new PackReport(root, round.label(), problems);
    }

    private static void names(PackRequest req) {
        for (String[] n : new String[][] {{"--org", req.org()}, {"--system", req.system()}}) {
            if (n[1] == null || n[1].isBlank() || !n[1].matches("[A-Za-z0-9._+-]+")) {
                throw HarnessException.usage(n[0] + " '" + n[1] + "': use letters, digits and . _ + - only (it"
                        + " becomes a directory name)");
            }
        }
        if (!req.llama2Level().equals("99") && !req.llama2Level().equals("99.9")) {
            throw HarnessException.usage("--llama2-accuracy " + req.llama2Level() + ": use 99 or 99.9");
        }
    }

    private static String describe(ResultRuns r) {
        List<String> parts = new ArrayList<>();
        if (r.performance() != null) {
            parts.add("performance");
        }
        if (r.accuracy() != null) {
            parts.add("accuracy");
        }
        if (r.test06() != null) {
            parts.add("TEST06");
        }
        if (r.test07() != null) {
            parts.add("TEST07");
        }
        if (r.test09() != null) {
            parts.add("TEST09");
        }
        return String.join(", ", parts);
    }

    private static void writeResult(ResultRuns r, Path d, MlperfRound round) throws IOException {
        Files.createDirectories(d);
        if (r.performance() != null) {
            Path run1 = d.resolve("performance/run_1");
            copyLoadgen(r.performance(), run1, "mlperf_log_summary.txt", "mlperf_log_detail.txt");
            copyIfPresent(r.performance().loadgenFile("mlperf_log_accuracy.json"), run1);
        }
        if (r.accuracy() != null) {
            Path acc = d.resolve("accuracy");
            copyLoadgen(
                    r.accuracy(), acc, "mlperf_log_summary.txt", "mlperf_log_detail.txt", "mlperf_log_accuracy.json");
            Path txt = r.accuracy().file("accuracy.txt");
            if (Files.isRegularFile(txt)) {
                Files.copy(txt, acc.resolve("accuracy.txt"));
                if (Files.isRegularFile(acc.resolve("mlperf_log_accuracy.json"))) {
                    AccuracyLogTruncation.apply(acc.resolve("accuracy.txt"), acc.resolve("mlperf_log_accuracy.json"));
                }
            }
        }
        if (r.test06() != null) {
            Path t = d.resolve("TEST06");
            Files.createDirectories(t.resolve("accuracy"));
            copyIfPresent(r.test06().file("TEST06/verify_accuracy.txt"), t);
            copyIfPresent(r.test06().file("TEST06/accuracy/mlperf_log_accuracy.json"), t.resolve("accuracy"));
        }
        if (r.test07() != null) {
            compliance(r.test07(), d.resolve("TEST07"), "verify_accuracy.txt");
        }
        if (r.test09() != null) {
            compliance(r.test09(), d.resolve("TEST09"), "verify_output_len.txt");
        }
        Files.writeString(d.resolve("user.conf"), userConf(r, round), StandardCharsets.UTF_8);
        Files.writeString(d.resolve("mlperf.conf"), round.mlperfConf(), StandardCharsets.ISO_8859_1);
        JSON.writeValue(d.resolve("measurements.json").toFile(), measurements(r.benchmark()));
        Files.writeString(d.resolve("README.md"), ResultReadme.of(r, round), StandardCharsets.UTF_8);
    }

    /**
     * {@code TEST07/} or {@code TEST09/} as the official verification left it in the run (the verification file,
     * {@code accuracy/mlperf_log_accuracy.json}, {@code performance/run_1/}), the accuracy log then hashed into
     * {@code accuracy/accuracy.txt} and truncated as {@code truncate_accuracy_log.py} does for these tests.
     */
    private static void compliance(PackedRun run, Path t, String verifyName) throws IOException {
        String test = t.getFileName().toString();
        Files.createDirectories(t.resolve("accuracy"));
        copyIfPresent(run.file(test + "/" + verifyName), t);
        copyIfPresent(run.file(test + "/accuracy/mlperf_log_accuracy.json"), t.resolve("accuracy"));
        copyIfPresent(run.file(test + "/performance/run_1/mlperf_log_summary.txt"), t.resolve("performance/run_1"));
        copyIfPresent(run.file(test + "/performance/run_1/mlperf_log_detail.txt"), t.resolve("performance/run_1"));
        Path log = t.resolve("accuracy/mlperf_log_accuracy.json");
        if (Files.isRegularFile(log)) {
            AccuracyLogTruncation.applyCompliance(t.resolve("accuracy/accuracy.txt"), log);
        }
    }

    private static void copyLoadgen(PackedRun run, Path into, String... names) throws IOException {
        Files.createDirectories(into);
        for (String n : names) {
            copyIfPresent(run.loadgenFile(n), into);
        }
    }

    private static void copyIfPresent(Path file, Path into) throws IOException {
        if (Files.isRegularFile(file)) {
            Files.createDirectories(into);
            Files.copy(file, into.resolve(file.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    /** The user.conf of the performance run (else of the accuracy run); a note when the runs used none. */
    private static String userConf(ResultRuns r, MlperfRound round) throws IOException {
        for (PackedRun run : r.all()) {
            if (run.userConf() != null && Files.isRegularFile(run.userConf())) {
                return Files.readString(run.userConf(), StandardCharsets.ISO_8859_1);
            }
        }
        return "# No user.conf was given to LoadGen: every setting came from the embedded mlperf.conf (" + round.label()
                + ") and the harness's flags recorded in README.md.\n";
    }

    private static Map<String, Object> measurements(BenchmarkSpec bench) {
        Map<String, Object> m = new LinkedHashMap<>();
        boolean tokens = bench.responseEncoding() == ResponseEncoding.TOKEN_IDS_INT32;
        m.put("input_data_types", tokens ? "int32" : Placeholder.of("input data types, e.g. text and images"));
        m.put("retraining", "No");
        m.put("starting_weights_filename", bench.referenceModel());
        m.put("weight_data_types", Placeholder.of("weight data types, e.g. fp8"));
        m.put("weight_transformations", Placeholder.of("e.g. quantization, or none"));
        return m;
    }

    private static List<String> writeSystem(Path root, PackRequest req, List<ResultRuns> results) throws IOException {
        Path file = root.resolve("systems").resolve(req.system() + ".json");
        Files.createDirectories(file.getParent());
        if (req.systemJson() != null) {
            if (!Files.isRegularFile(req.systemJson())) {
                throw HarnessException.config("--system-json " + req.systemJson() + ": no such file");
            }
            Files.copy(req.systemJson(), file, StandardCopyOption.REPLACE_EXISTING);
        } else if (!Files.exists(file)) {
            boolean edge =
                    results.stream().allMatch(r -> r.benchmark().category().endsWith("-edge"));
            String version = results.get(0).any().toolVersion();
            JSON.writeValue(
                    file.toFile(),
                    SystemDescription.of(DIVISION, req.org(), req.system(), edge ? "edge" : "datacenter", version));
        }
        return SystemCheck.check(file, req.org());
    }

    private static void writeSrc(Path src, List<ResultRuns> results, MlperfRound round) throws IOException {
        Files.createDirectories(src);
        StringBuilder readme = new StringBuilder();
        readme.append("# How these results were produced\n\n")
                .append("Load generation, LoadGen logging, accuracy scoring and the compliance verifications (TEST06,"
                        + " TEST07, TEST09): llm-harness ")
                .append(results.get(0).any().toolVersion())
                .append(" (a Java port of MLPerf LoadGen 6.0.17; ")
                .append(round.label())
                .append(" seeds). Each result's README.md lists the exact commands; the resolved configuration")
                .append(" of every run is kept beside this file as <benchmark>/<scenario>/<mode>.config.yaml.\n");
        Files.writeString(src.resolve("README.md"), readme.toString(), StandardCharsets.UTF_8);
        for (ResultRuns r : results) {
            for (PackedRun run : r.all()) {
                if (run != null && Files.isRegularFile(run.file("config.resolved.yaml"))) {
                    Path d = src.resolve(r.benchmarkDir()).resolve(r.scenario().displayName());
                    Files.createDirectories(d);
                    Files.copy(
                            run.file("config.resolved.yaml"),
                            d.resolve(run.mode().cliName() + ".config.yaml"),
                            StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /**
     * {@code documentation/calibration.md}, which the closed division asks for (the older checker requires it): a
     * template unless the file is there already. Returns the pre-check problems of the file.
     */
    private static List<String> writeCalibration(Path file) throws IOException {
        if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            Files.writeString(
                    file,
                    "# Calibration and quantization\n\n"
                            + Placeholder.of("how the weights were calibrated or"
                                    + " quantized (data set, number of samples, method), or that they were not")
                            + "\n",
                    StandardCharsets.UTF_8);
        }
        return Files.readString(file, StandardCharsets.UTF_8).contains(Placeholder.MARK)
                ? List.of("describe the calibration (the file still has " + Placeholder.MARK + ")")
                : List.of();
    }

    /** The scenario directory name the checker expects. */
    static String scenarioDir(RunScenario s) {
        return s.displayName();
    }
}
