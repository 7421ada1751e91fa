package io.llmharness.workload.read;

import io.llmharness.client.EndpointType;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LengthDistribution;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.ReportSpec;
import io.llmharness.workload.spec.ServerSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a vllm-benchmark profile: a flat mapping of {@code vllm bench serve} long options without the leading
 * {@code --} ({@code none} marks a bare flag). One stage: {@code num-prompts} requests, either all at once under
 * {@code max-concurrency} ({@code request-rate} inf, the default) or at {@code request-rate} with gamma gaps of
 * {@code burstiness} (1 = Poisson) scaled so the last starts at num-prompts / rate. Always streamed; random
 * datasets always send {@code ignore_eos}.
 */
public final class VllmBenchReader {

    static final List<String> KEYS = List.of(
            "executable",
            "model",
            "tokenizer",
            "base-url",
            "host",
            "port",
            "backend",
            "endpoint",
            "dataset-name",
            "dataset-path",
            "num-prompts",
            "request-rate",
            "burstiness",
            "max-concurrency",
            "random-input-len",
            "random-output-len",
            "random-range-ratio",
            "random-prefix-len",
            "sharegpt-output-len",
            "percentile-metrics",
            "metric-percentiles",
            "ignore-eos",
            "seed",
            "save-result",
            "save-detailed",
            "result-filename",
            "result-dir",
            "num-warmups",
            "label",
            "metadata",
            "goodput",
            "temperature",
            "top-p",
            "top-k",
            "disable-tqdm",
            "trust-remote-code");

    private VllmBenchReader() {}

    /** Reads a vllm-benchmark profile. */
    public static WorkloadSpec read(YamlNode root, long defaultSeed) {
        root.allowOnly(KEYS);
        List<String> warnings = new ArrayList<>();
        for (String k : List.of("temperature", "top-p", "top-k")) {
            if (root.has(k)) {
                warnings.add(root.where(k) + ": sampling options are not sent; the server's defaults apply");
            }
        }
        for (String k : List.of("save-result", "result-filename", "result-dir")) {
            if (root.has(k)) {
                warnings.add(root.where(k) + ": the result JSON is always written, into the run directory"
                        + " (--output-dir), as openai-<rate>qps-...json");
            }
        }
        if (root.has("num-warmups")) {
            warnings.add(root.where("num-warmups") + ": not used; harness bench sends --warmup-requests unreported"
                    + " requests (default 8) before the first stage");
        }
        if (root.has("trust-remote-code")) {
            warnings.add(root.where("trust-remote-code") + ": remote tokenizer code is never run; only a"
                    + " tokenizer.json, the server's /tokenize or the synthetic vocabulary are used");
        }
        String dataset = root.child("dataset-name").oneOf("random", Set.of("random", "sharegpt", "custom", "sonnet"));
        long prompts = root.child("num-prompts").integer(1000L);
        if (prompts < 1) {
            throw root.child("num-prompts").error("must be >= 1, got " + prompts);
        }
        double rate = root.child("request-rate").number(Double.POSITIVE_INFINITY);
        if (!(rate > 0)) {
            throw root.child("request-rate").error("must be > 0 requests per second or inf, got " + rate);
        }
        Integer maxConcurrency = root.child("max-concurrency").integer((Integer) null);
        if (maxConcurrency != null && maxConcurrency < 1) {
            throw root.child("max-concurrency").error("must be >= 1, got " + maxConcurrency);
        }
        double burstiness = root.child("burstiness").number(1.0);
        if (!(burstiness > 0)) {
            throw root.child("burstiness").error("must be > 0, got " + burstiness);
        }
        Stage stage = Double.isInfinite(rate)
                ? new Stage.Concurrency(
                        maxConcurrency == null ? (int) Math.min(prompts, 1 << 20) : maxConcurrency, prompts, 0)
                : new Stage.Rate(rate, prompts / rate, Arrival.gamma(burstiness), prompts);
        int cap = Double.isInfinite(rate) || maxConcurrency == null ? 0 : maxConcurrency;
        long seed = root.child("seed").integer(defaultSeed);
        DataSpec data = data(root, dataset);
        boolean ignoreEos = root.has("ignore-eos") || dataset.equals("random");
        Map<String, Object> nativeOptions = new LinkedHashMap<>();
        for (String k : root.keys()) {
            nativeOptions.put(k, root.child(k).string(""));
        }
        nativeOptions.put("metadata", metadata(root.child("metadata")));
        ReportSpec report = new ReportSpec(
                true,
                true,
                root.has("save-detailed"),
                percentiles(root.child("metric-percentiles")),
                goodput(root.child("goodput")),
                null);
        return new WorkloadSpec(
                HarnessKind.VLLM_BENCHMARK,
                root.file(),
                new LoadSpec(List.of(stage), null, 0, cap, seed),
                new ApiSpec(endpoint(root), true, Map.of()),
                new ServerSpec(
                        root.child("backend").string("openai"),
                        InferencePerfReader.blankToNull(root.child("model").string(null)),
                        baseUrl(root),
                        ignoreEos,
                        null),
                InferencePerfReader.blankToNull(root.child("tokenizer").string(null)),
                data,
                report,
                nativeOptions,
                warnings);
    }

