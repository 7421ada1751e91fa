package io.llmharness.workload.read;

import io.llmharness.client.EndpointType;
import io.llmharness.client.transport.HeaderNames;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.ServerSpec;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;

/**
 * Reads an inference-perf config ({@code inference-perf --config_file}): {@code load}, {@code api}, {@code server},
 * {@code tokenizer}, {@code data}, {@code report}, {@code storage}, {@code metrics}. Defaults are inference-perf's.
 * Load and data sections have their own readers ({@link InferencePerfLoad}, {@link InferencePerfData}).
 */
public final class InferencePerfReader {

    static final List<String> TOP =
            List.of("load", "api", "server", "tokenizer", "data", "report", "storage", "metrics", "circuit_breakers");

    private InferencePerfReader() {}

    /**
     * Reads a rendered profile.
     *
     * @param root the parsed YAML
     * @param defaultSeed seed used when the profile sets no {@code load.base_seed}
     */
    public static WorkloadSpec read(YamlNode root, long defaultSeed) {
        root.allowOnly(TOP);
        List<String> warnings = new ArrayList<>();
        YamlNode breakers = root.child("circuit_breakers");
        if (!breakers.list().isEmpty()) {
            throw breakers.error("circuit breakers are not supported yet; remove the section");
        }
        LoadSpec load = InferencePerfLoad.read(root.child("load"), defaultSeed, warnings);
        ApiSpec api = api(root.child("api"), warnings);
        ServerSpec server = server(root.child("server"));
        String tokenizer = tokenizer(root.child("tokenizer"), warnings);
        var data = InferencePerfData.read(root.child("data"), load, api, warnings);
        var report = InferencePerfReport.read(root.child("report"), root.child("metrics"), warnings);
        if (report.prometheus() != null && report.prometheus().perStage()) {
            // inference-perf pauses at least one scrape between stages when it reports each stage from Prometheus
            load = load.withInterval(
                    Math.max(load.intervalS(), report.prometheus().scrapeIntervalS()));
        }
        storage(root.child("storage"), warnings);
        return new WorkloadSpec(
                HarnessKind.INFERENCE_PERF,
                root.file(),
                load,
                api,
                server,
                tokenizer,
                data,
                report,
                new LinkedHashMap<>(),
                warnings);
    }

    private static ApiSpec api(YamlNode api, List<String> warnings) {
        api.allowOnly(List.of(
                "type",
                "streaming",
                "headers",
                "slo_unit",
                "slo_ttft_header",
                "slo_tpot_header",
                "response_format",
                "session_id_header_key",
                "session_token_header_key"));
        String type = api.child("type").oneOf("completion", Set.of("completion", "chat", "anthropic_messages"));
        if (type.equals("anthropic_messages")) {
            throw api.child("type").error("anthropic_messages is not supported yet; use completion or chat");
        }
        api.reject("response_format", "structured output (response_format) is not supported yet in workload mode");
        for (String k : List.of("slo_unit", "slo_ttft_header", "slo_tpot_header")) {
            if (api.has(k)) {
                warnings.add(api.where(k) + ": per-request SLO headers are not sent; give goodput SLOs in"
                        + " report.goodput.constraints or with --slo instead");
            }
        }
        String sessionHeader = headerName(api, "session_id_header_key");
        String tokenHeader = headerName(api, "session_token_header_key");
        if (tokenHeader != null && tokenHeader.equalsIgnoreCase(sessionHeader)) {
            throw api.child("session_token_header_key")
                    .error("'" + tokenHeader + "' is also session_id_header_key; give the token its own header");
        }
        return new ApiSpec(
                type.equals("chat") ? EndpointType.CHAT_COMPLETIONS : EndpointType.COMPLETIONS,
                api.child("streaming").bool(false),
                api.child("headers").stringMap(),
                sessionHeader,
                tokenHeader);
    }

    /** A header name the client may set, stripped; null when the key is absent or blank. */
    private static String headerName(YamlNode api, String key) {
        String name = api.child(key).string(null);
        if (name == null || name.isBlank()) {
            return null;
        }
        if (!HeaderNames.valid(name.strip()) || HeaderNames.reserved(name.strip())) {
            throw api.child(key)
                    .error("'" + name + "' is not a header name the client may set (letters, digits and -, not one"
                            + " the client writes itself such as Content-Type)");
        }
        return name.strip();
    }

    private static ServerSpec server(YamlNode s) {
        s.allowOnly(List.of("type", "model_name", "base_url", "ignore_eos", "api_key", "cert_path", "key_path"));
        String type = s.child("type").oneOf("vllm", Set.of("vllm", "sglang", "tgi", "mock"));
        if (type.equals("mock")) {
            throw s.child("type")
                    .error("the mock server sends no requests; run against the simulator instead"
                            + " (harness bench --simulate, or harness sim)");
        }
        s.reject("cert_path", "client certificates are not supported yet");
        s.reject("key_path", "client certificates are not supported yet");
        String model = blankToNull(s.child("model_name").string(null));
        return new ServerSpec(
                type,
                model,
                blankToNull(s.child("base_url").string(null)),
                s.child("ignore_eos").bool(true),
                blankToNull(s.child("api_key").string(null)));
    }

    private static String tokenizer(YamlNode t, List<String> warnings) {
        t.allowOnly(List.of("pretrained_model_name_or_path", "trust_remote_code", "token"));
        if (t.child("trust_remote_code").bool(false)) {
            warnings.add(t.where("trust_remote_code") + ": remote tokenizer code is never run; the tokenizer files"
                    + " are read as data");
        }
        if (t.has("token")) {
            warnings.add(t.where("token") + ": nothing is downloaded, so the hub token is not used");
        }
        return blankToNull(t.child("pretrained_model_name_or_path").string(null));
    }

    private static void storage(YamlNode s, List<String> warnings) {
        s.allowOnly(List.of("local_storage", "google_cloud_storage", "simple_storage_service"));
        s.reject("google_cloud_storage", "cloud storage is not supported; results go to --output-dir");
        s.reject("simple_storage_service", "cloud storage is not supported; results go to --output-dir");
        YamlNode local = s.child("local_storage");
        local.allowOnly(List.of("path", "report_file_prefix"));
        if (local.has("report_file_prefix")) {
            warnings.add(local.where("report_file_prefix") + ": file names are fixed; the prefix is not applied");
        }
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
