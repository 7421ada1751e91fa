package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.sut.HttpSut;
import io.llmharness.client.sut.SutMode;
import io.llmharness.client.sut.SutOptions;
import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.QuerySample;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.InMemoryQsl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An MLPerf accuracy run end to end in one JVM: the Java LoadGen (AccuracyOnly, real clock) drives the HTTP SUT,
 * which talks to the simulator over loopback. The {@code mlperf_log_accuracy.json} it writes is decoded the way the
 * MLCommons evaluators do (hex → int32 little-endian per {@code qsl_idx}) and must equal, for every sample, the ids
 * the simulator generates for that prompt — asked of the simulator directly, not taken from our client. Token mode
 * entries also obey TEST06: {@code len(data) == token_count}, {@code token_data} is the head of {@code data}, at most
 * one trailing EOS.
 */
class AccuracyLogTest {

    private static final int SAMPLES = 48;
    private static final int MAX_TOKENS = 20;
    private static final int EOS = 2;

    @TempDir
    Path dir;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    private static int[] prompt(int index) {
        SplittableRandom r = new SplittableRandom(1000 + index);
        int[] ids = new int[6 + index % 11];
        ids[0] = 1;
        for (int k = 1; k < ids.length; k++) {
            ids[k] = 300 + r.nextInt(60_000);
        }
        return ids;
    }

