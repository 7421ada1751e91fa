package io.llmharness.run;

import static io.llmharness.run.RunFixture.harness;
import static io.llmharness.run.RunFixture.runDir;
import static io.llmharness.run.RunFixture.summary;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.benchmark.RunMode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness run --find-peak} end to end against a simulator whose capacity is known: one running slot and
 * fixed latencies, so a request holds the slot for TTFT + 5 ITL = 200 ms and the server completes at most 5
 * requests/s. Above that the queue grows without bound and TTFT passes its limit (600 ms, via {@code --set}); well
 * below it (M/D/1 at 40 % load) queueing adds little. So the peak must lie in [0.4, 1.2] x capacity. Latencies are
 * this long so that timer delays on a loaded machine (tens of ms) do not move the capacity much.
 */
@Tag("slow")
class FindPeakRunTest {

    private static final double CAPACITY_QPS = 1000.0 / (100 + 5 * 20);

    /**
     * The client kept up when its scheduling delays stayed under 20 ms at p99 (the defaults, 2 ms, are for a dedicated
     * machine): a tenth of the 200 ms a request holds the simulator's slot, so the capacity is still about 5 QPS.
     */
    private static final String[] KEPT_UP = {
        "--client-health-threshold", "schedule_delay_p99_ms=20", "--client-health-threshold", "loop_lag_p99_ms=20"
    };

    @TempDir
    Path dir;

