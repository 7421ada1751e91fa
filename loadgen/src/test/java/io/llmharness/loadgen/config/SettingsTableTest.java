package io.llmharness.loadgen.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SettingsTableTest {

    @Test
    void everySpecFieldHasAName() {
        assertThat(SettingsTable.names())
                .hasSize(42)
                .contains("server_target_qps", "token_latency_scaling_factor", "test05");
    }

    @Test
    void everyFieldIsListedInTheDocsTheErrorMessagePointsTo() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "loadgen.md"));
        for (String name : SettingsTable.names()) {
            assertThat(doc).as(name).contains("`" + name + "`");
        }
        assertThatThrownBy(() -> new TestSettings().set("bogus_field", "3"))
                .hasMessageContaining("see the field list in docs/loadgen.md");
    }

    @Test
    void setsBySpecName() {
        TestSettings s = new TestSettings()
                .set("scenario", "Server")
                .set("mode", "AccuracyOnly")
                .set("server_target_qps", "2000")
                .set("server_coalesce_queries", "true")
                .set("schedule_rng_seed", "16159082839903944936")
                .set("min_duration_ms", "0x10")
                .set("ttft_latency", "7")
                .set("server_find_peak_qps_decimals_of_precision", "2");
        assertThat(s.scenario).isEqualTo(Scenario.SERVER);
        assertThat(s.mode).isEqualTo(TestMode.ACCURACY_ONLY);
        assertThat(s.serverTargetQps).isEqualTo(2000.0);
        assertThat(s.serverCoalesceQueries).isTrue();
        assertThat(s.get("schedule_rng_seed")).isEqualTo("16159082839903944936");
        assertThat(s.minDurationMs).isEqualTo(16);
        assertThat(s.serverTtftLatency).isEqualTo(7);
        assertThat(s.get("server_target_qps")).isEqualTo("2000");
        assertThat(s.get("mode")).isEqualTo("AccuracyOnly");
    }

    @Test
    void unknownNameSuggestsCloseOnes() {
        assertThatThrownBy(() -> new TestSettings().set("server_target_qs", "1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown TestSettings field 'server_target_qs'; did you mean server_target_qps?");
        assertThatThrownBy(() -> new TestSettings().set("target_qps", "1"))
                .hasMessageContaining("did you mean")
                .hasMessageContaining("server_target_qps");
    }

    @Test
    void wrongValuesAreRejected() {
        assertThatThrownBy(() -> new TestSettings().set("min_query_count", "-1"))
                .hasMessageContaining("unsigned integer");
        assertThatThrownBy(() -> new TestSettings().set("server_target_qps", "fast"))
                .hasMessageContaining("is not a number");
        assertThatThrownBy(() -> new TestSettings().set("scenario", "Interactive"))
                .hasMessageContaining("unknown scenario");
        assertThatThrownBy(() -> new TestSettings().set("use_token_latencies", "maybe"))
                .hasMessageContaining("true or false");
    }

    @Test
    void copyIsIndependent() {
        TestSettings a = new TestSettings().set("min_query_count", "5");
        TestSettings b = a.copy();
        b.minQueryCount = 6;
        assertThat(a.minQueryCount).isEqualTo(5);
        for (String name : SettingsTable.names()) {
            assertThat(a.copy().get(name)).isEqualTo(a.get(name));
        }
    }
}
