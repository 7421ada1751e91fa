package io.llmharness.accuracy.compliance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** TEST07's verdict from the gpt-oss evaluator's output, and the official summary the checker reads. */
class Test07ResultTest {

    private static List<String> evaluator(String score) {
        return List.of("", "Results", "", "Printing for submission_checker:", "'exact_match': " + score);
    }

    @Test
    void aScoreAboveTheThresholdPasses() {
        Test07Result r = Test07Result.of(evaluator("62.150"));

        assertThat(r.passed()).isTrue();
        assertThat(r.lines())
                .containsExactly(
                        "",
                        "Results",
                        "",
                        "Printing for submission_checker:",
                        "'exact_match': 62.150",
                        "",
                        "=".repeat(80),
                        "TEST07 Verification Summary",
                        "=".repeat(80),
                        "Accuracy score: 62.15",
                        "Accuracy threshold: 60.698",
                        "Accuracy check pass: True",
                        "TEST PASS");
    }

    @Test
    void theThresholdItselfPasses() {
        assertThat(Test07Result.of(evaluator("60.698")).passed()).isTrue();
    }

    @Test
    void aLowerScoreFails() {
        Test07Result r = Test07Result.of(evaluator("59.091"));

        assertThat(r.passed()).isFalse();
        assertThat(r.lines())
                .contains("Accuracy check pass: False")
                .endsWith("TEST FAIL")
                .doesNotContain("TEST PASS");
        assertThat(r.summary()).isEqualTo("exact_match 59.091, threshold 60.698: TEST FAIL");
    }

    @Test
    void noScoreFails() {
        Test07Result r = Test07Result.of(List.of("Results", "{'gen_len': 12}"));

        assertThat(r.score()).isNull();
        assertThat(r.lines()).endsWith("Error: Could not parse accuracy score", "TEST FAIL");
    }
}
