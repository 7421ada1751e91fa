package io.llmharness.cli.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.run.bench.BenchRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where requests go: the model(s), the endpoint, the simulator, the tokenizer; the nop harness's server log. */
public final class BenchTargetFlags {

    /** llm-d's variable for the model being run. */
    public static final String MODEL_VAR = "LLMDBENCH_DEPLOY_CURRENT_MODEL";
    /** llm-d's variable behind {@code -m}. */
    public static final String MODEL_LIST_VAR = "LLMDBENCH_DEPLOY_MODEL_LIST";
    /** llm-d's variable for the stack's URL. */
    public static final String URL_VAR = "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL";

    @Option(
            names = {"-m", "--models"},
            paramLabel = "MODEL[,MODEL]",
            description = "Model(s) to run, one run each (default: " + MODEL_VAR + ", " + MODEL_LIST_VAR
                    + ", the profile's model_name, else the first of the server's /v1/models).")
    String models;

    @Option(
            names = "--endpoint",
            paramLabel = "URL[,URL...]",
            description = "Server base URL, e.g. http://localhost:8000 (default: " + URL_VAR
                    + ", else the profile's base_url); several, comma-separated, share the load (least outstanding"
                    + " requests first) and are reported each on its own.")
    String endpoint;

    @Option(names = "--simulate", description = "Start the embedded vLLM simulator and run against it (no GPU needed).")
    boolean simulate;

    @Option(
            names = "--tokenizer",
            paramLabel = "NAME|PATH",
            description = "Tokenizer for exact prompt lengths and client token counts, instead of the profile's: a"
                    + " tokenizer.json, a model folder, or a model name looked up in the Hugging Face cache (then the"
                    + " server's /tokenize, then the synthetic vocabulary); 'synthetic' = the simulator's vocabulary"
                    + " (the default with --simulate).")
    String tokenizer;

    @Option(
            names = "--server-log",
            paramLabel = "FILE",
            description = "nop harness only: the vLLM server log to report on (the server.log of a harness run, a"
                    + " server_logs/<name>.log of harness server start, or any vLLM log).")
    Path serverLog;

    @Option(
            names = "--server-pod",
            paramLabel = "NAME|auto",
            description = "nop harness only: read the log of this vLLM server pod through the Kubernetes API (the"
                    + " kubeconfig's context, or the pod's service account inside a cluster); 'auto' finds the pod"
                    + " of the Deployment named by the endpoint's host, as llm-d's nop does (what harness k8s run"
                    + " -l nop passes).")
    String serverPod;

    /** {@code --server-pod}, or null. */
    public String serverPod() {
        return serverPod;
    }

    /** {@code --server-log}, or null. */
    public Path serverLog() {
        return serverLog;
    }

    /** The models to run, in order; one null entry when none was named. */
    public List<String> models(Map<String, String> env) {
        String list = models;
        if (list == null) {
            String current = env.get(MODEL_VAR);
            list = current != null && !current.isBlank() ? current : env.get(MODEL_LIST_VAR);
        }
        List<String> out = new ArrayList<>();
        if (list != null) {
            Arrays.stream(list.split(","))
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .forEach(out::add);
        }
        if (out.isEmpty()) {
            out.add(null);
        }
        return out;
    }

    /** The target part of a request for one model. */
    public BenchRequest.TargetChoice toChoice(String model, Map<String, String> env) {
        String modelFrom = models != null ? "-m/--models" : env.containsKey(MODEL_VAR) ? MODEL_VAR : MODEL_LIST_VAR;
        String url = endpoint;
        String from = "--endpoint";
        if (simulate && endpoint != null) {
            throw HarnessException.usage("--simulate starts its own server; drop --endpoint " + endpoint);
        }
        if (url == null && !simulate) {
            url = env.get(URL_VAR);
            from = URL_VAR;
        }
        if (url != null && url.isBlank()) {
            url = null;
        }
        if (url != null) {
            for (String one : url.split(",", -1)) {
                if (!one.strip().matches("(?i)https?://.+")) {
                    throw HarnessException.badValue(
                            from,
                            from + " '" + one.strip() + "': not an http(s) URL; write e.g. http://localhost:8000"
                                    + (url.contains(",") ? " (several: comma-separated, no empty entries)" : ""));
                }
            }
        }
        if (serverPod != null && serverPod.isBlank()) {
            throw HarnessException.usage("--server-pod: empty; give a pod name, or auto to find the server's pod");
        }
        return new BenchRequest.TargetChoice(model, modelFrom, url, from, simulate, tokenizer, serverLog, serverPod);
    }
}
