package io.llmharness.run;

import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.PromptOptions;
import io.llmharness.secret.Secrets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code harness run} command line that repeats a run: the benchmark, scenario and mode spelled out, every
 * file as an absolute path, every flag that was given. Server options of a {@code --server-config} run are
 * resolved into the config's {@code target.server} section instead of being repeated here.
 */
final class RerunCommand {

    private final List<String> args = new ArrayList<>(List.of("harness", "run"));

    private RerunCommand() {}

    static List<String> of(RunSpec spec) {
        RerunCommand c = new RerunCommand();
        RunRequest r = spec.request();
        BenchmarkOptions b = r.benchmark();
        c.add("--model-category", spec.benchmark().spec().category());
        c.add("--model", spec.requestModel());
        c.add("--scenario", spec.benchmark().loadGen().scenario().displayName());
        c.add("--test-mode", spec.benchmark().mode().cliName());
        c.add("--lg-model-name", b.lgModelName());
        c.add("--dataset-path", ResolvedConfig.abs(r.dataset().path()));
        c.add("--num-samples", r.dataset().numSamples());
        r.dataset().columns().forEach((col, name) -> c.add(col.flag(), name));
        switch (spec.target()) {
            case Target.External e -> e.urls().forEach(u -> c.add("--api-server-url", u));
            case Target.Simulated s -> {
                c.args.add("--simulate");
                c.add(
                        "--simulate-persona",
                        s.options().identity().persona().name().toLowerCase(Locale.ROOT));
            }
            case Target.Managed m -> {
                if (!"command line".equals(m.config().source())) {
                    c.add(
                            "--server-config",
                            ResolvedConfig.abs(java.nio.file.Path.of(m.config().source())));
                }
            }
        }
        c.add("--endpoint-type", r.target().endpointType());
        c.add("--lb-policy", r.target().lbPolicy());
        c.add("--user-conf", ResolvedConfig.abs(r.loadgen().userConf()));
        c.add("--mlperf-conf", ResolvedConfig.abs(r.loadgen().mlperfConf()));
        c.add(
                "--round",
                r.loadgen().round() == null ? null : r.loadgen().round().label());
        c.add("--server-target-qps", r.loadgen().serverTargetQps());
        c.add("--server-coalesce-queries", r.loadgen().serverCoalesceQueries());
        r.loadgen().sets().forEach(s -> c.add("--set", s));
        if (r.loadgen().trace()) {
            c.args.add("--loadgen-trace");
        }
        generation(c, b.generation());
        prompts(c, b.prompts());
        c.add("--batch-size", r.sut().batchSize());
        if (r.sut().offlineBackToBack()) {
            c.args.add("--offline-back-to-back");
        }
        c.add("--max-in-flight", r.sut().maxInFlight());
        c.add("--max-consecutive-failures", r.sut().maxConsecutiveFailures());
        c.add("--max-retries", r.sut().maxRetries());
        c.add("--warmup-requests", r.sut().warmupRequests());
        c.add("--max-connections", r.sut().maxConnections());
        c.add("--warmup-seconds", r.sut().warmupSeconds());
        c.add("--jit-nice", r.sut().jitNice());
        r.sut().healthThresholds().forEach(t -> c.add("--client-health-threshold", t));
        c.add("--request-id-prefix", r.sut().requestIdPrefix());
        c.add("--max-failure-rate", r.sut().maxFailureRate());
        access(c, r.access());
        if (r.metrics().enabled()) {
            c.args.add("--enable-metrics");
            c.add("--metrics-interval", r.metrics().interval().toMillis() / 1000.0);
        }
        if (r.debugMode()) {
            c.args.add("--debug-mode");
        }
        c.add("--output-dir", ResolvedConfig.abs(r.output().outputDir()));
        return Secrets.redactArgs(c.args);
    }

    /** The access flags, except the API key: it is never written (the resolved config says where it came from). */
    private static void access(RerunCommand c, AccessRequest a) {
        a.headers().forEach(h -> c.add("--header", h));
        if (a.insecure()) {
            c.args.add("--insecure");
        }
        c.add("--ca-cert", ResolvedConfig.abs(a.caCert()));
        c.add("--connect-timeout", a.connectTimeoutS());
        c.add("--request-timeout", a.requestTimeoutS());
        c.add("--idle-timeout", a.idleTimeoutS());
    }

    private static void generation(RerunCommand c, GenerationOptions g) {
        c.add("--generation-config", ResolvedConfig.abs(g.generationConfig()));
        c.add("--max-tokens", g.maxTokens());
        c.add("--temperature", g.temperature());
        c.add("--top-k", g.topK());
        c.add("--top-p", g.topP());
        c.add("--accuracy-temperature", g.accuracyTemperature());
        c.add("--accuracy-top-k", g.accuracyTopK());
        c.add("--accuracy-top-p", g.accuracyTopP());
        if (g.useGuidedDecoding()) {
            c.args.add("--use-guided-decoding");
        }
    }

    private static void prompts(RerunCommand c, PromptOptions p) {
        c.add("--system-prompt-file", ResolvedConfig.abs(p.systemPromptFile()));
        c.add("--user-prompt-template-file", ResolvedConfig.abs(p.userPromptTemplateFile()));
    }

    private void add(String flag, Object value) {
        if (value != null) {
            args.add(flag);
            args.add(value.toString());
        }
    }
}
