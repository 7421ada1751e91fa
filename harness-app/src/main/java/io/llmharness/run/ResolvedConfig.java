package io.llmharness.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.llmharness.backend.config.ServerConfig;
import io.llmharness.benchmark.LoadGenTarget;
import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.client.SamplingParams;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.config.SettingsTable;
import io.llmharness.secret.Secrets;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The resolved configuration of a run: everything needed to rerun it (the command line with absolute paths, the
 * benchmark and its generation parameters with where each came from, the dataset, every LoadGen setting as
 * requested, the servers and how the client sends). Written as {@code config.resolved.yaml}; its
 * {@link #summaryMap} is the {@code config} section of summary.json. Secrets never appear: the API key is
 * {@code <redacted>} with where it came from, sensitive headers and server variables likewise, the command lines
 * pass through {@link Secrets#redactArgs}, and the written text through {@link Secrets#redact(String)}.
 */
final class ResolvedConfig {

    static final String FILE = "config.resolved.yaml";

    private ResolvedConfig() {}

    /** Writes {@code config.resolved.yaml} into the run directory. */
    static void write(RunSpec spec, String requestModel) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run_id", spec.runId());
        doc.put("rerun", RerunCommand.of(spec));
        doc.put("command_line", Secrets.redactArgs(spec.request().output().commandLine()));
        doc.put("benchmark", benchmark(spec, requestModel));
        doc.put("generation", generation(spec.benchmark()));
        doc.put("dataset", dataset(spec));
        doc.put("loadgen", loadgen(spec));
        doc.put("target", target(spec.target()));
        doc.put("client", client(spec));
        doc.put("warnings", spec.warnings());
        if (spec.access().apiKey() != null) {
            doc.put(
                    "rerun_note",
                    "the API key (" + spec.access().apiKey().source() + ") is not written here: give it again"
                            + " with --api-key or the OPENAI_API_KEY variable");
        }
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
        Path file = spec.runDir().resolve(FILE);
        try {
            Files.writeString(
                    file,
                    "# Resolved configuration of harness run " + spec.runId()
                            + "; 'rerun' repeats it (a new run directory is created).\n"
                            + Secrets.redact(yaml.writeValueAsString(doc)));
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The {@code config} section of summary.json: the settings that decide the result. */
    static Map<String, Object> summaryMap(RunSpec spec, String requestModel) {
        Map<String, Object> m = benchmark(spec, requestModel);
        m.put("generation", params(spec.benchmark().generation().params()));
        m.put("deviations_from_reference", spec.benchmark().generation().deviations());
        m.put("target", spec.target().describe());
        m.put("client", client(spec));
        m.put("user_conf", abs(spec.request().loadgen().userConf()));
        m.put("mlperf_round", roundName(spec.settings()));
        return m;
    }

    private static Map<String, Object> benchmark(RunSpec spec, String requestModel) {
        ResolvedBenchmark b = spec.benchmark();
        LoadGenTarget t = b.loadGen();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model_category", b.spec().category());
        m.put("model", spec.requestModel());
        m.put("request_model", requestModel);
        m.put("scenario", t.scenario().displayName());
        m.put("test_mode", b.mode().cliName());
        m.put("lg_model_name", t.modelName());
        m.put("loadgen_scenario", t.loadgenScenario());
        m.put("latency_limits", t.limits().describe());
        m.put("endpoint_type", spec.endpoint().configName());
        return m;
    }

    private static Map<String, Object> generation(ResolvedBenchmark b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("params", params(b.generation().params()));
        m.put("provenance", b.generation().provenance());
        m.put("deviations_from_reference", b.generation().deviations());
        return m;
    }

    static Map<String, Object> params(SamplingParams p) {
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, "max_tokens", p.maxTokens());
        put(m, "min_tokens", p.minTokens());
        put(m, "temperature", p.temperature());
        put(m, "top_k", p.topK());
        put(m, "top_p", p.topP());
        put(m, "seed", p.seed());
        put(m, "ignore_eos", p.ignoreEos());
        put(m, "stop", p.stop());
        put(m, "json_schema", p.jsonSchema() == null ? null : p.jsonSchema().toString());
        if (!p.extra().isEmpty()) {
            m.put("extra", new LinkedHashMap<>(p.extra()));
        }
        return m;
    }

    private static Map<String, Object> dataset(RunSpec spec) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", abs(spec.request().dataset().path()));
        m.put("format", spec.dataset().format().name().toLowerCase(java.util.Locale.ROOT));
        m.put("rows", spec.dataset().size());
        m.put("num_samples", spec.request().dataset().numSamples());
        Map<String, String> cols = new LinkedHashMap<>();
        spec.request().dataset().columns().forEach((k, v) -> cols.put(k.standardName(), v));
        m.put("column_overrides", cols);
        m.put("prompt_source", spec.prompts().describeSource());
        return m;
    }

    private static Map<String, Object> loadgen(RunSpec spec) {
        RunRequest.LoadGenRequest r = spec.request().loadgen();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("user_conf", abs(r.userConf()));
        m.put(
                "mlperf_conf",
                r.mlperfConf() == null
                        ? "embedded (LoadGen 6.0.17, "
                                + LoadGenSettings.round(r).label() + " seeds)"
                        : abs(r.mlperfConf()));
        m.put("round", r.round() == null ? null : r.round().label());
        m.put("mlperf_round", roundName(spec.settings()));
        m.put("sets", r.sets());
        m.put("qsl_total_count", spec.dataset().size());
        m.put("qsl_performance_count", spec.dataset().size());
        TestSettings s = spec.settings();
        Map<String, String> requested = new LinkedHashMap<>();
        for (String name : SettingsTable.names()) {
            requested.put(name, s.get(name));
        }
        m.put("requested_settings", requested);
        return m;
    }

    /** The round whose seeds the settings carry (e.g. {@code v6.0}), or null when they are no known round's. */
    static String roundName(TestSettings s) {
        var round = LoadGenSettings.seedRound(s);
        return round == null ? null : round.label();
    }

    private static Map<String, Object> target(Target t) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (t) {
            case Target.External e -> {
                m.put("kind", "external");
                m.put("urls", e.urls());
            }
            case Target.Simulated s -> {
                m.put("kind", "simulator");
                m.put("simulator", simulator(s.options()));
            }
            case Target.Managed mg -> {
                m.put("kind", "managed");
                m.put("server", server(mg.config()));
            }
        }
        return m;
    }

    private static Map<String, Object> simulator(SimulatorOptions o) {
        // both models' parameters, the idle one at its defaults, so the keys do not depend on the mode
        Latency.Batch batch = o.latency() instanceof Latency.Batch b ? b : Latency.Batch.DEFAULTS;
        Latency.Fixed fixed = o.latency() instanceof Latency.Fixed f ? f : Latency.zero();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("persona", o.identity().persona().name().toLowerCase(java.util.Locale.ROOT));
        m.put("latency_mode", o.latency().mode().name().toLowerCase(java.util.Locale.ROOT));
        m.put("decode_step_ms", batch.decodeStepMs());
        m.put("decode_step_ms_per_seq", batch.decodeStepMsPerSeq());
        m.put("prefill_tokens_per_second", batch.prefillTokensPerSecond());
        m.put("prefill_overhead_ms", batch.prefillOverheadMs());
        m.put("ttft_ms", fixed.ttftMs());
        m.put("itl_ms", fixed.itlMs());
        m.put("max_num_seqs", o.capacity().maxNumSeqs());
        m.put("max_model_len", o.capacity().maxModelLen());
        m.put("seed", o.seed());
        return m;
    }

    private static Map<String, Object> server(ServerConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", c.source());
        m.put("backend", c.backend().configName());
        m.put("model", c.model());
        m.put("host", c.host());
        m.put("port", c.port());
        m.put("endpoint_type", c.endpointType().configName());
        m.put("executable", c.executable());
        m.put("api_key", c.apiKey() == null ? null : Secrets.REDACTED);
        m.put("server_args", Secrets.redactArgs(c.serverArgs()));
        Map<String, String> env = new LinkedHashMap<>();
        c.env().forEach((k, v) -> env.put(k, Secrets.redactValue(k, v)));
        m.put("env", env);
        m.put("num_processes", c.gpus().numProcesses());
        m.put("num_gpus", c.gpus().numGpus());
        m.put("debug_mode", c.debugMode());
        return m;
    }

    private static Map<String, Object> client(RunSpec spec) {
        SutPlan s = spec.sut();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sut_mode", s.mode().name().toLowerCase(java.util.Locale.ROOT));
        m.put("batch_size", s.batchSize());
        m.put("max_in_flight", s.maxInFlight() == SutPlan.UNCAPPED ? "unlimited" : s.maxInFlight());
        m.put("max_connections", s.maxConnections());
        m.put("warmup_seconds", s.warmupTime().toMillis() / 1000.0);
        m.put("warmup_queries", s.warmupQueries());
        m.put("jit_nice", s.jitNice().nice());
        m.put(
                "lb_policy",
                s.balancing().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        m.put("first_tokens", s.firstTokens());
        m.put("max_consecutive_failures", s.maxConsecutiveFailures());
        m.put("max_retries", s.maxRetries());
        m.put("max_failure_rate", s.maxFailureRate());
        m.put("access", spec.access().describe());
        return m;
    }

    private static void put(Map<String, Object> m, String k, Object v) {
        if (v != null) {
            m.put(k, v instanceof List<?> l ? List.copyOf(l) : v);
        }
    }

    static String abs(Path p) {
        return p == null ? null : p.toAbsolutePath().normalize().toString();
    }
}
