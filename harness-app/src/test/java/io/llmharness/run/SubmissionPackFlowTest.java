package io.llmharness.run;

import static io.llmharness.run.RunFixture.harness;
import static io.llmharness.run.RunFixture.runDir;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.cli.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole dry-run flow through the command line: {@code dataset synth}, performance, accuracy and TEST06 runs for
 * the v6.0 round against the simulator answering with the references, then {@code submission pack} and its
 * pre-check. The runs are short on purpose, so the pre-check must name exactly the run-length and dataset-size
 * problems and nothing else (seeds, accuracy, TEST06, files are right).
 */
class SubmissionPackFlowTest {

    @TempDir
    Path dir;

    private Path run(Path data, String mode, String... extra) {
        Path out = dir.resolve("out-" + mode);
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama2-70b",
                "--dataset-path",
                data.toString(),
                "--simulate",
                "--simulate-answers",
                data.toString(),
                "--scenario",
                "Offline",
                "--test-mode",
                mode,
                "--round",
                "v6.0",
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                out.toString()));
        args.addAll(List.of(extra));
        RunFixture.Outcome o = harness(args.toArray(String[]::new));
        assertThat(o.exit()).as(mode + ": " + o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        return runDir(out);
    }

    @Test
    void synthRunsPackAndPreCheck() throws Exception {
        Path data = dir.resolve("l2.json");
        RunFixture.Outcome synth = harness(
                "dataset", "synth", "--model-category", "llama2-70b", "--rows", "40", "--output", data.toString());
        assertThat(synth.exit()).as(synth.err()).isEqualTo(ExitCodes.OK);
        Path perf = run(data, "performance", "--set", "min_query_count=40", "--set", "min_duration_ms=0");
        Path acc = run(data, "accuracy");
        Path test06 = run(data, "TEST06");
        assertThat(RunFixture.summary(perf).path("config").path("mlperf_round").asText())
                .isEqualTo("v6.0");
        byte[] fullLog = Files.readAllBytes(acc.resolve("mlperf/mlperf_log_accuracy.json"));

        Path output = dir.resolve("submission");
        RunFixture.Outcome pack = harness(
                "submission",
                "pack",
                "--org",
                "MyOrg",
                "--system",
                "sim_node",
                "--round",
                "v6.0",
                "--output",
                output.toString(),
                perf.toString(),
                acc.toString(),
                test06.toString());
        assertThat(pack.exit()).as(pack.out() + pack.err()).isEqualTo(ExitCodes.RESULT_INVALID);

        Path root = output.resolve("closed/MyOrg");
        Path result = root.resolve("results/sim_node/llama2-70b-99/Offline");
        assertThat(result.resolve("performance/run_1")).isDirectoryContaining("glob:**/mlperf_log_detail.txt");
        try (var files = Files.list(result.resolve("performance/run_1"))) {
            assertThat(files.map(f -> f.getFileName().toString())).allMatch(n -> n.startsWith("mlperf_log_"));
        }
        for (String f : List.of(
                "accuracy/mlperf_log_summary.txt",
                "accuracy/mlperf_log_detail.txt",
                "TEST06/verify_accuracy.txt",
                "TEST06/accuracy/mlperf_log_accuracy.json",
                "user.conf",
                "mlperf.conf",
                "measurements.json",
                "README.md")) {
            assertThat(result.resolve(f)).as(f).isRegularFile();
        }
        assertThat(root.resolve("systems/sim_node.json")).content().contains("\"submitter\" : \"MyOrg\"");
        assertThat(root.resolve("src/README.md")).isRegularFile();
        assertThat(result.resolve("mlperf.conf")).content().contains("*.*.qsl_rng_seed = 2465351861681999779");

        // hashed over the whole log, then the log cut to 4096 + "\n\n...\n\n" + 4096 bytes
        String hash =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(fullLog));
        assertThat(Files.readString(result.resolve("accuracy/accuracy.txt"))).endsWith("\nhash=" + hash + "\n");
        assertThat(fullLog.length).isGreaterThan(10240);
        assertThat(Files.size(result.resolve("accuracy/mlperf_log_accuracy.json")))
                .isEqualTo(8199);

        String offline = section(pack.out(), "  llama2-70b-99/Offline:");
        assertThat(offline.lines().map(String::strip))
                .containsExactly(
                        "- measurements.json still has 'FILL IN' values: fill them in",
                        "- performance: min_duration 0 ms is below the 600000 ms the checker requires (drop the"
                                + " shorter min_duration from user.conf / --set)",
                        "- performance: Offline samples_per_query 40 is below the dataset size 24576 (the checker"
                                + " requires the whole dataset)",
                        "- accuracy: the run covered 40 samples, the checker wants the whole dataset of 24576");
        assertThat(pack.out()).contains("systems/sim_node.json:", "fill in status, number_of_nodes");

        // yesterday's run directories (LoadGen's logs at the top level, no mlperf/ folder) pack to the same tree;
        // a run's mlperf/ folder given in place of the run stands for it
        Path old = dir.resolve("old");
        RunFixture.Outcome flat = harness(
                "submission",
                "pack",
                "--org",
                "MyOrg",
                "--system",
                "sim_node",
                "--round",
                "v6.0",
                "--output",
                old.toString(),
                flatCopy(perf, old.resolve("perf")).toString(),
                flatCopy(acc, old.resolve("acc")).toString(),
                test06.resolve("mlperf").toString());
        assertThat(flat.exit()).as(flat.out() + flat.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        Path oldResult = old.resolve("closed/MyOrg/results/sim_node/llama2-70b-99/Offline");
        for (String f : List.of(
                "performance/run_1/mlperf_log_summary.txt",
                "performance/run_1/mlperf_log_detail.txt",
                "accuracy/mlperf_log_summary.txt",
                "accuracy/mlperf_log_detail.txt",
                "accuracy/mlperf_log_accuracy.json",
                "accuracy/accuracy.txt",
                "TEST06/verify_accuracy.txt")) {
            assertThat(oldResult.resolve(f)).as(f).hasSameBinaryContentAs(result.resolve(f));
        }
        assertThat(section(flat.out(), "  llama2-70b-99/Offline:")).isEqualTo(offline);

        // the same runs judged by the v6.1 rules: the seeds are named, nothing is overwritten
        RunFixture.Outcome again = harness(
                "submission",
                "pack",
                "--org",
                "MyOrg",
                "--system",
                "sim_node",
                "--round",
                "v6.1",
                "--output",
                dir.resolve("v61").toString(),
                perf.toString());
        assertThat(again.out())
                .contains(
                        "performance: seeds are the v6.0 round's, not v6.1's; rerun with --round v6.1",
                        "accuracy: accuracy/accuracy.txt is missing",
                        "TEST06: TEST06/verify_accuracy.txt is missing (run with --test-mode TEST06)");
        RunFixture.Outcome twice = harness(
                "submission",
                "pack",
                "--org",
                "MyOrg",
                "--system",
                "sim_node",
                "--round",
                "v6.0",
                "--output",
                dir.resolve("twice").toString(),
                perf.toString(),
                perf.toString());
        assertThat(twice.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(twice.err().strip())
                .startsWith("harness: " + perf + ": a second performance run for" + " llama2-70b-99/Offline");
        assertThat(harness(
                                "submission",
                                "pack",
                                "--org",
                                "MyOrg",
                                "--system",
                                "s",
                                "--round",
                                "v5.1",
                                "--output",
                                dir.resolve("x").toString(),
                                perf.toString())
                        .err())
                .contains("--round v5.1: use v6.0 or v6.1");
    }

    /** A copy of a run directory as runs wrote it before the mlperf/ folder: LoadGen's logs at the top level. */
    private static Path flatCopy(Path run, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path rel = run.relativize(f);
                Path target = rel.startsWith("mlperf") ? to.resolve(rel.getFileName()) : to.resolve(rel);
                Files.createDirectories(target.getParent());
                Files.copy(f, target);
            }
        }
        assertThat(to.resolve("mlperf")).doesNotExist();
        assertThat(to.resolve("mlperf_log_detail.txt")).isRegularFile();
        return to;
    }

    /** The indented lines after {@code header} up to the next entry. */
    private static String section(String out, String header) {
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String line : out.lines().toList()) {
            if (line.equals(header)) {
                in = true;
            } else if (in && line.startsWith("    - ")) {
                b.append(line).append('\n');
            } else if (in) {
                break;
            }
        }
        return b.toString();
    }
}
