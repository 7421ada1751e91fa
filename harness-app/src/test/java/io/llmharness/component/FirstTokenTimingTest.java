package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.Prompt;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.sut.HttpSut;
import io.llmharness.client.sut.SutMode;
import io.llmharness.client.sut.SutOptions;
import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Recording;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.InMemoryQsl;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first-token time LoadGen gets, checked against the simulator's ground truth. A Server-scenario performance
 * run (real clock, token latencies) sends streamed requests through {@link HttpSut}; the simulator records when it
 * wrote each request's first token ({@code System.nanoTime()}, the same clock in this JVM). Per sample:
 *
 * <ul>
 *   <li>client read − server write: when the client parsed the first token chunk (its record's
 *       {@code firstToken});
 *   <li>reported − server write: when {@code firstTokenComplete} reached LoadGen — the TTFT LoadGen records is this
 *       instant minus the scheduled time, so this difference is everything the harness adds to the server's TTFT.
 * </ul>
 *
 * <p>Only what no load can break is asserted: nothing is read before the simulator wrote it, LoadGen hears of a first
 * token after the client read it, and LoadGen's TTFT is never below the simulator's configured one. The measured
 * distribution is printed (see the surefire output); how small the harness's overhead is on a quiet machine is
 * {@code perf/harness-cost.sh}'s subject (the README's "Performance" section).
 */
class FirstTokenTimingTest {

    private static final int SAMPLES = 400;
    private static final int TTFT_MS = 20;

    @TempDir
    Path dir;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void ttftReportedToLoadGenMatchesTheSimulatorsFirstTokenWrite() {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Latency.fixed(TTFT_MS, 2))
                .with(Recording.DEFAULTS.withRecordTimings(true).withTimingsCapacity(SAMPLES * 2)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .api(ApiSettings.of(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(8).withIgnoreEos(true)))
                .responseEncoding(ResponseEncoding.TOKEN_IDS_INT32)
                .maxInFlight(64)
                .eventLoops(1)
                .build());

        // Warm-up (JIT of client, simulator and LoadGen paths): the first ~100 requests of a cold JVM are 10x slower
        // and would measure the compiler, not the harness. Then the simulator forgets them.
        CompletableFuture<?>[] warm = new CompletableFuture<?>[300];
        for (int i = 0; i < warm.length; i++) {
            var f = new CompletableFuture<RequestResult>();
            client.submit(ClientRequest.of(prompt(i % 50), true, f::complete));
            warm[i] = f;
        }
        CompletableFuture.allOf(warm).join();
        rig.clearTimings(sim);

