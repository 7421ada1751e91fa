package io.llmharness.accuracy.compliance;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.accuracy.AccuracyFixtures;
import io.llmharness.accuracy.AccuracyLogReader;
import io.llmharness.accuracy.LogEntry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TEST09 on fixture logs: the mean output length against gpt-oss-120b's window, and the official file. */
class Test09VerifierTest {

    @TempDir
    Path dir;

    /** A log in LoadGen's layout whose responses have these many int32 ids. */
    private List<LogEntry> log(int... lengths) throws IOException {
        List<AccuracyFixtures.Response> responses = new ArrayList<>();
        for (int i = 0; i < lengths.length; i++) {
            responses.add(new AccuracyFixtures.Response(i, new byte[4 * lengths[i]]));
        }
        return AccuracyLogReader.read(AccuracyFixtures.log(dir, responses));
    }

    @Test
    void aMeanInsideTheWindowPassesWithTheOfficialLines() throws IOException {
        Test09Result r = Test09Verifier.verify(log(1200, 1300, 1400));

        assertThat(r.passed()).isTrue();
        assertThat(r.lines())
                .containsExactly(
                        "=".repeat(80),
                        "TEST09: Verify Output Token Length in Performance Mode",
                        "=".repeat(80),
                        "",
                        "Output Token Length Statistics",
                        "-".repeat(40),
                        "Total samples: 3",
                        "Mean output tokens: 1300.00",
                        "Min output tokens: 1200",
                        "Max output tokens: 1400",
                        "Std deviation: 81.65",
                        "",
                        "=".repeat(80),
                        "Verification Results",
                        "=".repeat(80),
                        "Mean output tokens: 1300.00",
                        "Min threshold: 1150.38",
                        "Max threshold: 1406.02",
                        "Min check pass: True",
                        "Max check pass: True",
                        "",
                        "TEST PASS");
    }

    @Test
    void truncatedOutputsFailTheLowerBound() throws IOException {
        Test09Result r = Test09Verifier.verify(log(1000, 1200, 1250));

        assertThat(r.mean()).isCloseTo(1150.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.minPass()).isFalse();
        assertThat(r.maxPass()).isTrue();
        assertThat(r.lines())
                .contains("Min check pass: False", "Max check pass: True")
                .endsWith("TEST FAIL");
        assertThat(r.summary()).endsWith("TEST FAIL");
    }

    @Test
    void overlongOutputsFailTheUpperBound() throws IOException {
        Test09Result r = Test09Verifier.verify(log(1500, 1400));

        assertThat(r.maxPass()).isFalse();
        assertThat(r.lines()).contains("Max check pass: False").endsWith("TEST FAIL");
    }

    @Test
    void theBoundsAreInclusiveAndAnEmptyResponseCountsAsZero() throws IOException {
        assertThat(Test09Verifier.verify(log(1406, 0), 703, 703).passed()).isTrue();
        assertThat(Test09Verifier.verify(log(0, 0), 0, 0).passed()).isTrue();
    }

    @Test
    void anEmptyLogFails() {
        Test09Result r = Test09Verifier.verify(List.of());

        assertThat(r.passed()).isFalse();
        assertThat(r.lines())
                .contains("Total samples: 0", "Mean output tokens: 0.00")
                .doesNotContain("Std deviation: 0.00");
    }

    @Test
    void meansRoundHalfEvenOnTheBinaryValueAsPythonDoes() {
        assertThat(Test09Result.fixed2(0.125)).isEqualTo("0.12");
        assertThat(Test09Result.fixed2(0.375)).isEqualTo("0.38");
        assertThat(Test09Result.fixed2(1278.2)).isEqualTo("1278.20");
    }
}
