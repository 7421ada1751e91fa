package io.llmharness.accuracy.test06;

import static io.llmharness.accuracy.AccuracyFixtures.int32;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.accuracy.Dtype;
import io.llmharness.accuracy.LogEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TEST06 verification on accepted and rejected logs, with the official file's wording. */
class Test06VerifierTest {

    private static final long EOS = 128009;

    private static LogEntry entry(int index, int[] data, int[] first, Long count) {
        return new LogEntry(index, index, index, int32(data), first == null ? null : int32(first), count);
    }

    private static LogEntry ok(int index, int... data) {
        return entry(index, data, new int[] {data[0]}, (long) data.length);
    }

    @Test
    void acceptedLogPassesAllThreeChecks() {
        List<LogEntry> log = List.of(ok(0, 5, 6, 7, (int) EOS), ok(1, 9, 10), ok(2, (int) EOS, (int) EOS));
        Test06Result r = Test06Verifier.verify(log, false, EOS, Dtype.INT32);
        assertThat(r.passed()).isTrue();
        assertThat(r.lines())
                .containsExactly(
                        "First token check pass: True",
                        "EOS check pass: True",
                        "Sample length check pass: True",
                        "TEST06 verification complete");
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void twoTrailingEosFail() {
        List<LogEntry> log = List.of(ok(0, 5, 6), ok(1, 5, 6, (int) EOS, (int) EOS));
        Test06Result r = Test06Verifier.verify(log, false, EOS, Dtype.INT32);
        assertThat(r.lines())
                .containsExactly(
                        "First token check pass: True",
                        "EOS check pass: False",
                        "Sample length check pass: True",
                        "TEST06 verification failed");
        assertThat(r.problems()).singleElement().asString().contains("entry 1").contains("two or more EOS ids");
    }

    @Test
    void wrongFirstTokenFails() {
        List<LogEntry> log = List.of(entry(0, new int[] {5, 6, 7}, new int[] {4}, 3L));
        Test06Result r = Test06Verifier.verify(log, false, EOS, Dtype.INT32);
        assertThat(r.lines().get(0)).isEqualTo("First token check pass: False");
        assertThat(r.passed()).isFalse();
        assertThat(r.problems()).singleElement().asString().contains("first-token response 4 at position 0");
    }

    @Test
    void missingFirstTokenFailsOutsideOfflineAndIsSkippedInOffline() {
        List<LogEntry> log = List.of(entry(0, new int[] {5, 6, 7}, null, 3L));
        assertThat(Test06Verifier.verify(log, false, EOS, Dtype.INT32).lines().get(0))
                .isEqualTo("First token check pass: False");
        Test06Result offline = Test06Verifier.verify(log, true, EOS, Dtype.INT32);
        assertThat(offline.lines())
                .containsExactly(
                        "First token check pass: Skipped",
                        "EOS check pass: True",
                        "Sample length check pass: True",
                        "TEST06 verification complete");
    }

    @Test
    void wrongLengthFails() {
        List<LogEntry> log = List.of(entry(0, new int[] {5, 6, 7}, new int[] {5}, 4L));
        Test06Result r = Test06Verifier.verify(log, false, EOS, Dtype.INT32);
        assertThat(r.lines().get(2)).isEqualTo("Sample length check pass: False");
        assertThat(r.lines().get(3)).isEqualTo("TEST06 verification failed");
        assertThat(r.problems()).singleElement().asString().contains("3 tokens in the response, token_count 4");
    }

    @Test
    void aLoneEosAtIndexZeroIsNeverExamined() {
        // the official loop stops at index 1: a response of one EOS, or EOS then one more EOS only at 0..1, passes
        assertThat(Test06Verifier.verify(List.of(ok(0, (int) EOS)), true, EOS, Dtype.INT32)
                        .eos())
                .isTrue();
        assertThat(Test06Verifier.verify(List.of(ok(0, 3, (int) EOS, (int) EOS, (int) EOS)), true, EOS, Dtype.INT32)
                        .eos())
                .isFalse();
    }

    @Test
    void writesVerifyAccuracyTxtAndCopiesTheLog(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("mlperf_log_accuracy.json"), "[]\n");
        Test06Result r = Test06Verifier.verify(List.of(ok(0, 1, 2)), true, EOS, Dtype.INT32);
        Path file = r.write(dir, log);
        assertThat(file).isEqualTo(dir.resolve("TEST06/verify_accuracy.txt"));
        assertThat(Files.readString(file))
                .isEqualTo("First token check pass: Skipped\nEOS check pass: True\nSample length check pass: True\n"
                        + "TEST06 verification complete\n");
        assertThat(dir.resolve("TEST06/accuracy/mlperf_log_accuracy.json")).hasContent("[]");
        Path audit = Test06Audit.write(dir);
        assertThat(Files.readString(audit))
                .contains(
                        "*.*.mode = 2\n",
                        "*.*.accuracy_log_rng_seed = 720381539243781796\n",
                        "*.*.accuracy_log_sampling_target = 100\n",
                        "*.*.min_query_count = 100\n",
                        "*.*.min_duration = 0\n",
                        "*.*.sample_concatenate_permutation = 0\n");
    }
}
