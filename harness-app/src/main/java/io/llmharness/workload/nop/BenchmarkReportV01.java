package io.llmharness.workload.nop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The llm-d Benchmark Report v0.1 of a nop run ({@code benchmark_report/result.yaml}): {@code scenario.load.name}
 * {@code nop}, the model, one engine and one {@code {model: auto, count: 1}} accelerator per measured server, the
 * load format, sleep mode and GPUs in {@code scenario.metadata}; {@code metrics.time}; request, latency and
 * throughput statistics all zero (nothing was sent); and per server in {@code metrics.metadata[]} every figure as a
 * {@code {value, units}} pair, with the category tree.
 */
final class BenchmarkReportV01 {

    private BenchmarkReportV01() {}

    static Map<String, Object> tree(NopResult r, String logName) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", "0.1");
        root.put("scenario", scenario(r, logName));
        root.put("metrics", metrics(r));
        return root;
    }

    private static Map<String, Object> scenario(NopResult r, String logName) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("description", "vLLM start-up and model load times from " + logName + " (nop harness)");
        List<Object> accelerators = new ArrayList<>();
        List<Object> types = new ArrayList<>();
        for (int i = 0; i < r.engines().size(); i++) {
            accelerators.add(Map.of("model", "auto", "count", 1));
            types.add("replica");
        }
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("accelerator", accelerators);
        host.put("type", types);
        s.put("host", host);
        s.put("platform", Map.of("engine", NativeResultYaml.engines(r)));
        s.put("model", Map.of("name", r.model()));
        s.put("load", Map.of("name", "nop"));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("load_format", r.loadFormat());
        metadata.put("sleep_mode", r.sleepMode());
        metadata.put("gpus", NativeResultYaml.gpus(r.gpus()));
        s.put("metadata", metadata);
        return s;
    }

    private static Map<String, Object> metrics(NopResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("duration", r.durationSeconds());
        time.put("start", r.start().toEpochMilli() / 1000.0);
        time.put("stop", r.stop().toEpochMilli() / 1000.0);
        m.put("time", time);
        Map<String, Object> requests = new LinkedHashMap<>();
        requests.put("total", 0);
        requests.put("failures", 0);
        requests.put("incomplete", 0);
        requests.put("input_length", zero("count"));
        requests.put("output_length", zero("count"));
        m.put("requests", requests);
        m.put("latency", Map.of("time_to_first_token", zero("ms")));
        Map<String, Object> throughput = new LinkedHashMap<>();
        throughput.put("total_tokens_per_sec", 0.0);
        throughput.put("input_tokens_per_sec", 0.0);
        throughput.put("output_tokens_per_sec", 0.0);
        throughput.put("requests_per_sec", 0.0);
        m.put("throughput", throughput);
        List<Object> servers = new ArrayList<>();
        for (ServerLoad s : r.servers()) {
            servers.add(server(s));
        }
        m.put("metadata", servers);
        return m;
    }

    private static Map<String, Object> zero(String units) {
        Map<String, Object> z = new LinkedHashMap<>();
        z.put("units", units);
        z.put("mean", 0.0);
        return z;
    }

    private static Map<String, Object> server(ServerLoad s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        Map<String, Object> load = new LinkedHashMap<>();
        load.put("time", v(s.value(Scalar.LOAD_TIME), "s"));
        load.put("size", v(s.value(Scalar.LOAD_SIZE), "GiB"));
        load.put("transfer_rate", v(s.transferRate(), "GiB/s"));
        m.put("load", load);
        m.put("dynamo_bytecode_transform", v(s.value(Scalar.DYNAMO_BYTECODE_TRANSFORM), "s"));
        if (s.value(Scalar.LOAD_CACHED_COMPILED_GRAPH) != 0) {
            m.put("load_cached_compiled_graph", v(s.value(Scalar.LOAD_CACHED_COMPILED_GRAPH), "s"));
        }
        if (s.value(Scalar.COMPILE_GRAPH) != 0) {
            m.put("compile_graph", v(s.value(Scalar.COMPILE_GRAPH), "s"));
        }
        m.put("torch_compile", v(s.value(Scalar.TORCH_COMPILE), "s"));
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("initial_free", v(s.value(Scalar.INITIAL_FREE), "GiB"));
        memory.put("after_free", v(s.value(Scalar.AFTER_FREE), "GiB"));
        memory.put("time", v(s.value(Scalar.MEMORY_PROFILING_TIME), "s"));
        m.put("memory_profiling", memory);
        Map<String, Object> sleep = new LinkedHashMap<>();
        sleep.put("time", v(s.value(Scalar.SLEEP_TIME), "s"));
        sleep.put("gpu_freed", v(s.value(Scalar.SLEEP_GPU_FREED), "GiB"));
        sleep.put("gpu_in_use", v(s.value(Scalar.SLEEP_GPU_IN_USE), "GiB"));
        m.put("sleep", sleep);
        m.put("wake", v(s.value(Scalar.WAKE), "s"));
        m.put("categories", categories(s.categories()));
        return m;
    }

    private static List<Object> categories(List<Category> categories) {
        List<Object> out = new ArrayList<>();
        for (Category c : categories) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("title", c.title());
            if (c.process() != null) {
                m.put("process", c.process().name());
            }
            m.put("elapsed", v(c.elapsedSeconds(), "s"));
            if (!c.children().isEmpty()) {
                m.put("categories", categories(c.children()));
            }
            out.add(m);
        }
        return out;
    }

    private static Map<String, Object> v(double value, String units) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", value);
        m.put("units", units);
        return m;
    }
}
