package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.BenchmarkRegistry;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.MapRow;
import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.sut.HttpSut;
import io.llmharness.client.sut.SutMode;
import io.llmharness.client.sut.SutOptions;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.QuerySample;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.Streaming;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two benchmarks with unusual request shapes, through the benchmark specs, the HTTP SUT and the real client
 * against the simulator: gpt-oss-120b (SGLang {@code /generate} with {@code input_ids}, streamed with cumulative or
 * incremental output) and qwen3-vl (chat with a real PNG data URL and the {@code product_metadata} JSON schema).
 */
class BenchmarkWorkloadsTest {

    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();
    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    // ---- gpt-oss-120b

    @ParameterizedTest(name = "incremental streaming output = {0}")
    @ValueSource(booleans = {false, true})
    void gptOssStreamsGenerateWithInputIdsAndTheSutReportsTheExactTokens(boolean incremental) {
        // The spec's performance defaults (T 1, top_p 1, top_k -1, min 1) with --max-tokens 200; a sampling seed
        // makes the simulator's T=1 output reproducible for the reference request.
        ResolvedBenchmark run = ResolvedBenchmark.resolve(
                REGISTRY,
                new BenchmarkOptions(
                        null,
                        "openai/gpt-oss-120b",
                        RunScenario.SERVER,
                        RunMode.PERFORMANCE,
                        null,
                        new GenerationOptions(null, 200, null, null, null, null, null, null, false),
                        null));
        SamplingParams sampling = run.generation().params().withSeed(11L);
        assertThat(sampling.temperature()).isEqualTo(1.0);
        assertThat(sampling.topK()).isEqualTo(-1);
        EndpointType endpoint = run.spec().endpoint(null, "test");
        assertThat(endpoint).isEqualTo(EndpointType.GENERATE);

        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG).withModel("openai/gpt-oss-120b"))
                .with(Latency.fixed(3, 0.2))
                .with(Streaming.DEFAULTS.withIncrementalStreamingOutput(incremental))
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(endpoint)
                .api(ApiSettings.of(null, sampling))
                .responseEncoding(ResponseEncoding.TOKEN_IDS_INT32)
                .collectText(true)
                .eventLoops(1)
                .transport(TransportOptions.defaults().withHeaders(Map.of("X-Sim-Record-Timings", "1")))
                .build());

        var plan = run.prompts(List.of("input_tokens", "dataset", "ground_truth"), "perf_eval_ref.parquet");
        int samples = 4;
        List<int[]> inputs = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < samples; i++) {
            int[] ids = new int[40 + 7 * i]; // distinct lengths: attributes each timing record to its sample
            for (int k = 0; k < ids.length; k++) {
                ids[k] = 200_000 + rnd.nextInt(1000);
            }
            inputs.add(ids);
        }
        SinkRecorder sink = new SinkRecorder(samples, null);
        HttpSut sut = new HttpSut(
                client,
                sink,
                i -> plan.builder().build(new MapRow(i, Map.of("input_tokens", inputs.get(i)))),
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32));
        for (int i = 0; i < samples; i++) {
            sut.issueQuery(issuedNow(List.of(new QuerySample(1000 + i, i))));
        }
        sink.await();

        Map<Integer, JsonNode> timingByPromptLength = new HashMap<>();
        for (JsonNode t : rig.timings(sim)) {
            timingByPromptLength.put(t.get("prompt_tokens").asInt(), t);
        }
        Map<Long, RequestRecord> recordBySample = new HashMap<>();
        client.snapshot().requests().forEach(r -> recordBySample.put(r.sampleIndex(), r));
        for (int i = 0; i < samples; i++) {
            ObjectNode body = Rig.JSON.createObjectNode();
            var ids = body.putArray("input_ids");
            for (int id : inputs.get(i)) {
                ids.add(id);
            }
            body.putObject("sampling_params")
                    .put("max_new_tokens", 200)
                    .put("min_new_tokens", 1)
                    .put("temperature", 1.0)
                    .put("top_p", 1.0)
                    .put("top_k", -1)
                    .put("sampling_seed", 11);
            JsonNode truth = rig.post(sim, "/generate", body);
            int[] expected = Rig.ints(truth.get("output_ids"));
            long completion = truth.get("meta_info").get("completion_tokens").asLong();
            assertThat(expected).hasSize((int) completion);

            SinkRecorder.Seen done = sink.completions.get(1000L + i);
            assertThat(SinkRecorder.int32le(done.response().data()))
                    .as("sample %d: all generated ids, int32 LE", i)
                    .containsExactly(expected);
            assertThat(done.response().nTokens()).isEqualTo(completion);
            assertThat(SinkRecorder.int32le(
                            sink.firsts.get(1000L + i).response().data()))
                    .as("first-token payload: the first streamed chunk")
                    .containsExactly(expected[0]);

            RequestRecord r = recordBySample.get((long) i);
            assertThat(r.ok()).isTrue();
            JsonNode t = timingByPromptLength.get(inputs.get(i).length);
            assertThat(t.get("tokens").asLong()).isEqualTo(completion);
            assertThat(r.chunks())
                    .as("one chunk per streamed event")
                    .isEqualTo(t.get("event_tokens").size());
            assertThat(r.inputTokens()).isEqualTo(inputs.get(i).length);
        }
        assertThat(sut.stats().samplesFailed()).isZero();
    }

    // ---- qwen3-vl

    @ParameterizedTest(name = "streamed = {0}")
    @ValueSource(booleans = {false, true})
    void qwenVlChatWithImageAndSchemaAnswersJsonThatTheSutPassesOnAsUtf8(boolean stream) {
        String model = "Qwen/Qwen3-VL-235B-A22B-Instruct";
        ResolvedBenchmark run = ResolvedBenchmark.resolve(
                REGISTRY,
                new BenchmarkOptions(
                        null,
                        model,
                        stream ? RunScenario.SERVER : RunScenario.OFFLINE,
                        RunMode.PERFORMANCE,
                        null,
                        new GenerationOptions(null, null, null, null, null, null, null, null, true),
                        null));
        SamplingParams sampling = run.generation().params();
        assertThat(sampling.jsonSchema()).isNotNull();
        assertThat(run.loadGen().tokenLatencies()).isFalse();

        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withModel(model))
                .with(Capacity.DEFAULTS.withEnablePrefixCaching(false))
                .with(Latency.fixed(3, 0.2)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(run.spec().endpoint(null, "test"))
                .api(new ApiSettings(model, sampling, false, GuidedDecoding.RESPONSE_FORMAT, false))
                .responseEncoding(ResponseEncoding.TEXT_UTF8)
                .eventLoops(1)
                .transport(TransportOptions.defaults().withHeaders(Map.of("X-Sim-Record-Timings", "1")))
                .build());
        var plan = run.prompts(
                List.of("product_image", "product_title", "product_description", "potential_product_categories"),
                "Shopify/product-catalogue");
        int samples = 3;
        List<Prompt> prompts = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            Map<String, Object> row = new HashMap<>();
            row.put("product_image", png(280 + 56 * i, 200)); // distinct sizes → distinct prompt token counts
            row.put("product_title", "Vintage lamp №" + i + " — «brass»");
            row.put("product_description", "<p>Works fine. <b>Second-hand</b>, café style ☕</p>");
            row.put("potential_product_categories", List.of("Home > Lighting > Lamps", "Home > Decor"));
            prompts.add(plan.builder().build(new MapRow(i, row)));
        }
        SinkRecorder sink = new SinkRecorder(samples, null);
        SutMode mode = stream ? SutMode.PER_SAMPLE_STREAMING : SutMode.OFFLINE_BACK_TO_BACK;
        HttpSut sut = new HttpSut(
                client,
                sink,
                prompts::get,
                SutOptions.of(mode, 1, ResponseEncoding.TEXT_UTF8).withFirstTokens(false));
        List<QuerySample> query = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            query.add(new QuerySample(500 + i, i));
        }
        sut.issueQuery(issuedNow(query));
        sink.await();

        Map<Integer, JsonNode> timingByPromptLength = new HashMap<>();
        for (JsonNode t : rig.timings(sim)) {
            timingByPromptLength.put(t.get("prompt_tokens").asInt(), t);
        }
        Map<Long, RequestRecord> recordBySample = new HashMap<>();
        client.snapshot().requests().forEach(r -> recordBySample.put(r.sampleIndex(), r));
        assertThat(sink.firsts).as("qwen3-vl has no token latencies").isEmpty();
        for (int i = 0; i < samples; i++) {
            SinkRecorder.Seen done = sink.completions.get(500L + i);
            String text = new String(done.response().data(), StandardCharsets.UTF_8);
            JsonNode answer = Rig.parse(text);
            assertThat(answer.isObject()).as(text).isTrue();
            assertThat(answer.get("category").isTextual()).as(text).isTrue();
            assertThat(answer.get("brand").isTextual()).as(text).isTrue();
            assertThat(answer.get("is_secondhand").isBoolean()).as(text).isTrue();
            assertThat(answer.size())
                    .as("no keys beyond the schema's: %s", text)
                    .isEqualTo(3);

            RequestRecord r = recordBySample.get((long) i);
            ObjectNode tokenize = Rig.JSON.createObjectNode();
            tokenize.set("messages", ((Prompt.Chat) prompts.get(i)).messages());
            long promptTokens =
                    rig.post(sim, "/tokenize", tokenize).get("count").asLong();
            assertThat(r.inputTokens())
                    .as("prompt tokens incl. the image placeholders")
                    .isEqualTo(promptTokens);
            JsonNode t = timingByPromptLength.get((int) promptTokens);
            assertThat(t).as("timing record of sample %d", i).isNotNull();
            assertThat(done.response().nTokens())
                    .as("n_tokens = usage.completion_tokens = tokens the simulator emitted")
                    .isEqualTo(r.outputTokens())
                    .isEqualTo(t.get("tokens").asLong());
        }
        // the image really was counted: 28-pixel tiles, ceil(w/28) x ceil(h/28)
        long smallest = recordBySample.get(0L).inputTokens();
        long next = recordBySample.get(1L).inputTokens();
        assertThat(next - smallest).isEqualTo((long) (Math.ceil(336 / 28.0) - Math.ceil(280 / 28.0)) * 8);
    }

    @Test
    void pngFixtureIsARealPng() {
        byte[] png = png(30, 20);
        assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }

    static byte[] png(int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, new Color((x * 255) / w, (y * 255) / h, 128).getRGB());
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** One query scheduled and issued now. */
    private static IssuedQuery issuedNow(List<QuerySample> samples) {
        long now = System.nanoTime();
        return IssuedQuery.of(samples, now, now, now);
    }
}
