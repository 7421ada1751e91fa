package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import org.junit.jupiter.api.Test;

class DatasetCheckTest {
    private static final BenchmarkSpec GPT_OSS = BenchmarkRegistry.builtIn().byCategory("gpt-oss-120b");
    private static final BenchmarkSpec LLAMA = BenchmarkRegistry.builtIn().byCategory("llama3.1-8b");

    @Test
    void officialSizesPass() {
        assertThat(DatasetCheck.rowCount(GPT_OSS, RunMode.PERFORMANCE, 6396, "perf.parquet"))
                .isEmpty();
        assertThat(DatasetCheck.rowCount(GPT_OSS, RunMode.ACCURACY, 4395, "acc.parquet"))
                .isEmpty();
        assertThat(DatasetCheck.rowCount(LLAMA, RunMode.ACCURACY, 13368, "cnn_eval.json"))
                .isEmpty();
    }

    @Test
    void gptOssPerformanceFileInAnAccuracyRunIsAnError() {
        assertThatThrownBy(() -> DatasetCheck.rowCount(GPT_OSS, RunMode.ACCURACY, 6396, "perf.parquet"))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--dataset-path perf.parquet: 6396 rows is the gpt-oss-120b performance set, but this is"
                        + " an accuracy run; pass the accuracy file (4395 rows, e.g. acc/acc_eval_ref.parquet)")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(3);
        assertThatThrownBy(() -> DatasetCheck.rowCount(GPT_OSS, RunMode.PERFORMANCE, 4395, "acc.parquet"))
                .hasMessage("--dataset-path acc.parquet: 4395 rows is the gpt-oss-120b accuracy set, but this is a"
                        + " performance run; pass the performance file (6396 rows, e.g. perf/perf_eval_ref.parquet)");
    }

    @Test
    void otherSizesWarn() {
        assertThat(DatasetCheck.rowCount(LLAMA, RunMode.PERFORMANCE, 100, "small.json"))
                .containsExactly("--dataset-path small.json: 100 rows, fewer than the 13368 of the official"
                        + " llama3.1-8b performance set; fine for a smoke test, not for a submission");
        assertThat(DatasetCheck.rowCount(LLAMA, RunMode.ACCURACY, 20000, "big.json"))
                .containsExactly("--dataset-path big.json: 20000 rows, more than the 13368 of the official"
                        + " llama3.1-8b accuracy set; results are not comparable with the reference");
    }

    @Test
    void test07SendsTheGpqaComplianceSetAndTest09ThePerformanceSet() {
        assertThat(DatasetCheck.rowCount(GPT_OSS, RunMode.TEST07, 990, "acc_eval_compliance_gpqa.parquet"))
                .isEmpty();
        assertThat(DatasetCheck.rowCount(GPT_OSS, RunMode.TEST07, 40, "small.parquet"))
                .containsExactly("--dataset-path small.parquet: 40 rows; TEST07 expects the 990-row GPQA compliance"
                        + " set (acc/acc_eval_compliance_gpqa.parquet); fine for a smoke test, not for a submission");
        assertThat(DatasetCheck.rowCount(GPT_OSS, RunMode.TEST09, 6396, "perf.parquet"))
                .isEmpty();
        assertThatThrownBy(() -> DatasetCheck.rowCount(GPT_OSS, RunMode.TEST09, 4395, "acc.parquet"))
                .hasMessageContaining("pass the performance file (6396 rows");
    }

    @Test
    void theComplianceModesParse() {
        assertThat(RunMode.parse("TEST07")).isEqualTo(RunMode.TEST07);
        assertThat(RunMode.parse("test09")).isEqualTo(RunMode.TEST09);
        assertThat(RunMode.TEST07.compliance()).isTrue();
        assertThat(RunMode.ACCURACY.compliance()).isFalse();
        assertThatThrownBy(() -> RunMode.parse("TEST08"))
                .hasMessage("--test-mode 'TEST08': unknown test mode; use performance, accuracy, TEST06, TEST07,"
                        + " TEST09 or find-peak");
    }
}