        LoadGen loadGen = new LoadGen();
        Schedule schedule = new Schedule();
        SinkRecorder sink = new SinkRecorder(0, loadGen);
        HttpSut http = new HttpSut(
                client,
                sink,
                FirstTokenTimingTest::prompt,
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32));
        Map<Long, Long> indexOfId = new ConcurrentHashMap<>();
        SystemUnderTest sut = new SystemUnderTest() {
            @Override
            public String name() {
                return http.name();
            }

            @Override
            public void issueQuery(IssuedQuery query) {
                schedule.issued(query);
                query.samples().forEach(s -> indexOfId.put(s.id(), s.index()));
                http.issueQuery(query);
            }

            @Override
            public void flushQueries() {
                http.flushQueries();
            }
        };

        TestSettings settings = new TestSettings();
        settings.scenario = Scenario.SERVER;
        settings.mode = TestMode.PERFORMANCE_ONLY;
        settings.serverTargetQps = 100;
        settings.minDurationMs = 1000;
        settings.minQueryCount = 200;
        settings.performanceIssueUnique = true;
        settings.useTokenLatencies = true;
        settings.serverTargetLatencyNs = 10_000_000_000L;
        settings.serverTtftLatency = 10_000_000_000L;
        TestResult result = loadGen.startTest(
                sut,
                new InMemoryQsl("ttft-qsl", SAMPLES),
                settings,
                LogSettings.defaults().withOutdir(dir).withEnableTrace(false),
                dir.resolve("no-audit.config").toString());
        assertThat(result.errorCount()).isZero();
        assertThat(http.stats().samplesFailed()).isZero();

        Map<Integer, JsonNode> timingByPromptLength = new HashMap<>();
        for (JsonNode t : rig.timings(sim)) {
            assertThat(timingByPromptLength.put(t.get("prompt_tokens").asInt(), t))
                    .as("each sample issued once")
                    .isNull();
        }
        Map<Long, RequestRecord> recordBySample = new HashMap<>();
        client.snapshot().requests().forEach(r -> recordBySample.put(r.sampleIndex(), r));

        List<Long> readLag = new ArrayList<>();
        List<Long> reportLag = new ArrayList<>();
        List<Long> serverTtft = new ArrayList<>();
        for (Map.Entry<Long, SinkRecorder.Seen> e : sink.firsts.entrySet()) {
            long index = indexOfId.get(e.getKey());
            JsonNode t = timingByPromptLength.get(prompt((int) index).ids().length);
            RequestRecord r = recordBySample.get(index);
            long emit = t.get("first_token_ns").asLong();
            readLag.add(r.firstTokenNs() - emit);
            reportLag.add(e.getValue().atNs() - emit);
            serverTtft.add(emit - t.get("arrival_ns").asLong());
            assertThat(r.scheduledNs()).as("scheduled time from LoadGen").isLessThanOrEqualTo(r.issuedNs());
            assertThat(e.getValue().atNs()).isGreaterThanOrEqualTo(r.firstTokenNs());
        }
        int n = reportLag.size();
        long[] read = sorted(readLag);
        long[] report = sorted(reportLag);
        System.out.printf(
                Locale.ROOT,
                "first token, client read - server write (us): %s%n"
                        + "first token, reported to LoadGen - server write (us): %s%n"
                        + "server-side TTFT, first write - arrival (us): %s%n"
                        + "schedule delay, issued - scheduled (us): %s%n",
                describe(read),
                describe(report),
                describe(sorted(serverTtft)),
                describe(sorted(schedule.delays())));

        // Same clock: nothing is seen before it was written (1 ms allowance, see EndpointAdaptersTest).
        assertThat(read[0]).isGreaterThan(-1_000_000L);
        assertThat(report[0]).isGreaterThan(-1_000_000L);

        PerformanceSummary perf = result.performance().orElseThrow();
        assertThat(perf.sampleCount()).isEqualTo(n);
        // LoadGen's TTFT is measured from the scheduled time: never below the simulator's configured TTFT
        assertThat(perf.firstToken().min()).isGreaterThanOrEqualTo(TTFT_MS * 1_000_000L);
    }

    private static Prompt.TokenIds prompt(int index) {
        int[] ids = new int[4 + index]; // distinct lengths attribute each timing record to its sample
        Arrays.fill(ids, 500 + index % 97);
        ids[0] = 1;
        return new Prompt.TokenIds(ids);
    }

    private static long[] sorted(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    private static long percentile(long[] sorted, double p) {
        return sorted[(int) Math.min(sorted.length - 1, (long) (sorted.length * p))];
    }

    private static String describe(long[] s) {
        return String.format(
                Locale.ROOT,
                "n=%d min=%.0f p50=%.0f p90=%.0f p99=%.0f max=%.0f",
                s.length,
                s[0] / 1e3,
                percentile(s, 0.5) / 1e3,
                percentile(s, 0.9) / 1e3,
                percentile(s, 0.99) / 1e3,
                s[s.length - 1] / 1e3);
    }

    /** LoadGen's schedule delay (issued - scheduled) of every query, from the issued queries. */
    private static final class Schedule {
        private final List<Long> delays = new ArrayList<>();

        synchronized void issued(IssuedQuery query) {
            for (int q = 0; q < query.queryCount(); q++) {
                delays.add(query.issuedNanos() - query.queryScheduledNanos(q));
            }
        }

        synchronized List<Long> delays() {
            return List.copyOf(delays);
        }
    }
}
