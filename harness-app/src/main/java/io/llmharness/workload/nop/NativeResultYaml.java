package io.llmharness.workload.nop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The nop harness's native {@code result.yaml} (llm-d-benchmark's layout): {@code version "0.1"}, {@code scenario}
 * (load format, sleep mode, model, engines, GPUs), {@code metrics[]} (one per server: load, compile, memory
 * profiling, sleep/wake figures and the category tree) and {@code time} (Unix seconds). Figures the log does not have
 * are 0; the two compiled-graph figures appear only when non-zero.
 */
final class NativeResultYaml {

    /** YAML as llm-d-benchmark writes it: no document marker, plain scalars where safe, "0.1" stays a string. */
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

    private NativeResultYaml() {}

    static Map<String, Object> tree(NopResult r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", "0.1");
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("load_format", r.loadFormat());
        scenario.put("sleep_mode", r.sleepMode());
        scenario.put("model", Map.of("name", r.model()));
        scenario.put("platform", Map.of("engines", engines(r)));
        scenario.put("gpus", gpus(r.gpus()));
        root.put("scenario", scenario);
        List<Object> metrics = new ArrayList<>();
        for (ServerLoad s : r.servers()) {
            metrics.add(server(s));
        }
        root.put("metrics", metrics);
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("start", r.start().toEpochMilli() / 1000.0);
        time.put("stop", r.stop().toEpochMilli() / 1000.0);
        time.put("duration", r.durationSeconds());
        root.put("time", time);
        return root;
    }

    static List<Object> engines(NopResult r) {
        List<Object> out = new ArrayList<>();
        for (NopResult.Engine e : r.engines()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", e.name());
            m.put("version", e.version());
            m.put("args", e.args());
            out.add(m);
        }
        return out;
    }

    static List<Object> gpus(List<Gpu> gpus) {
        List<Object> out = new ArrayList<>();
        for (Gpu g : gpus) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uuid", g.uuid());
            m.put("name", g.name());
            m.put("compute_cap", g.computeCap());
            m.put("persistence_mode", g.persistenceMode());
            out.add(m);
        }
        return out;
    }

    private static Map<String, Object> server(ServerLoad s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        Map<String, Object> load = new LinkedHashMap<>();
        load.put("time", s.value(Scalar.LOAD_TIME));
        load.put("size", s.value(Scalar.LOAD_SIZE));
        load.put("transfer_rate", s.transferRate());
        m.put("load", load);
        m.put("size", s.value(Scalar.LOAD_SIZE));
        m.put("dynamo_bytecode_transform", s.value(Scalar.DYNAMO_BYTECODE_TRANSFORM));
        if (s.value(Scalar.LOAD_CACHED_COMPILED_GRAPH) != 0) {
            m.put("load_cached_compiled_graph", s.value(Scalar.LOAD_CACHED_COMPILED_GRAPH));
        }
        if (s.value(Scalar.COMPILE_GRAPH) != 0) {
            m.put("compile_graph", s.value(Scalar.COMPILE_GRAPH));
        }
        m.put("torch_compile", s.value(Scalar.TORCH_COMPILE));
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("initial_free", s.value(Scalar.INITIAL_FREE));
        memory.put("after_free", s.value(Scalar.AFTER_FREE));
        memory.put("time", s.value(Scalar.MEMORY_PROFILING_TIME));
        m.put("memory_profiling", memory);
        Map<String, Object> sleep = new LinkedHashMap<>();
        sleep.put("time", s.value(Scalar.SLEEP_TIME));
        sleep.put("gpu_freed", s.value(Scalar.SLEEP_GPU_FREED));
        sleep.put("gpu_in_use", s.value(Scalar.SLEEP_GPU_IN_USE));
        m.put("sleep", sleep);
        m.put("wake", s.value(Scalar.WAKE));
        m.put("categories", categories(s.categories()));
        return m;
    }

    private static List<Object> categories(List<Category> categories) {
        List<Object> out = new ArrayList<>();
        for (Category c : categories) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("title", c.title());
            if (c.process() != null) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("name", c.process().name());
                p.put("pid", c.process().pid());
                m.put("process", p);
            }
            m.put("elapsed", c.elapsedSeconds());
            if (!c.children().isEmpty()) {
                m.put("categories", categories(c.children()));
            }
            out.add(m);
        }
        return out;
    }
}
