package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.loadgen.fixtures.RecordingQsl;
import io.llmharness.loadgen.fixtures.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the MLCommons tools parse: strict JSON per detail line, the accuracy array, the trace; file naming. */
class LogFormatTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void everyLogIsStrictJson() throws Exception {
        Run run = new Run(dir);
        run.logSettings = run.logSettings.withEnableTrace(true);
        run.settings.scenario = Scenario.SERVER;
        run.settings.mode = TestMode.SUBMISSION_RUN;
        run.settings.serverTargetQps = 200;
        run.settings.minDurationMs = 3000;
        run.settings.useTokenLatencies = true;
        run.settings.accuracyLogProbability = 0.2;
        run.start(run.tokenSut(4_000_000, 1_000_000, 3), new RecordingQsl(50, 50));
        List<String> lines = run.detail().lines().toList();
        assertThat(lines.get(0)).startsWith(":::MLLOG ");
        for (String line : lines) {
            JsonNode n = JSON.readTree(line.substring(":::MLLOG ".length()));
            assertThat(n.fieldNames())
                    .toIterable()
                    .containsExactly("key", "value", "time_ms", "namespace", "event_type", "metadata");
            assertThat(n.get("metadata").fieldNames())
                    .toIterable()
                    .containsExactly("is_error", "is_warning", "file", "line_no", "pid", "tid");
        }
        JsonNode acc = JSON.readTree(run.accuracy());
        assertThat(acc.isArray()).isTrue();
        assertThat(acc.size()).isGreaterThan(50);
        assertThat(acc.get(0).fieldNames())
                .toIterable()
                .containsExactly("seq_id", "qsl_idx", "data", "token_data", "token_count");
        JsonNode trace = JSON.readTree(run.trace());
        assertThat(trace.get("traceEvents").size()).isGreaterThan(100);
        assertThat(trace.get("displayTimeUnit").asText()).isEqualTo("ns");
    }

    @Test
    void fileNamesFollowPrefixDatetimeAndSuffix() throws Exception {
        Run run = new Run(dir);
        run.logSettings = run.logSettings.withNames("run1_", "_x", true);
        run.settings.minDurationMs = 0;
        run.settings.minQueryCount = 5;
        TestResult r = run.start(run.sut(1000), new RecordingQsl(10, 10));
        assertThat(r.logs().summary().getFileName().toString()).isEqualTo("run1_2025-01-01T00:00:00Z_summary_x.txt");
        assertThat(r.logs().trace().getFileName().toString()).isEqualTo("run1_2025-01-01T00:00:00Z_trace_x.json");
        assertThat(Files.size(r.logs().trace())).isZero(); // tracing off: the file exists and is empty
        try (var files = Files.list(dir)) {
            assertThat(files.count()).isEqualTo(4);
        }
    }
}