    @ParameterizedTest(name = "{0} {1} {2} batch={3}")
    @CsvSource({
        "Server, VLLM, COMPLETIONS, 1",
        "Server, SGLANG, GENERATE, 1",
        "Offline, VLLM, COMPLETIONS, 4",
        "Offline, SGLANG, GENERATE, 4"
    })
    void accuracyLogDecodesToTheIdsTheSimulatorGenerated(
            String scenario, Persona persona, EndpointType endpoint, int batch) throws IOException {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(persona))
                .with(Latency.fixed(2, 0.5))
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true))
                .withSeed(99));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(endpoint)
                .api(ApiSettings.of(
                        persona == Persona.VLLM ? "sim-model" : null,
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(MAX_TOKENS).withTemperature(0.0)))
                .responseEncoding(ResponseEncoding.TOKEN_IDS_INT32)
                .maxInFlight(16)
                .eventLoops(1)
                .build());

        boolean server = scenario.equals("Server");
        TestSettings settings = new TestSettings();
        settings.scenario = server ? Scenario.SERVER : Scenario.OFFLINE;
        settings.mode = TestMode.ACCURACY_ONLY;
        settings.serverTargetQps = 400;
        settings.offlineExpectedQps = 400;
        settings.useTokenLatencies = true;
        LoadGen loadGen = new LoadGen();
        SutMode mode = SutMode.forScenario(scenario, false, "test");
        HttpSut sut = new HttpSut(
                client,
                loadGen,
                i -> new Prompt.TokenIds(prompt(i)),
                SutOptions.of(mode, batch, ResponseEncoding.TOKEN_IDS_INT32));
        TestResult result = loadGen.startTest(
                sut,
                new InMemoryQsl("component-qsl", SAMPLES),
                settings,
                LogSettings.defaults().withOutdir(dir).withEnableTrace(false),
                dir.resolve("no-audit.config").toString());

        assertThat(result.errorCount()).as("LoadGen errors in the detail log").isZero();
        assertThat(result.accuracyLogEntries()).isEqualTo(SAMPLES);
        assertThat(sut.stats().samplesFailed()).isZero();
        assertThat(sut.stats().missingTokenIds()).isZero();
        assertThat(sut.stats().requests()).as("batch requests").isEqualTo(SAMPLES / batch);
        JsonNode log = Rig.parse(Files.readString(result.logs().accuracy()));
        assertThat(log).hasSize(SAMPLES);

        Set<Integer> seen = new HashSet<>();
        for (JsonNode e : log) {
            int qsl = e.get("qsl_idx").asInt();
            assertThat(seen.add(qsl)).as("qsl_idx %d logged once", qsl).isTrue();
            int[] data =
                    SinkRecorder.int32le(HexFormat.of().parseHex(e.get("data").asText()));
            assertThat(data).as("qsl_idx %d", qsl).containsExactly(groundTruth(sim, endpoint, prompt(qsl)));
            // TEST06 length check: number of int32s in data == token_count
            assertThat(e.get("token_count").asLong()).isEqualTo(data.length);
            // TEST06 EOS check: at most one trailing EOS
            int trailing = 0;
            for (int k = data.length - 1; k >= 0 && data[k] == EOS; k--) {
                trailing++;
            }
            assertThat(trailing).isLessThanOrEqualTo(1);
            if (server) {
                // TEST06 first-token check: token_data matches the leading tokens of data
                int[] first = SinkRecorder.int32le(
                        HexFormat.of().parseHex(e.get("token_data").asText()));
                assertThat(first).isNotEmpty();
                assertThat(Arrays.copyOf(data, first.length)).containsExactly(first);
            } else {
                assertThat(e.has("token_data"))
                        .as("Offline logs no first-token data")
                        .isFalse();
            }
        }
        assertThat(seen).hasSize(SAMPLES);
    }

    @Test
    void sglangOpenAiEndpointsReturnNoTokenIdsSoTokenPayloadsStayEmptyAndAreCounted() {
        // SGLang's /v1/completions has no return_token_ids: a token-id benchmark sent there logs empty payloads.
        // The SUT counts them (SutStats.missingTokenIds) so a run can refuse or warn; /generate has the ids.
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG))
                .with(Latency.fixed(1, 0.5))
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .api(ApiSettings.of(
                        null, SamplingParams.SERVER_DEFAULTS.withMaxTokens(5).withIgnoreEos(true)))
                .responseEncoding(ResponseEncoding.TOKEN_IDS_INT32)
                .eventLoops(1)
                .build());
        SinkRecorder sink = new SinkRecorder(3, null);
        HttpSut sut = new HttpSut(
                client,
                sink,
                i -> new Prompt.TokenIds(prompt(i)),
                SutOptions.of(SutMode.OFFLINE_BACK_TO_BACK, 1, ResponseEncoding.TOKEN_IDS_INT32));
        long now = System.nanoTime();
        sut.issueQuery(IssuedQuery.of(
                List.of(new QuerySample(1, 0), new QuerySample(2, 1), new QuerySample(3, 2)), now, now, now));
        sink.await();
        assertThat(sut.stats().missingTokenIds()).isEqualTo(3);
        assertThat(sut.stats().samplesFailed()).isZero();
        for (SinkRecorder.Seen s : sink.completions.values()) {
            assertThat(s.response().data()).isEmpty();
            assertThat(s.response().nTokens()).as("count from usage").isEqualTo(5);
        }
    }

    /** What the simulator generates for this prompt, asked with a plain non-streamed request. */
    private int[] groundTruth(SimulatorServer sim, EndpointType endpoint, int[] prompt) {
        ObjectNode body = Rig.JSON.createObjectNode();
        if (endpoint == EndpointType.GENERATE) {
            var ids = body.putArray("input_ids");
            Arrays.stream(prompt).forEach(ids::add);
            body.putObject("sampling_params").put("max_new_tokens", MAX_TOKENS).put("temperature", 0.0);
            return Rig.ints(rig.post(sim, "/generate", body).get("output_ids"));
        }
        body.put("model", "sim-model");
        var ids = body.putArray("prompt");
        Arrays.stream(prompt).forEach(ids::add);
        body.put("max_tokens", MAX_TOKENS).put("temperature", 0.0).put("return_token_ids", true);
        return Rig.ints(
                rig.post(sim, "/v1/completions", body).get("choices").get(0).get("token_ids"));
    }
}
