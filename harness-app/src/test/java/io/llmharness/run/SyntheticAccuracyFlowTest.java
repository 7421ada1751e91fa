package io.llmharness.run;

import static io.llmharness.run.RunFixture.harness;
import static io.llmharness.run.RunFixture.runDir;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.accuracy.AccuracyFixtures;
import io.llmharness.cli.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dry run of the accuracy flow with no model, through the command line: {@code dataset synth}, an accuracy run
 * against the simulator answering with the references, then {@code harness accuracy} — PASS at the reference values.
 */
class SyntheticAccuracyFlowTest {

    @TempDir
    Path dir;

    private Path synth(String category, int rows) {
        Path data = dir.resolve(category + ".json");
        RunFixture.Outcome o = harness(
                "dataset",
                "synth",
                "--model-category",
                category,
                "--rows",
                String.valueOf(rows),
                "--output",
                data.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains(rows + " synthetic " + category + " rows");
        return data;
    }

    private RunFixture.Outcome accuracyRun(String category, Path data, String scenario) {
        return harness(
                "run",
                "--model-category",
                category,
                "--dataset-path",
                data.toString(),
                "--simulate",
                "--simulate-answers",
                data.toString(),
                "--scenario",
                scenario,
                "--test-mode",
                "accuracy",
                "--server-target-qps",
                "400",
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out-" + category).toString());
    }

    @Test
    void llama2ScoresAtTheReferenceValues() throws Exception {
        Path data = synth("llama2-70b", 120);
        RunFixture.Outcome run = accuracyRun("llama2-70b", data, "Offline");
        // scored at the end of the run; the gated numbers need no Punkt data
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("llama2-70b-99: PASS", "llama2-70b-99.9: PASS");
        Path runDir = runDir(dir.resolve("out-llama2-70b"));

        RunFixture.Outcome acc = harness(
                "accuracy",
                runDir.toString(),
                "--punkt-dir",
                AccuracyFixtures.punkt(dir).toString());
        assertThat(acc.exit()).as(acc.out() + acc.err()).isEqualTo(ExitCodes.OK);
        String txt = Files.readString(runDir.resolve("accuracy.txt"));
        assertThat(txt).contains("{'rouge1': 100.0, 'rouge2': 100.0, 'rougeL': 100.0, 'rougeLsum': 100.0, 'gen_len': ");
        assertThat(txt).containsPattern("'gen_num': 120, 'gen_tok_len': 3533[34], 'tokens_per_sample': 294\\.[45]}");
    }

    @Test
    void llama31ServerRunReachesTheScaledReferenceGenLen() throws Exception {
        Path data = synth("llama3.1-8b", 100);
        RunFixture.Outcome run = accuracyRun("llama3.1-8b", data, "Server");
        Path runDir = runDir(dir.resolve("out-llama3.1-8b"));
        RunFixture.Outcome acc = harness(
                "accuracy",
                runDir.toString(),
                "--punkt-dir",
                AccuracyFixtures.punkt(dir).toString());
        // 8167644 characters over 13368 rows, scaled to 100 rows: exact; the gate is on the full dataset's total,
        // so below full size only gen_len fails (SyntheticBenchmarkDataTest shows the full-size total is exact)
        long genLen = Math.round(8167644 * 100.0 / 13368);
        assertThat(Files.readString(runDir.resolve("accuracy.txt")))
                .contains("{'rouge1': '100.0', 'rouge2': '100.0', 'rougeL': '100.0', 'rougeLsum': '100.0', 'gen_len': "
                        + genLen + ", 'gen_num': 100}");
        assertThat(acc.exit()).as(acc.out() + acc.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        assertThat(acc.out().lines().filter(l -> l.endsWith("FAIL") && !l.startsWith("llama3.1-8b")))
                .singleElement()
                .asString()
                .contains("gen_len");
        assertThat(run.out()).contains("Server accuracy: done, 100 responses");
    }

    @Test
    void llama405bMixesMetricsAndPasses() throws Exception {
        Path data = synth("llama3.1-405b", 40);
        RunFixture.Outcome run = accuracyRun("llama3.1-405b", data, "Offline");
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("llama3.1-405b: PASS");
        List<String> lines =
                Files.readAllLines(runDir(dir.resolve("out-llama3.1-405b")).resolve("accuracy.txt"));
        assertThat(lines).anyMatch(l -> l.startsWith("{'rougeL': 100.0, 'exact_match': 100.0,"));
    }

    @Test
    void synthRefusesWhatItCannotShape() {
        RunFixture.Outcome o = harness(
                "dataset",
                "synth",
                "--model-category",
                "gpt-oss-120b",
                "--output",
                dir.resolve("x.json").toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err().strip())
                .isEqualTo("harness: --model-category gpt-oss-120b: dataset synth does not know its shape yet;"
                        + " supported: llama3.1-8b, llama3.1-8b-edge, llama2-70b, llama3.1-405b");
        RunFixture.Outcome ext = harness(
                "dataset",
                "synth",
                "--model-category",
                "llama2-70b",
                "--output",
                dir.resolve("x.csv").toString());
        assertThat(ext.exit()).isEqualTo(ExitCodes.USAGE);
        RunFixture.Outcome noSim = harness(
                "run",
                "--model-category",
                "llama2-70b",
                "--dataset-path",
                dir.resolve("x.json").toString(),
                "--simulate-answers",
                dir.resolve("x.json").toString());
        assertThat(noSim.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(noSim.err()).contains("--simulate-answers needs --simulate");
    }
}
