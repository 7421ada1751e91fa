package io.llmharness.simulator;

import java.util.function.Consumer;

/** Start-up and shutdown log lines in the wording of the impersonated server (what log watchers look for). */
final class Banner {
    private final SimulatorOptions o;
    private final Consumer<String> sink;
    private final long pid = ProcessHandle.current().pid();

    Banner(SimulatorOptions o) {
        this.o = o;
        this.sink = o.logSink();
    }

    private void line(String s) {
        if (sink != null) {
            sink.accept(s);
        }
    }

    private String vllm(String file, String msg) {
        return "INFO (APIServer pid=" + pid + ") [" + file + "] " + msg;
    }

    void beforeStart(long kvTokens) {
        if (o.identity().persona() == Persona.VLLM) {
            line(vllm("api_server.py", "vLLM API server version " + o.reportedVersion()));
            line(vllm(
                    "utils.py",
                    "non-default args: {'model': '" + o.identity().model() + "', 'served_model_name': "
                            + o.identity().servedModelNames() + ", 'max_model_len': "
                            + o.capacity().maxModelLen() + ", 'max_num_seqs': "
                            + o.capacity().maxNumSeqs() + ", 'tensor_parallel_size': "
                            + o.parallelism().tensorParallelSize() + "}"));
            line(vllm("kv_cache_utils.py", "GPU KV cache size: " + kvTokens + " tokens"));
            line(vllm(
                    "kv_cache_utils.py",
                    String.format(
                            java.util.Locale.ROOT,
                            "Maximum concurrency for %d tokens per request: %.2fx",
                            o.capacity().maxModelLen(),
                            (double) kvTokens / o.capacity().maxModelLen())));
        } else {
            line("[sglang] server_args=ServerArgs(model_path='" + o.identity().model() + "', tp_size="
                    + o.parallelism().tensorParallelSize() + ", context_length="
                    + o.capacity().maxModelLen() + ", port=" + o.http().port() + ")");
            line("[sglang] Load weight end. KV Cache is allocated. #tokens: " + kvTokens);
        }
    }

    void listening(String host, int port) {
        if (o.identity().persona() == Persona.VLLM) {
            line(vllm("api_server.py", "Starting vLLM server on http://" + host + ":" + port));
        }
        line("INFO:     Started server process [" + pid + "]");
        line("INFO:     Waiting for application startup.");
        line("INFO:     Application startup complete.");
        line("INFO:     Uvicorn running on http://" + host + ":" + port + " (Press CTRL+C to quit)");
    }

    void ready() {
        if (o.identity().sglang()) {
            line("[sglang] The server is fired up and ready to roll!");
        }
    }

    void shutdown() {
        line("INFO:     Shutting down");
        line("INFO:     Waiting for application shutdown.");
        line("INFO:     Application shutdown complete.");
        line("INFO:     Finished server process [" + pid + "]");
    }
}