    private static DataSpec data(YamlNode root, String dataset) {
        switch (dataset) {
            case "random" -> {
                int in = nonNegative(root.child("random-input-len"), 1024);
                int out = nonNegative(root.child("random-output-len"), 128);
                double ratio = root.child("random-range-ratio").number(0.0);
                if (!(ratio >= 0 && ratio < 1)) {
                    throw root.child("random-range-ratio").error("must be in [0, 1), got " + ratio);
                }
                int prefix = nonNegative(root.child("random-prefix-len"), 0);
                return new DataSpec.Random(
                        uniform(in, ratio),
                        uniform(out, ratio),
                        (int) Math.min(
                                Integer.MAX_VALUE, root.child("num-prompts").integer(1000L)),
                        prefix,
                        1);
            }
            case "sharegpt" -> {
                if (!root.has("dataset-path")) {
                    throw root.error("dataset-name sharegpt needs dataset-path (a local ShareGPT JSON file)");
                }
                Integer fixed = root.child("sharegpt-output-len").integer((Integer) null);
                return new DataSpec.ShareGpt(
                        InferencePerfData.file(root.child("dataset-path")),
                        4,
                        1_000_000,
                        fixed == null ? 4 : 0,
                        1_000_000,
                        fixed);
            }
            default ->
                throw root.child("dataset-name")
                        .error(dataset + " datasets are not supported yet; use random or" + " sharegpt");
        }
    }

    private static LengthDistribution uniform(int len, double ratio) {
        if (ratio == 0) {
            return LengthDistribution.fixed(len);
        }
        int lo = (int) Math.floor(len * (1 - ratio));
        int hi = (int) Math.ceil(len * (1 + ratio));
        return new LengthDistribution(LengthDistribution.Kind.UNIFORM, lo, hi, len, 0);
    }

    private static EndpointType endpoint(YamlNode root) {
        String backend = root.child("backend").string("openai").toLowerCase(Locale.ROOT);
        String ep = root.child("endpoint").string(null);
        if (ep != null) {
            return GuidellmReader.endpoint(root.child("endpoint"));
        }
        return switch (backend) {
            case "openai", "vllm", "sglang", "lmdeploy", "tgi" -> EndpointType.COMPLETIONS;
            case "openai-chat" -> EndpointType.CHAT_COMPLETIONS;
            default ->
                throw root.child("backend")
                        .error("backend " + backend + " is not supported; use openai or" + " openai-chat");
        };
    }

    private static String baseUrl(YamlNode root) {
        String url = InferencePerfReader.blankToNull(root.child("base-url").string(null));
        if (url != null) {
            return url;
        }
        if (root.has("host") || root.has("port")) {
            return "http://" + root.child("host").string("127.0.0.1") + ":"
                    + root.child("port").integer(8000);
        }
        return null;
    }

    private static List<Double> percentiles(YamlNode n) {
        String text = n.string("99");
        List<Double> out = new ArrayList<>();
        for (String p : text.split(",")) {
            try {
                double v = Double.parseDouble(p.strip());
                if (!(v > 0 && v <= 100)) {
                    throw n.error("percentiles lie in (0, 100], got " + p.strip());
                }
                out.add(v);
            } catch (NumberFormatException e) {
                throw n.error("not a comma-separated list of numbers: '" + text + "'");
            }
        }
        return out;
    }

    /** Keys of the result JSON that {@code metadata} must not replace. */
    static final List<String> RESULT_KEYS = List.of(
            "date",
            "endpoint_type",
            "backend",
            "label",
            "model_id",
            "tokenizer_id",
            "num_prompts",
            "request_rate",
            "burstiness",
            "max_concurrency",
            "duration",
            "completed",
            "failed");

    /**
     * vLLM's {@code --metadata KEY=VALUE [KEY=VALUE ...]} (white-space separated pairs): one top-level string key of
     * the result JSON each.
     *
     * @throws io.llmharness.error.HarnessException naming the key when a pair has no {@code =} or would replace one
     *     of the result's own keys
     */
    public static Map<String, String> metadata(YamlNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        if (n.missing()) {
            return out;
        }
        for (String pair : n.string("").strip().split("\\s+")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw n.error("expected KEY=VALUE pairs separated by spaces, got '" + pair + "'");
            }
            String key = pair.substring(0, eq);
            if (RESULT_KEYS.contains(key) || key.matches("(mean|median|std)_.*|p[0-9].*")) {
                throw n.error("'" + key + "' would replace a key of the result JSON; choose another name");
            }
            out.put(key, pair.substring(eq + 1));
        }
        return out;
    }

    /** vLLM's {@code --goodput ttft:200 tpot:50}, milliseconds. */
    private static Map<String, Double> goodput(YamlNode n) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (n.missing()) {
            return out;
        }
        for (String pair : n.string("").strip().split("[\\s,]+")) {
            String[] kv = pair.split(":");
            String key = kv.length == 2 ? kv[0].strip() : "";
            String metric = switch (key) {
                case "ttft" -> "ttft";
                case "tpot" -> "tpot";
                case "e2el" -> "e2e_latency";
                default -> null;
            };
            if (metric == null) {
                throw n.error("expected ttft:<ms>, tpot:<ms> or e2el:<ms> pairs, got '" + pair + "'");
            }
            try {
                out.put(metric, Double.parseDouble(kv[1].strip()) / 1000.0);
            } catch (NumberFormatException e) {
                throw n.error("'" + kv[1] + "' is not a number of milliseconds");
            }
        }
        return out;
    }

    private static int nonNegative(YamlNode n, int dflt) {
        int v = n.integer(dflt);
        if (v < 0) {
            throw n.error("must be >= 0, got " + v);
        }
        return v;
    }
}