    @Test
    void findPeakReportsEveryProbeAndAPeakNearTheServersCapacity() throws Exception {
        Path data = RunFixture.dataset(dir, 32);
        Path gen = dir.resolve("gen.json");
        Files.writeString(gen, "{\"max_new_tokens\": 6, \"ignore_eos\": true}");
        try (SimulatorServer sim = SimulatorServer.start(
                SimulatorOptions.defaults().with(Latency.fixed(100, 20)).with(Capacity.DEFAULTS.withMaxNumSeqs(1)))) {
            assertThat(sim.awaitReady(20_000)).isTrue();
            RunFixture.Outcome o =
                    harness(args(sim, data, gen, "--find-peak", KEPT_UP[0], KEPT_UP[1], KEPT_UP[2], KEPT_UP[3]));
            assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);

            // every probe is reported, on the terminal and in summary.json, starting at the target QPS
            List<double[]> probes = probes(o.err());
            assertThat(probes).as(o.err()).isNotEmpty();
            assertThat(probes.get(0)[0]).isEqualTo(2.0);
            assertThat(o.err()).contains("(base) at 2.00 QPS: ", "TTFT p99", "TPOT p99");
            Path run = runDir(dir.resolve("out"));
            assertThat(run.getFileName().toString()).endsWith("-llama3.1-8b-server-find-peak");
            JsonNode s = summary(run);
            assertThat(s.at("/mlperf/mode").asText()).isEqualTo("FindPeakPerformance");
            assertThat(s.at("/config/test_mode").asText()).isEqualTo("find-peak");
            assertThat(s.at("/mlperf/find_peak/probes")).hasSize(probes.size());

            // Where the peak lies is the simulator's capacity as this machine delivers it: its timers run in this JVM,
            // and a machine too busy for them lengthens every request's hold on the one slot (a loaded full suite:
            // TTFT p99 701 ms at the 2 QPS base, against a 600 ms limit, so the search ended there). The harness
            // measures that itself; the placement is checked whenever its client kept up (scheduling delays under
            // 20 ms, see KEPT_UP), which a quiet or moderately busy machine does.
            String health = s.at("/client_health/verdict").asText();
            if (!health.equals("ok")) {
                assertThat(health).as(o.err()).isEqualTo("client-limited");
                return;
            }
            assertThat(probes).as(o.err()).hasSizeGreaterThanOrEqualTo(3);
            assertThat(o.err()).contains("(base) at 2.00 QPS: meets the latency limits");
            assertThat(o.err()).contains("misses the latency limits");

            Matcher peak = Pattern.compile("llama3\\.1-8b Server find-peak: Peak QPS : ([0-9.]+)")
                    .matcher(o.out());
            assertThat(peak.find()).as(o.out()).isTrue();
            double found = Double.parseDouble(peak.group(1));
            assertThat(found).isBetween(0.4 * CAPACITY_QPS, 1.2 * CAPACITY_QPS);
            // the peak is the highest probe that met the limits, and every probe above it missed them
            double highestMet = probes.stream()
                    .filter(p -> p[1] == 1)
                    .mapToDouble(p -> p[0])
                    .max()
                    .orElseThrow();
            assertThat(found).isCloseTo(highestMet, org.assertj.core.data.Offset.offset(0.01));

            assertThat(s.at("/mlperf/find_peak/found").asBoolean()).isTrue();
            assertThat(s.at("/mlperf/find_peak/peak_qps").asDouble())
                    .isCloseTo(found, org.assertj.core.data.Offset.offset(0.01));
        }
    }

    @Test
    void aStartingQpsThatAlreadyMissesTheLimitsSaysNoPeakWasFound() throws Exception {
        Path data = RunFixture.dataset(dir, 32);
        Path gen = dir.resolve("gen.json");
        Files.writeString(gen, "{\"max_new_tokens\": 6, \"ignore_eos\": true}");
        try (SimulatorServer sim = SimulatorServer.start(
                SimulatorOptions.defaults().with(Latency.fixed(100, 20)).with(Capacity.DEFAULTS.withMaxNumSeqs(1)))) {
            assertThat(sim.awaitReady(20_000)).isTrue();
            List<String> a = new ArrayList<>(List.of(args(sim, data, gen, "--test-mode", "FindPeakPerformance")));
            a.set(a.indexOf("2"), "100");
            RunFixture.Outcome o = harness(a.toArray(String[]::new));
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.RESULT_INVALID);
            assertThat(o.out()).contains("no peak found: the starting 100.00 QPS already misses the latency limits");
            assertThat(probes(o.err())).hasSize(1);
            JsonNode s = summary(runDir(dir.resolve("out")));
            assertThat(s.at("/mlperf/find_peak/found").asBoolean()).isFalse();
            assertThat(s.at("/mlperf/find_peak/peak_qps").isNull()).isTrue();
        }
    }

    @Test
    void findPeakOutsideTheServerScenarioIsAUsageError() {
        RunFixture.Outcome o = harness(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--scenario",
                "Offline",
                "--find-peak",
                "--simulate",
                "--dataset-path",
                RunFixture.dataset(dir, 8).toString(),
                "--output-dir",
                dir.resolve("out").toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err()).contains("--find-peak", "Server scenario only", "--scenario Server or Interactive");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void theModeIsSpelledTheWaysUsersWriteIt() {
        for (String v : List.of("find-peak", "FindPeakPerformance", "find_peak", "findpeak")) {
            assertThat(RunMode.parse(v)).isEqualTo(RunMode.FIND_PEAK);
        }
    }

    private String[] args(SimulatorServer sim, Path data, Path gen, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--scenario",
                "Server",
                "--progress",
                "off",
                "--api-server-url",
                sim.baseUrl(),
                "--dataset-path",
                data.toString(),
                "--generation-config",
                gen.toString(),
                "--max-tokens",
                "6",
                "--warmup-requests",
                "8",
                "--server-target-qps",
                "2",
                "--set",
                "server_ttft_latency=600000000",
                "--set",
                "server_find_peak_qps_decimals_of_precision=0",
                "--set",
                "min_duration_ms=1000",
                "--set",
                "min_query_count=24",
                "--output-dir",
                dir.resolve("out").toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** (QPS tried, 1 if it met the limits) of every probe line. */
    private static List<double[]> probes(String err) {
        Matcher m = Pattern.compile("Peak search: probe \\d+ \\(\\w+\\) at ([0-9.]+) QPS: (meets|misses)")
                .matcher(err);
        List<double[]> out = new ArrayList<>();
        while (m.find()) {
            out.add(new double[] {Double.parseDouble(m.group(1)), m.group(2).equals("meets") ? 1 : 0});
        }
        return out;
    }
}
