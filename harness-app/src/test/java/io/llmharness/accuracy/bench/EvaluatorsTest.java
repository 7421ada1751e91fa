package io.llmharness.accuracy.bench;

import static io.llmharness.accuracy.AccuracyFixtures.Response.text;
import static io.llmharness.accuracy.AccuracyFixtures.Response.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.llmharness.accuracy.AccuracyFixtures;
import io.llmharness.accuracy.Dtype;
import io.llmharness.accuracy.Verdict;
import io.llmharness.accuracy.scoring.AccuracyReport;
import io.llmharness.accuracy.scoring.AccuracyRequest;
import io.llmharness.accuracy.scoring.AccuracyScoring;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each benchmark's evaluator through the scoring pipeline, on small hand-made runs decoded with the simulator's vocabulary. */
class EvaluatorsTest {

    @TempDir
    Path dir;

    private AccuracyReport score(
            String category, List<Map<String, Object>> rows, List<AccuracyFixtures.Response> log, boolean punkt)
            throws IOException {
        Path data = AccuracyFixtures.dataset(dir.resolve("data"), rows);
        Path run = dir.resolve("run");
        AccuracyFixtures.log(run, log);
        AccuracyFixtures.config(run, category, data, true);
        Path punktDir = punkt ? AccuracyFixtures.punkt(dir) : null;
        return AccuracyScoring.score(
                new AccuracyRequest(
                        run, null, null, null, Dtype.INT32, punktDir, null, Map.of("PATH", System.getenv("PATH"))),
                line -> {});
    }

    @Test
    void llama31PrintsQuotedRougeAndCharacterCounts() throws IOException {
        String a = "The cat sat on the mat. It was happy.";
        String b = "Police arrested two men.  The men were released later.";
        AccuracyReport r = score(
                "llama3.1-8b",
                List.of(Map.of("output", a), Map.of("output", b)),
                List.of(tokens(0, a, true), tokens(1, "  " + b + "\n", true), tokens(0, "duplicate ignored", false)),
                true);
        // b is post-processed to two lines: "Police arrested two men.\nThe men were released later."
        long genLen = a.length() + b.length() - 1;
        assertThat(Files.readString(r.accuracyTxt()))
                .isEqualTo(
                        "\nResults\n\n{'rouge1': '100.0', 'rouge2': '100.0', 'rougeL': '100.0', 'rougeLsum': '100.0',"
                                + " 'gen_len': " + genLen + ", 'gen_num': 2}\n");
        assertThat(r.status()).isEqualTo(Verdict.Status.FAIL); // gen_len is far below the full dataset's
        assertThat(r.verdicts().get(0).lines()).anyMatch(l -> l.contains("gen_len") && l.endsWith("FAIL"));
        assertThat(r.verdicts().get(0).lines()).anyMatch(l -> l.contains("rouge1") && l.endsWith("ok"));
    }

    @Test
    void withoutPunktDataRougeLsumAndGenLenAreNotComputed() throws IOException {
        String a = "One sentence. Another one.";
        AccuracyReport r = score("llama3.1-8b", List.of(Map.of("output", a)), List.of(tokens(0, a, false)), false);
        assertThat(r.status()).isEqualTo(Verdict.Status.INCOMPLETE);
        assertThat(r.result().notComputed())
                .singleElement()
                .asString()
                .contains("rougeLsum, gen_len")
                .contains("punkt_tab");
        assertThat(Files.readString(r.accuracyTxt()))
                .doesNotContain("rougeLsum")
                .contains("'rouge1': '100.0'");
    }

