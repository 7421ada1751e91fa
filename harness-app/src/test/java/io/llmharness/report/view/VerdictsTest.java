package io.llmharness.report.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The failed-sample verdict box: red with the count and kinds when samples failed, green when none did. */
class VerdictsTest {

    @Test
    void failedSamplesAreABadVerdictWithTheirKinds() {
        Map<String, Object> kinds = new LinkedHashMap<>();
        kinds.put("HTTP 500", 150L);
        kinds.put("idle timeout", 60L);
        Map<String, Object> samples = new LinkedHashMap<>();
        samples.put("verdict", "FAILED-SAMPLES");
        samples.put("unit", "samples");
        samples.put("issued", 1000L);
        samples.put("failed", 210L);
        samples.put("max_failure_rate", 0.0);
        samples.put("failed_by_kind", kinds);

        RunVerdict v = Verdicts.samples(samples);

        assertThat(v.label()).isEqualTo("FAILED-SAMPLES");
        assertThat(v.tone()).isEqualTo(RunVerdict.Tone.BAD);
        assertThat(v.details()).containsExactly("210 of 1000 samples failed", "150 HTTP 500", "60 idle timeout");
    }

    @Test
    void noFailedSampleIsGoodAndSaysTheAllowedShare() {
        Map<String, Object> samples = new LinkedHashMap<>();
        samples.put("verdict", "OK");
        samples.put("unit", "samples");
        samples.put("issued", 24L);
        samples.put("failed", 0L);
        samples.put("max_failure_rate", 0.01);
        samples.put("failed_by_kind", Map.of());

        RunVerdict v = Verdicts.samples(samples);

        assertThat(v.tone()).isEqualTo(RunVerdict.Tone.GOOD);
        assertThat(v.title()).isEqualTo("Failed samples");
        assertThat(v.details()).containsExactly("no failed samples of 24", "allowed 1.0 %");
    }
}
