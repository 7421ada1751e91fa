package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.testing.DemoVerdicts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness demo} in process: both runs VALID, no LoadGen error, well inside the time budget, server metrics
 * scraped, the last line the report's path, both runs in the history, and {@code harness report} reproducing each
 * summary.json.
 */
class DemoTest {

    @TempDir
    Path dir;

    @Test
    void bothRunsAreValidWithinTheBudget() throws Exception {
        long start = System.nanoTime();
        Path history = dir.resolve("history.duckdb");
        RunFixture.Outcome o = RunFixture.harness(
                "demo", "--output-dir", dir.toString(), "--progress", "off", "--history", history.toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        DemoVerdicts.check(o.exit(), o.out() + o.err());
        assertThat(o.out()).contains("Offline performance", "Server performance", "TTFT p99");
        assertThat(o.err()).doesNotContain("Exception", "\tat ", "WARN");
        if (DemoVerdicts.keptUp(o.out())) {
            assertThat(seconds).as("demo wall time").isLessThan(90);
        }
        Path demo = RunFixture.runDir(dir);
        assertThat(demo.resolve("user.conf")).content().contains("llama3_1-8b.Server.target_qps");
        List<Path> runs;
        try (var list = Files.list(demo)) {
            runs = list.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(runs).hasSize(2);
        for (Path run : runs) {
            RunFixture.assertRunFiles(run);
            assertThat(RunFixture.loadgenErrors(run)).as(run.toString()).isZero();
            assertThat(run.resolve("server_metrics.parquet")).exists();
            JsonNode sm = RunFixture.summary(run).path("server_metrics");
            assertThat(sm.path("scrapes").asInt()).as("scrapes of " + run).isGreaterThan(2);
            assertThat(sm.path("stages")
                            .get(0)
                            .path("generation_tokens_per_second")
                            .path("total")
                            .asDouble())
                    .as("tokens the simulator says it generated")
                    .isPositive();
        }
        // the demo ends with the report of its last (Server) run
        List<String> lines = o.out().strip().lines().toList();
        assertThat(lines.get(lines.size() - 1))
                .isEqualTo("Report: " + runs.get(1).resolve("report.html"));
        assertThat(o.out()).contains("Report (Offline): " + runs.get(0).resolve("report.html"));
        assertThat(Files.readString(runs.get(1).resolve("report.html")))
                .contains("Server metrics", "vllm:num_requests_running", "VALID");

        // both finished runs went into the history
        RunFixture.Outcome listed = RunFixture.harness("history", "--history", history.toString());
        assertThat(listed.exit()).as(listed.err()).isZero();
        assertThat(listed.out())
                .contains(
                        runs.get(0).getFileName().toString(),
                        runs.get(1).getFileName().toString())
                .contains("2 runs from " + history);

        // harness report rebuilds the same summary.json from what the run recorded
        for (Path run : runs) {
            String before = Files.readString(run.resolve("summary.json"));
            RunFixture.Outcome again = RunFixture.harness("report", run.toString());
            assertThat(again.exit()).as(again.err()).isZero();
            assertThat(again.out()).contains("Report: " + run.resolve("report.html"));
            assertThat(Files.readString(run.resolve("summary.json"))).isEqualTo(before);
        }
    }
}
