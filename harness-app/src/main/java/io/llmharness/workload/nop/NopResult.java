package io.llmharness.workload.nop;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a nop run found: the scenario (model, load format, sleep mode, engines, GPUs) and one {@link ServerLoad} per
 * measured server, with the run's start and stop. The native {@code result.yaml} and the BR v0.1 are written from
 * this.
 *
 * @param model the model name
 * @param loadFormat the load format (log, else {@code LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT}, else {@code auto})
 * @param sleepMode whether the engine ran with sleep mode
 * @param engines one per measured server
 * @param gpus the GPUs described in the log
 * @param servers the measured servers ({@code vLLM Standalone})
 * @param start when the run started
 * @param stop when it ended
 */
public record NopResult(
        String model,
        String loadFormat,
        boolean sleepMode,
        List<Engine> engines,
        List<Gpu> gpus,
        List<ServerLoad> servers,
        Instant start,
        Instant stop) {

    /** The load formats vLLM knows; anything else read from a log falls back to the environment. */
    static final Set<String> LOAD_FORMATS = Set.of(
            "auto",
            "pt",
            "safetensors",
            "npcache",
            "dummy",
            "tensorizer",
            "sharded_state",
            "gguf",
            "bitsandbytes",
            "mistral",
            "runai_streamer",
            "runai_streamer_sharded",
            "fastsafetensors");

    /** The environment variable with the load format to report when the log names none. */
    public static final String LOAD_FORMAT_ENV = "LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT";

    /** The environment variable with the model name. */
    public static final String MODEL_ENV = "LLMDBENCH_DEPLOY_CURRENT_MODEL";

    public NopResult {
        engines = List.copyOf(engines);
        gpus = List.copyOf(gpus);
        servers = List.copyOf(servers);
    }

    /**
     * An inference engine as the reports name it.
     *
     * @param name the engine (its container image when known, else {@code vllm})
     * @param version its version, or null
     * @param args its non-default arguments
     */
    public record Engine(String name, String version, Map<String, Object> args) {}

    /** Run duration in seconds. */
    public double durationSeconds() {
        return java.time.Duration.between(start, stop).toNanos() / 1e9;
    }

    /** Builds the result of one server's log, filling gaps from the environment (§5.1 of the workload spec). */
    static NopResult of(ServerLoad server, Map<String, String> env, Instant start, Instant stop) {
        String model = firstNonBlank(
                env.get(MODEL_ENV),
                text(server.args().get("model")),
                text(server.args().get("model_tag")));
        String format = server.loadFormat();
        if (format == null || !LOAD_FORMATS.contains(format)) {
            format = firstNonBlank(env.get(LOAD_FORMAT_ENV), text(server.args().get("load_format")), format, "auto");
        }
        Engine engine = new Engine("vllm", server.engineVersion(), server.args());
        return new NopResult(
                model == null ? "unknown" : model,
                format,
                Boolean.TRUE.equals(server.sleepMode()),
                List.of(engine),
                server.gpus(),
                List.of(server),
                start,
                stop);
    }

    private static String text(Object o) {
        return o instanceof String s ? s : null;
    }

    private static String firstNonBlank(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }
}
