package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A workload run's report: {@code harness bench --enable-metrics} of two stages against a simulator writes
 * report.html and charts/*.png with one series per stage, scrapes the server at every stage boundary into per-stage
 * figures in summary.json, and {@code harness report} redraws the page without touching summary.json; the run is in
 * the history and {@code harness compare} of it with itself shows zero deltas. A profile's API key taken from the
 * environment reaches no file of the run.
 */
class BenchReportTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path out;

    @Test
    void aTwoStageRunGetsItsReportAndServerMetricsPerStage() throws Exception {
        Path profile = out.resolve("two_stages.yaml");
        Files.writeString(profile, """
                load:
                  type: constant
                  stages:
                  - rate: 4
                    duration: 2
                  - rate: 8
                    duration: 2
                api:
                  type: completion
                  streaming: true
                server:
                  type: vllm
                  ignore_eos: true
                data:
                  type: random
                  input_distribution: {min: 20, max: 40, mean: 30, std_dev: 5, total_count: 40}
                  output_distribution: {min: 5, max: 10, mean: 8, std_dev: 1, total_count: 40}
                """);
        BenchFixture.Outcome o = bench(
                out.resolve("runs"),
                Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model"),
                new BenchControl(),
                "-w",
                profile.toString(),
                "--endpoint",
                sim.baseUrl(),
                "--tokenizer",
                "simulator",
                "--enable-metrics",
                "--metrics-interval",
                "0.5",
                "--history",
                out.resolve("history.duckdb").toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        assertThat(o.out()).contains("Report: " + run.resolve("report.html"));
        // each stage had its progress, the last line of each showing all its requests done
        assertThat(o.err()).contains("stage 0: 8/8 (100.0%)", "stage 1: 16/16 (100.0%)", "in flight 0, errors 0");
        assertThat(run.resolve("charts/ttft_cdf.png")).isRegularFile();
        assertThat(run.resolve("server_metrics.parquet")).isRegularFile();

        JsonNode summary = json(run.resolve("summary.json"));
        JsonNode stages = summary.path("stages");
        assertThat(stages).hasSize(2);
        assertThat(stages.get(1).path("start_s").asDouble())
                .isGreaterThanOrEqualTo(stages.get(0).path("end_s").asDouble());
        JsonNode sm = summary.path("server_metrics");
        assertThat(sm.path("servers").get(0).asText()).isEqualTo(sim.baseUrl());
        assertThat(sm.path("stages")).hasSize(2);
        long tokens = 0;
        for (JsonNode st : sm.path("stages")) {
            tokens += st.path("generation_tokens_per_second").path("total").asLong();
        }
        assertThat(tokens)
                .as("tokens the server generated in the stages = tokens the client received")
                .isEqualTo(summary.path("total")
                        .path("tokens")
                        .path("output_total")
                        .asLong());

        String html = Files.readString(run.resolve("report.html"));
        assertThat(html)
                .contains("stage 0: ", "stage 1: ", "Server metrics", "vllm:num_requests_running", "two_stages")
                .doesNotContain("NaN", "Server metrics were not scraped");

        // harness report redraws the page from the directory and leaves the workload's summary.json alone
        String before = Files.readString(run.resolve("summary.json"));
        Files.delete(run.resolve("report.html"));
        String[] report = harness("report", run.toString());
        assertThat(report[0]).as(report[1]).isEqualTo("0");
        assertThat(run.resolve("report.html")).content().contains("stage 0: ", "stage 1: ", "Server metrics");
        assertThat(Files.readString(run.resolve("summary.json"))).isEqualTo(before);
        assertThat(List.of(report[1].split("\n"))).anyMatch(l -> l.contains("two_stages"));

        // the run is in the history, with the workload's numbers, and compares with itself at zero deltas
        String[] history =
                harness("history", "--history", out.resolve("history.duckdb").toString());
        assertThat(history[0]).as(history[1]).isEqualTo("0");
        assertThat(history[1]).contains("1 runs from", "two_stages", "COMPLETED");
        String[] compare = harness(
                "compare",
                run.toString(),
                run.toString(),
                "-o",
                out.resolve("compare.html").toString());
        assertThat(compare[0]).as(compare[1]).isEqualTo("0");
        assertThat(compare[1]).contains("TTFT p99 ms", "+0.0 %").doesNotContainPattern("[+-][0-9.]+[1-9]\\b %");
    }

    /** Runs the CLI; returns the exit code and what it printed (stdout, then stderr). */
    private static String[] harness(String... args) {
        StringWriter sout = new StringWriter();
        StringWriter serr = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(sout, true));
        cl.setErr(new PrintWriter(serr, true));
        int exit = cl.execute(args);
        return new String[] {Integer.toString(exit), sout + "\n" + serr};
    }

    @Test
    void anApiKeyFromTheEnvironmentStaysOutOfTheReport() throws Exception {
        String key = "sk-report-test-5f0c9e1a77";
        Path profile = out.resolve("keyed.yaml");
        Files.writeString(profile, """
                load:
                  type: constant
                  stages:
                  - rate: 4
                    duration: 1
                api:
                  type: completion
                  streaming: true
                server:
                  type: vllm
                  api_key: REPLACE_ENV_OPENAI_API_KEY
                  ignore_eos: true
                data:
                  type: random
                  input_distribution: {min: 20, max: 40, mean: 30, std_dev: 5, total_count: 10}
                  output_distribution: {min: 5, max: 10, mean: 8, std_dev: 1, total_count: 10}
                """);
        BenchFixture.Outcome o = bench(
                out.resolve("runs"),
                Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model", "OPENAI_API_KEY", key),
                new BenchControl(),
                "-w",
                profile.toString(),
                "--endpoint",
                sim.baseUrl(),
                "--tokenizer",
                "simulator");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        assertThat(run.resolve("config.resolved.yaml")).content().contains("OPENAI_API_KEY: <redacted>");
        for (String f : List.of("report.html", "summary.json", "config.resolved.yaml")) {
            assertThat(run.resolve(f)).content().as(f).doesNotContain(key);
        }
        assertThat(o.out() + o.err()).doesNotContain(key);
    }
}
