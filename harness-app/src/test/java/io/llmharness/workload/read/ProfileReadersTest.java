package io.llmharness.workload.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.EndpointType;
import io.llmharness.error.HarnessException;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.RenderedProfile;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import io.llmharness.workload.spec.WorkloadSpec;
import io.llmharness.workload.template.Overrides;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileReadersTest {

    static final String SANITY = """
            load:
              type: constant
              stages:
              - rate: 1
                duration: 30
              request_timeout: 30
            api:
              type: completion
              streaming: true
            server:
              type: vllm
              model_name: m
              base_url: http://h:8000
              ignore_eos: true
            tokenizer:
              pretrained_model_name_or_path: m
            data:
              type: random
              input_distribution:
                min: 10
                max: 100
                mean: 50
                std: 10
                total_count: 100
              output_distribution:
                min: 10
                max: 100
                mean: 50
                std_dev: 10
                total_count: 100
            report:
              request_lifecycle:
                summary: true
                per_stage: true
                per_request: true
            storage:
              local_storage:
                path: /workspace
            """;

    static WorkloadSpec read(HarnessKind h, String text) {
        return ProfileReaders.read(
                RenderedProfile.render(new ProfileSource(h, "p.yaml", "p.yaml", text), Overrides.NONE, "-o", Map.of()),
                7);
    }

    static WorkloadSpec ip(String text) {
        return read(HarnessKind.INFERENCE_PERF, text);
    }

    static void fails(String text, String... parts) {
        assertThatThrownBy(() -> ip(text))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("p.yaml: ")
                .hasMessageNotContaining("\n")
                .hasMessageContainingAll(parts)
                .extracting(e -> ((HarnessException) e).kind())
                .isEqualTo(HarnessException.Kind.CONFIG);
    }

    @Test
    void theSeedsSanityProfileReadsAsOneConstantStage() {
        WorkloadSpec s = ip(SANITY);
        assertThat(s.harness()).isEqualTo(HarnessKind.INFERENCE_PERF);
        assertThat(s.load().stages()).containsExactly(new Stage.Rate(1, 30, Arrival.CONSTANT, 30));
        assertThat(s.load().requestTimeoutS()).isEqualTo(30.0);
        assertThat(s.load().seed()).isEqualTo(7);
        assertThat(s.api().endpoint()).isEqualTo(EndpointType.COMPLETIONS);
        assertThat(s.api().streaming()).isTrue();
        assertThat(s.server().model()).isEqualTo("m");
        assertThat(s.server().baseUrl()).isEqualTo("http://h:8000");
        assertThat(s.server().ignoreEos()).isTrue();
        assertThat(s.tokenizer()).isEqualTo("m");
        DataSpec.Random d = (DataSpec.Random) s.data();
        // llm-d's "std" is read as std_dev (inference-perf itself would ignore it)
        assertThat(d.input()).isEqualTo(new LengthDistribution(LengthDistribution.Kind.NORMAL, 10, 100, 50, 10));
        assertThat(d.output()).isEqualTo(new LengthDistribution(LengthDistribution.Kind.NORMAL, 10, 100, 50, 10));
        assertThat(d.totalCount()).isEqualTo(100);
        assertThat(s.report().perRequest()).isTrue();
        assertThat(s.warnings()).isEmpty();
    }

    @Test
    void totalCountIsRaisedAboveTheLargestStage() {
        WorkloadSpec s = ip(SANITY.replace("rate: 1\n", "rate: 10\n"));
        assertThat(((DataSpec.Random) s.data()).totalCount()).isEqualTo(301);
    }

    @Test
    void concurrentStagesAndPoissonStages() {
        WorkloadSpec c = ip(SANITY.replace(
                "type: constant\n  stages:\n  - rate: 1\n    duration: 30\n",
                "type: concurrent\n  stages:\n  - concurrency_level: 2\n    num_requests: 6\n"
                        + "  - concurrency_level: 4\n    num_requests: 8\n"));
        assertThat(c.load().stages()).containsExactly(new Stage.Concurrency(2, 6, 0), new Stage.Concurrency(4, 8, 0));
        assertThat(c.load().maxInFlight()).isZero();
        WorkloadSpec p = ip(SANITY.replace("type: constant", "type: poisson"));
        assertThat(p.load().stages()).containsExactly(new Stage.Rate(1, 30, Arrival.POISSON, 30));
    }

    @Test
    void aSweepIsPlannedAtRunTime() {
        WorkloadSpec s = ip(SANITY.replace(
                "  stages:\n  - rate: 1\n    duration: 30\n",
                "  sweep:\n    type: linear\n    num_stages: 3\n    stage_duration: 5\n"));
        assertThat(s.load().stages()).singleElement().isInstanceOf(Stage.Sweep.class);
        SweepSpec.InferencePerf sw =
                (SweepSpec.InferencePerf) ((Stage.Sweep) s.load().stages().get(0)).sweep();
        assertThat(sw.geometric()).isFalse();
        assertThat(sw.numStages()).isEqualTo(3);
        assertThat(sw.probeRequests()).isEqualTo(2000);
    }

    @Test
    void anUnknownLoadTypeNamesTheKey() {
        fails(SANITY.replace("type: constant", "type: burst"), "load.type", "burst", "constant");
    }

    @Test
    void aNegativeRateNamesTheStage() {
        fails(SANITY.replace("rate: 1\n", "rate: -1\n"), "load.stages[0].rate", "-1");
    }

    @Test
    void aStageWithNeitherDurationNorNumRequests() {
        fails(SANITY.replace("  - rate: 1\n    duration: 30\n", "  - rate: 1\n"), "load.stages[0]", "duration");
        fails(
                SANITY.replace("type: constant", "type: concurrent")
                        .replace("  - rate: 1\n    duration: 30\n", "  - concurrency_level: 2\n"),
                "load.stages[0]",
                "num_requests");
    }

    @Test
    void anUnknownKeySuggestsTheClosestOne() {
        fails(
                SANITY.replace("request_timeout", "request_timout"),
                "load.request_timout",
                "did you mean 'request_timeout'");
    }

    @Test
    void unsupportedFeaturesAreOneLineNamingTheKey() {
        fails(SANITY.replace("type: random", "type: cnn_dailymail"), "data.type", "not supported yet");
        fails(SANITY.replace("type: completion", "type: anthropic_messages"), "api.type");
        fails(SANITY.replace("data:\n  type: random", "data:\n  type: shareGPT"), "data", "data.path");
    }

    @Test
    void sessionIdAndSessionTokenHeaderKeysAreReadAndBadNamesAreOneLine() {
        WorkloadSpec s =
                ip(SANITY.replace("  streaming: true\n", "  streaming: true\n  session_id_header_key: x-sid\n"));
        assertThat(s.api().sessionIdHeader()).isEqualTo("x-sid");
        assertThat(ip(SANITY).api().sessionIdHeader()).isNull();
        fails(
                SANITY.replace("  streaming: true\n", "  streaming: true\n  session_id_header_key: 'x sid'\n"),
                "api.session_id_header_key",
                "not a header name");
        WorkloadSpec t = ip(SANITY.replace(
                "  streaming: true\n",
                "  streaming: true\n  session_id_header_key: x-sid\n  session_token_header_key: X-Tok\n"));
        assertThat(t.api().sessionTokenHeader()).isEqualTo("X-Tok");
        assertThat(t.api().sessionIdHeader()).isEqualTo("x-sid");
        assertThat(ip(SANITY).api().sessionTokenHeader()).isNull();
        fails(
                SANITY.replace("  streaming: true\n", "  streaming: true\n  session_token_header_key: 'x tok'\n"),
                "api.session_token_header_key",
                "not a header name");
        fails(
                SANITY.replace(
                        "  streaming: true\n",
                        "  streaming: true\n  session_id_header_key: x-s\n  session_token_header_key: X-S\n"),
                "api.session_token_header_key",
                "its own header");
    }

    @Test
    void traceSessionReplayIsOneLineSayingWhatToUse() {
        fails(
                SANITY.replace("type: constant", "type: trace_session_replay"),
                "load.type",
                "agent traces",
                "harness bench --trace FILE");
    }

    @Test
    void dataTraceGivesRandomDataTheLengthsOfItsRowsInOrderOnTheStagesTimes(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("azure.csv");
        Files.writeString(
                csv,
                "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.68,374,44\n"
                        + "2023-11-16 18:15:50.99,396,109\n2023-11-16 18:15:51.00,20,7\n");
        String trace = "  trace:\n    file: " + csv + "\n    format: AzurePublicDataset\n";
        WorkloadSpec s = ip(SANITY.replace("data:\n  type: random\n", "data:\n  type: random\n" + trace));
        DataSpec.TraceLengths d = (DataSpec.TraceLengths) s.data();
        assertThat(d.input()).containsExactly(374, 396, 20);
        assertThat(d.output()).containsExactly(44, 109, 7);
        assertThat(s.load().stages()).singleElement().isInstanceOf(Stage.Rate.class);
        // the distributions give way to the trace, and a stage of 30 requests reuses the 3 rows: both said
        assertThat(s.warnings())
                .anySatisfy(w -> assertThat(w).contains("data.input_distribution", "ignored"))
                .anySatisfy(w -> assertThat(w).contains("data.trace.file", "3 rows", "30 requests"));
        fails(
                SANITY.replace("data:\n  type: random\n", "data:\n  type: synthetic\n" + trace),
                "data.trace",
                "data.type random only");
        fails(
                SANITY.replace("data:\n  type: random\n", "data:\n  type: random\n  trace:\n    format: azure\n"),
                "data.trace",
                "file is missing");
    }

    @Test
    void sharedPrefixWithAliasesAndMultiTurn() {
        WorkloadSpec s = ip(SANITY.substring(0, SANITY.indexOf("data:"))
                + "data:\n  type: shared_prefix\n  shared_prefix:\n    num_unique_system_prompts: 2\n"
                + "    num_prompts_per_group: 3\n    system_prompt_len: 100\n    question_len: 20\n"
                + "    output_len: 10\n    enable_multi_turn_chat: true\n");
        DataSpec.SharedPrefix d = (DataSpec.SharedPrefix) s.data();
        assertThat(d.groups()).isEqualTo(2);
        assertThat(d.promptsPerGroup()).isEqualTo(3);
        assertThat(d.systemPromptLen()).isEqualTo(LengthDistribution.fixed(100));
        assertThat(d.multiTurn()).isTrue();
    }

    @Test
    void goodputConstraintsAreSeconds() {
        WorkloadSpec s = ip(SANITY.replace(
                "report:\n", "report:\n  goodput:\n    constraints:\n      ttft: 0.2\n      request_latency: 2\n"));
        assertThat(s.report().goodputSeconds()).containsEntry("ttft", 0.2).containsEntry("e2e_latency", 2.0);
    }

    @Test
    void aPrometheusSectionNamesTheServerToAskAfterTheRun() {
        WorkloadSpec s = ip(SANITY.replace("report:\n", "report:\n  prometheus:\n    per_stage: true\n")
                + "metrics:\n  type: prometheus\n  prometheus:\n    url: http://p:9090\n    scrape_interval: 5\n"
                + "    filters:\n    - namespace=\"llm\"\n");
        assertThat(s.warnings()).isEmpty();
        var p = s.report().prometheus();
        assertThat(p.url()).isEqualTo("http://p:9090");
        assertThat(p.scrapeIntervalS()).isEqualTo(5.0);
        assertThat(p.filters()).containsExactly("namespace=\"llm\"");
        assertThat(p.summary()).isTrue();
        assertThat(p.perStage()).isTrue();
        assertThat(s.load().intervalS())
                .as("inference-perf pauses a scrape interval between stages reported from Prometheus")
                .isEqualTo(5.0);
        assertThat(ip(SANITY).report().prometheus())
                .as("type default asks no Prometheus")
                .isNull();
        WorkloadSpec defaults = ip(SANITY + "metrics:\n  type: prometheus\n  prometheus:\n    url: http://p:9090\n");
        assertThat(defaults.report().prometheus().scrapeIntervalS()).isEqualTo(15.0);
        assertThat(defaults.report().prometheus().perStage()).isFalse();
        assertThat(defaults.load().intervalS())
                .as("no per-stage reports: the profile's interval")
                .isEqualTo(ip(SANITY).load().intervalS());
    }

    @Test
    void aPrometheusSectionWithoutAServerToAskIsOneLineNamingTheKey() {
        assertThatThrownBy(() -> ip(SANITY + "metrics:\n  type: prometheus\n"))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("p.yaml: metrics.type")
                .hasMessageContaining("url of a Prometheus server");
        assertThatThrownBy(() -> ip(SANITY + "metrics:\n  type: prometheus\n  prometheus:\n    scrape_interval: 5\n"))
                .hasMessageContaining("metrics.prometheus")
                .hasMessageContaining("url");
        assertThatThrownBy(() -> ip(SANITY + "metrics:\n  type: prometheus\n  prometheus:\n    google_managed: true\n"))
                .hasMessageContaining("metrics.prometheus.google_managed")
                .hasMessageContaining("give the url of a Prometheus server");
        assertThatThrownBy(() -> ip(SANITY + "metrics:\n  type: prometheus\n  prometheus:\n    url: p:9090\n"))
                .hasMessageContaining("metrics.prometheus.url")
                .hasMessageContaining("http://");
    }

    @Test
    void guidellmV07ScenarioWithBenchmarks() {
        String text = """
                metadata:
                  labels:
                    name: multi
                spec:
                  backend:
                    kind: openai_http
                    target: http://h:8000
                    model: m
                    request_format: /v1/chat/completions
                  profile:
                    kind: concurrent
                    streams: 4
                  constraints:
                  - kind: max_duration
                    seconds: 30
                  data:
                  - kind: synthetic_text
                    prompt_tokens: 128
                    prompt_tokens_stdev: 16
                    prompt_tokens_min: 64
                    prompt_tokens_max: 256
                    output_tokens: 32
                benchmarks:
                - profile.streams: 2
                - profile.streams: 8
                  constraints[0].seconds: 10
                """;
        WorkloadSpec s = read(HarnessKind.GUIDELLM, text);
        assertThat(s.harness()).isEqualTo(HarnessKind.GUIDELLM);
        assertThat(s.load().stages()).containsExactly(new Stage.Concurrency(2, 0, 30), new Stage.Concurrency(8, 0, 10));
        assertThat(s.api().endpoint()).isEqualTo(EndpointType.CHAT_COMPLETIONS);
        assertThat(s.api().streaming()).isTrue();
        DataSpec.Random d = (DataSpec.Random) s.data();
        assertThat(d.input()).isEqualTo(new LengthDistribution(LengthDistribution.Kind.NORMAL, 64, 256, 128, 16));
        assertThat(d.output().kind()).isEqualTo(LengthDistribution.Kind.FIXED);
        assertThat(s.server().model()).isEqualTo("m");
    }

    @Test
    void guidellmFlatScenarioWithARateList() {
        String text = """
                target: http://h:8000
                model: m
                request_type: text_completions
                profile: constant
                rate: [1, 2]
                max_seconds: 20
                data:
                  prompt_tokens: 50
                  prompt_tokens_stdev: 10
                  prompt_tokens_min: 10
                  prompt_tokens_max: 100
                  output_tokens: 50
                  samples: 1000
                """;
        WorkloadSpec s = read(HarnessKind.GUIDELLM, text);
        assertThat(s.load().stages())
                .containsExactly(
                        new Stage.Rate(1, 20, Arrival.CONSTANT, 20), new Stage.Rate(2, 20, Arrival.CONSTANT, 40));
        assertThat(s.api().endpoint()).isEqualTo(EndpointType.COMPLETIONS);
    }

    @Test
    void guidellmWithoutABoundIsAnError() {
        assertThatThrownBy(() -> read(
                        HarnessKind.GUIDELLM,
                        "target: http://h\nprofile: concurrent\nrate: 2\ndata:\n  prompt_tokens: 5\n"
                                + "  output_tokens: 5\n"))
                .hasMessageContaining("max_seconds");
    }

    @Test
    void vllmBenchmarkFlatOptions() {
        String text = """
                executable: benchmark_serving.py
                model: m
                base-url: http://h:8000
                dataset-name: random
                random-input-len: 100
                random-output-len: 20
                max-concurrency: 2
                num-prompts: 10
                percentile-metrics: "ttft,tpot,itl,e2el"
                metric-percentiles: "0.1,1,5,10,25,75,90,95,99,99.9"
                ignore-eos: none
                """;
        WorkloadSpec s = read(HarnessKind.VLLM_BENCHMARK, text);
        assertThat(s.load().stages()).containsExactly(new Stage.Concurrency(2, 10, 0));
        DataSpec.Random d = (DataSpec.Random) s.data();
        assertThat(d.input()).isEqualTo(LengthDistribution.fixed(100));
        assertThat(d.output()).isEqualTo(LengthDistribution.fixed(20));
        assertThat(s.report().percentiles()).hasSize(10).contains(0.1, 99.9);
        assertThat(s.nativeOptions()).containsEntry("percentile-metrics", "ttft,tpot,itl,e2el");
        assertThat(s.server().ignoreEos()).isTrue();
        WorkloadSpec rated =
                read(HarnessKind.VLLM_BENCHMARK, text.replace("max-concurrency: 2\n", "request-rate: 4\n"));
        assertThat(rated.load().stages()).containsExactly(new Stage.Rate(4, 2.5, Arrival.gamma(1.0), 10));
    }

    @Test
    void acceptedKeysThatChangeNothingAreWarningsAndTheTokenizerKeysAreRead() {
        WorkloadSpec g = read(
                HarnessKind.GUIDELLM,
                "target: http://h\nprofile: constant\nrate: 1\nmax_seconds: 2\nprocessor: org/tok\n"
                        + "output_dir: /tmp/x\nsample_requests: 20\ndata:\n  prompt_tokens: 5\n  output_tokens: 5\n");
        assertThat(g.tokenizer()).isEqualTo("org/tok");
        assertThat(g.warnings())
                .anySatisfy(w -> assertThat(w).startsWith("p.yaml: output_dir: results always go to the run"))
                .anySatisfy(w -> assertThat(w).startsWith("p.yaml: sample_requests: not used"));
        WorkloadSpec v = read(
                HarnessKind.VLLM_BENCHMARK,
                "model: m\nbase-url: http://h\ntokenizer: ./tok\nnum-warmups: 3\nresult-dir: /r\nlabel: run-a\n"
                        + "metadata: \"tp=1 gpu=h100\"\n");
        assertThat(v.tokenizer()).isEqualTo("./tok");
        assertThat(v.warnings())
                .anySatisfy(w -> assertThat(w).startsWith("p.yaml: num-warmups: not used"))
                .anySatisfy(w -> assertThat(w).startsWith("p.yaml: result-dir: the result JSON is always written"));
        assertThat(v.nativeOptions()).containsEntry("label", "run-a");
        assertThat(v.nativeOptions().get("metadata")).isEqualTo(Map.of("tp", "1", "gpu", "h100"));
        assertThatThrownBy(() -> read(HarnessKind.VLLM_BENCHMARK, "model: m\nmetadata: \"completed=3\"\n"))
                .hasMessageContainingAll("p.yaml: metadata", "'completed' would replace a key of the result JSON");
        assertThatThrownBy(() -> read(HarnessKind.VLLM_BENCHMARK, "model: m\nmetadata: novalue\n"))
                .hasMessageContainingAll("p.yaml: metadata", "KEY=VALUE");
    }
}
