package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness bench}'s client-health verdict end to end: each stage's {@code client_health} and the run's in
 * summary.json, the terminal lines, {@code --client-health-threshold} applied, recorded and rerun, and its usage
 * errors.
 */
class BenchClientHealthCommandTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path out;

    private Map<String, String> env() {
        return Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model", "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl());
    }

    /** The keys of a stage's {@code client_health}, in order (MLPerf mode's layout without {@code warm_up}). */
    static final List<String> LAYOUT = List.of(
            "verdict",
            "reasons",
            "window_s",
            "requests",
            "schedule_delay_ms",
            "connection_wait_ms",
            "client_queue",
            "event_loop",
            "gc",
            "cpu",
            "jit_ms",
            "in_flight_peak",
            "connections",
            "thresholds");

    @Test
    void everyStageAndTheRunHaveAVerdictOnTheTerminalAndInSummaryJson() throws IOException {
        BenchFixture.Outcome o = sanity();
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        JsonNode summary = json(o.run().resolve("summary.json"));
        JsonNode stage = summary.path("stages").path(0).path("client_health");
        assertThat(fields(stage)).containsExactlyElementsOf(LAYOUT);
        assertThat(stage.path("requests").asLong()).isEqualTo(2);
        assertThat(stage.path("event_loop").path("loops").asInt()).isPositive();
        assertThat(stage.path("window_s").asDouble()).isPositive();
        String verdict = stage.path("verdict").asText();
        assertThat(verdict).isIn("ok", "client-limited");

        JsonNode run = summary.path("client_health");
        assertThat(fields(run)).containsExactly("verdict", "reasons", "stages", "thresholds", "warm_up");
        // --warmup-requests 0: no warm-up, but the pool was filled for the first stage (a rate stage, no latency
        // measured: 8 per server)
        JsonNode warm = run.path("warm_up");
        assertThat(fields(warm))
                .containsExactly(
                        "requests",
                        "succeeded",
                        "duration_s",
                        "ended_by",
                        "jit_ms",
                        "jit_nice",
                        "gc_ms",
                        "connections_target",
                        "connections_opened",
                        "connect_ms");
        assertThat(warm.path("ended_by").asText()).isEqualTo("off");
        assertThat(warm.path("jit_nice").isNull()).as("the JIT left alone").isTrue();
        assertThat(warm.path("gc_ms").isNull()).as("no warm-up, no collection").isTrue();
        assertThat(warm.path("requests").asLong()).isZero();
        assertThat(warm.path("connections_target").asInt()).isEqualTo(8);
        assertThat(o.err()).contains("harness: warm start: 0 warm-up requests (0 ok) in 0.0 s, ended by off;");
        assertThat(run.path("verdict").asText()).isEqualTo(verdict);
        assertThat(run.path("stages").path(0).path("stage").asInt()).isZero();
        assertThat(run.path("stages").path(0).path("verdict").asText()).isEqualTo(verdict);
        assertThat(run.path("reasons")).hasSize(stage.path("reasons").size());
        run.path("reasons").forEach(r -> assertThat(r.asText()).startsWith("stage 0: "));

        List<String> lines = o.out().lines().toList();
        int stageLine = indexOf(lines, "stage 0: ");
        assertThat(lines.get(stageLine + 1)).startsWith("  client health: " + verdict);
        String total = lines.get(indexOf(lines, "total: "));
        assertThat(total.endsWith(" (client-limited)")).isEqualTo(verdict.equals("client-limited"));
        // the report's verdicts read the run's object
        assertThat(Files.readString(o.run().resolve("report.html"))).contains("Client health");
    }

    @Test
    void theThresholdFlagDecidesTheVerdictAndIsRecordedForTheRerun() throws IOException {
        BenchFixture.Outcome o = sanity(
                // any CPU used at all breaks this one: the verdict cannot be ok
                "--client-health-threshold", "cpu_share=0.0001", "--client-health-threshold", "loop_lag_p99_ms=500");
        assertThat(o.exit())
                .as("the verdict does not change the exit code: " + o.err())
                .isEqualTo(ExitCodes.OK);
        JsonNode summary = json(o.run().resolve("summary.json"));
        JsonNode stage = summary.path("stages").path(0).path("client_health");
        assertThat(stage.path("verdict").asText()).isEqualTo("client-limited");
        assertThat(stage.path("thresholds").path("cpu_share").asDouble()).isEqualTo(0.0001);
        assertThat(stage.path("thresholds").path("loop_lag_p99_ms").asDouble()).isEqualTo(500.0);
        List<String> reasons = new ArrayList<>();
        stage.path("reasons").forEach(r -> reasons.add(r.asText()));
        assertThat(reasons).anySatisfy(r -> assertThat(r).startsWith("CPU ").contains(" >= 0%"));
        JsonNode run = summary.path("client_health");
        assertThat(run.path("verdict").asText()).isEqualTo("client-limited");
        List<String> runReasons = new ArrayList<>();
        run.path("reasons").forEach(r -> runReasons.add(r.asText()));
        assertThat(runReasons)
                .containsExactlyElementsOf(
                        reasons.stream().map(r -> "stage 0: " + r).toList());
        assertThat(run.path("thresholds").path("cpu_share").asDouble()).isEqualTo(0.0001);

        List<String> lines = o.out().lines().toList();
        assertThat(lines.get(indexOf(lines, "stage 0: ") + 1))
                .isEqualTo("  client health: client-limited: " + String.join("; ", reasons));
        assertThat(lines.get(indexOf(lines, "total: "))).endsWith(" (client-limited)");
        // report.html shows the run's verdict with its reasons
        assertThat(Files.readString(o.run().resolve("report.html")))
                .contains("Client health", "client-limited", "stage 0: CPU ");

        JsonNode config =
                MergeShard.YAML.readTree(o.run().resolve("config.resolved.yaml").toFile());
        assertThat(config.path("client_health_thresholds").path("cpu_share").asDouble())
                .isEqualTo(0.0001);
        assertThat(config.path("client_health_thresholds")
                        .path("loop_lag_p99_ms")
                        .asDouble())
                .isEqualTo(500.0);
        assertThat(config.path("rerun").asText())
                .contains(
                        "--client-health-threshold loop_lag_p99_ms=500.0", "--client-health-threshold cpu_share=1.0E-4")
                .doesNotContain("schedule_delay_p99_ms");
    }

    /**
     * In-process (a test JVM, not the CLI's main) a run leaves the JIT alone unless {@code --jit-nice} asks; asked
     * for, without a warm-up that ended by an idle JIT, it stays alone and the user is told in one line.
     */
    @Test
    void theJitIsLeftAloneInProcessAndAChosenNiceThatCannotApplyIsSaid() throws IOException {
        BenchFixture.Outcome byDefault = sanity();
        JsonNode config = MergeShard.YAML.readTree(
                byDefault.run().resolve("config.resolved.yaml").toFile());
        assertThat(config.path("jit_nice").asInt(-1)).isZero();
        assertThat(config.path("rerun").asText()).doesNotContain("--jit-nice");
        assertThat(byDefault.err()).doesNotContain("--jit-nice");

        BenchFixture.Outcome chosen = sanityIn(out.resolve("chosen"), "--jit-nice", "3");
        assertThat(chosen.exit()).as(chosen.err()).isEqualTo(ExitCodes.OK);
        assertThat(chosen.err())
                .contains("harness: warning: --jit-nice 3: the JIT compiler threads keep their priority (there was no"
                        + " warm-up, so the JIT has not settled)");
        JsonNode warm =
                json(chosen.run().resolve("summary.json")).path("client_health").path("warm_up");
        assertThat(warm.path("jit_nice").isNull()).isTrue();
        JsonNode chosenConfig = MergeShard.YAML.readTree(
                chosen.run().resolve("config.resolved.yaml").toFile());
        assertThat(chosenConfig.path("jit_nice").asInt()).isEqualTo(3);
        assertThat(chosenConfig.path("rerun").asText()).contains("--jit-nice 3");
    }

    @Test
    void aNiceValueOutOfRangeIsOneUsageLine() {
        oneLine(
                bench(out.resolve("a"), env(), new BenchControl(), "--jit-nice", "20"),
                "harness: --jit-nice 20: must be 0 (leave the JIT alone) to 19");
        oneLine(
                bench(out.resolve("b"), env(), new BenchControl(), "--jit-nice", "-1"),
                "harness: --jit-nice -1: must be 0 (leave the JIT alone) to 19");
    }

    @Test
    void aBadThresholdIsOneUsageLineNamingTheFlag() {
        oneLine(
                bench(out.resolve("a"), env(), new BenchControl(), "--client-health-threshold", "cpu_share=2"),
                "harness: --client-health-threshold cpu_share=2: cpu_share=2: must be a fraction in (0, 1]");
        oneLine(
                bench(out.resolve("b"), env(), new BenchControl(), "--client-health-threshold", "loop_lag=1"),
                "harness: --client-health-threshold loop_lag=1: unknown key 'loop_lag'; keys: schedule_delay_p99_ms,"
                        + " connection_wait_p99_ms, loop_lag_p99_ms, gc_pause_max_ms, gc_pause_share, cpu_share");
        oneLine(
                bench(out.resolve("c"), env(), new BenchControl(), "--client-health-threshold", "cpu_share"),
                "harness: --client-health-threshold cpu_share: 'cpu_share' is not KEY=VALUE");
        oneLine(
                bench(
                        out.resolve("d"),
                        env(),
                        new BenchControl(),
                        "-l",
                        "nop",
                        "--server-log",
                        "server.log",
                        "--client-health-threshold",
                        "cpu_share=0.5"),
                "harness: --client-health-threshold: the nop harness sends no load; drop it");
    }

    /** {@code harness bench -w sanity_random} for 2 s against the simulator, no warm-up, plus {@code extra}. */
    private BenchFixture.Outcome sanity(String... extra) {
        return sanityIn(out, extra);
    }

    private BenchFixture.Outcome sanityIn(Path dir, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "-w", "sanity_random", "-o", "duration=2", "--tokenizer", "simulator", "--warmup-requests", "0"));
        args.addAll(List.of(extra));
        return bench(dir, env(), new BenchControl(), args.toArray(String[]::new));
    }

    private static void oneLine(BenchFixture.Outcome o, String line) {
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.errorLines()).as(o.err()).singleElement().asString().startsWith(line);
        assertThat(o.err()).doesNotContain("Exception", "\tat ");
        assertThat(o.runs()).isEmpty();
    }

    private static List<String> fields(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with '" + prefix + "' in\n" + String.join("\n", lines));
    }
}