    @Test
    void llama2PassesBothTargetsWithReferenceAnswersOfReferenceLength() throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        List<AccuracyFixtures.Response> log = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String answer = AccuracyFixtures.answerOfTokens(294, i);
            rows.add(Map.of("output", answer));
            log.add(tokens(i, answer, false));
        }
        AccuracyReport r = score("llama2-70b", rows, log, true);
        assertThat(r.verdicts())
                .extracting(v -> v.target().name() + " " + v.status())
                .containsExactly("llama2-70b-99 PASS", "llama2-70b-99.9 PASS");
        assertThat(Files.readString(r.accuracyTxt()))
                .contains("{'rouge1': 100.0, 'rouge2': 100.0, 'rougeL': 100.0, 'rougeLsum': 100.0, 'gen_len': ")
                .contains("'gen_num': 4, 'gen_tok_len': ");
        assertThat(r.result().metrics().get("tokens_per_sample")).isBetween(290.0, 300.0);
    }

    @Test
    void llama405bMixesRougeNiahAndQaRows() throws IOException {
        String uuid = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
        AccuracyReport r = score(
                "llama3.1-405b",
                List.of(
                        Map.of("gt_output", "The report covers budgets.", "metric", "rouge"),
                        Map.of("gt_output", "The key is " + uuid, "metric", "niah_em"),
                        Map.of("gt_output", "Paris|paris", "metric", "qa_em")),
                List.of(
                        tokens(0, "The report covers budgets.", true),
                        tokens(1, "It is " + uuid, true),
                        tokens(2, "Answer: Berlin", true)),
                true);
        assertThat(r.result().metrics()).containsEntry("rougeL", 100.0).containsEntry("exact_match", 50.0);
        assertThat(Files.readString(r.accuracyTxt())).contains("{'rougeL': 100.0, 'exact_match': 50.0, 'gen_len': ");
    }

    @Test
    void mixtralScoresOpenOrcaGsm8kAndRunsMbxpPrograms() throws IOException {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/python3"))
                        || System.getenv("PATH").contains("python"),
                "python3");
        String tests = "def check(f):\n    assert f(3) == 9\n";
        AccuracyReport r = score(
                "mixtral-8x7b",
                List.of(
                        Map.of("dataset", "OpenOrca", "gt_output", "A short answer.", "id", "o1"),
                        Map.of("dataset", "GSM8K", "gt_output", "72", "id", "g1"),
                        Map.of("dataset", "GSM8K", "gt_output", "5", "id", "g2"),
                        Map.of("dataset", "MBXP", "gt_output", tests, "id", "python_sq"),
                        Map.of("dataset", "MBXP", "gt_output", tests, "id", "python_sq")),
                List.of(
                        tokens(0, "A short answer.", true),
                        tokens(1, "48 + 24 = 72. The answer is 72.", true),
                        tokens(2, "The answer is 6", true),
                        tokens(3, "def sq(x):\n    return x * x\n```", true),
                        tokens(4, "def sq(x):\n    return x + x\n```", true),
                        tokens(1, "a duplicate counts in gen_num", true)),
                true);
        String txt = Files.readString(r.accuracyTxt());
        assertThat(txt).contains("'gsm8k': 50.0, 'mbxp': 50.0").contains("'gen_num': 6");
        assertThat(txt).startsWith("mbxp: 1 of 2 programs passed (2 python)");
    }

    @Test
    void deepseekScoresByTaskAndNamesLiveCodeBench() throws IOException {
        List<Map<String, Object>> rows = List.of(
                Map.of("dataset", "aime1983", "ground_truth", "204"),
                Map.of("dataset", "gpqa_diamond", "ground_truth", "C"),
                Map.of("dataset", "math500", "ground_truth", "\\frac{1}{2}"),
                Map.of("dataset", "mmlu_pro", "ground_truth", "J"));
        List<AccuracyFixtures.Response> log = List.of(
                tokens(0, "so \\boxed{204}", true),
                tokens(1, "ANSWER: B", true),
                tokens(2, "thus \\boxed{\\dfrac{1}{2}}", true),
                tokens(3, "I pick J", true));
        AccuracyReport r = score("deepseek-r1", rows, log, false);
        assertThat(r.result().metrics()).containsEntry("exact_match", 75.0);
        assertThat(Files.readString(r.accuracyTxt()))
                .contains("{'exact_match': 75.0, 'tokens_per_sample': ")
                .contains("'num-samples': 4}");

        List<Map<String, Object>> withLcb = new ArrayList<>(rows);
        withLcb.add(Map.of("dataset", "livecodebench", "ground_truth", "q1"));
        List<AccuracyFixtures.Response> log2 = new ArrayList<>(log);
        log2.add(tokens(4, "```python\nprint(1)\n```", true));
        AccuracyReport r2 = score("deepseek-r1", withLcb, log2, false);
        // tokens_per_sample fails the gate on this tiny run, which decides over the missing exact_match
        assertThat(r2.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(r2.verdicts().get(0).lines()).anyMatch(l -> l.contains("exact_match") && l.endsWith("not computed"));
        assertThat(r2.result().notComputed())
                .singleElement()
                .asString()
                .contains("1 LiveCodeBench rows")
                .contains("60.0");
    }

    @Test
    void gptOssWeightsRepeatsAndReadsTheFinalChannel() throws IOException {
        List<Map<String, Object>> rows = List.of(
                Map.of("dataset", "aime25", "ground_truth", "7"),
                Map.of("dataset", "aime25", "ground_truth", "7"),
                Map.of("dataset", "gpqa_diamond", "ground_truth", "A"));
        String fin = "<|channel|>analysis<|message|>hmm<|end|><|start|>assistant<|channel|>final<|message|>";
        AccuracyReport r = score(
                "gpt-oss-120b",
                rows,
                List.of(
                        tokens(0, fin + "\\boxed{7}<|return|>", true),
                        tokens(1, fin + "\\boxed{8}", true),
                        tokens(2, fin + "A<|return|>", true)),
                false);
        // (1/8 + 1/5) / (2/8 + 1/5) = 0.325 / 0.45
        assertThat(Files.readString(r.accuracyTxt()))
                .contains("Printing for submission_checker:\n'exact_match': "
                        + io.llmharness.accuracy.text.PyNumbers.fixed(0.325 / 0.45 * 100, 3));
        assertThat(r.status()).isEqualTo(Verdict.Status.FAIL);
    }

    @Test
    void qwenScoresJsonAnswersAndWritesItsHash() throws IOException {
        AccuracyReport r = score(
                "qwen3-vl-235b-a22b",
                List.of(
                        Map.of("ground_truth_category", "Home > Kitchen > Knives"),
                        Map.of("ground_truth_category", "Toys > Games")),
                List.of(
                        text(
                                0,
                                "{\"category\": \"Home > Kitchen > Knives\", \"brand\": \"X\", \"is_secondhand\": false}"),
                        text(1, "not json")),
                false);
        double hp = 3 / 5.0;
        double hr = 3 / 5.0;
        assertThat(r.result().metrics().get("f1")).isEqualTo(2 * hp * hr / (hp + hr));
        assertThat(Files.readString(r.accuracyTxt())).startsWith("Results\n\n{\"f1\": 0.6}\n\nhash=");
        assertThat(r.result().notes()).singleElement().asString().contains("1 of 2 answers");
    }

    @Test
    void aQslIndexBeyondTheDatasetIsOneLine() throws IOException {
        assertThatThrownBy(
                        () -> score("llama2-70b", List.of(Map.of("output", "x")), List.of(tokens(5, "x", false)), true))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("entry 0: qsl_idx 5 is outside the dataset's 1 rows");
    }
}
