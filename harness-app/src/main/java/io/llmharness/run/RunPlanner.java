package io.llmharness.run;

import io.llmharness.backend.config.Backend;
import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerOverrides;
import io.llmharness.backend.config.ServerSetting;
import io.llmharness.benchmark.BenchmarkRegistry;
import io.llmharness.benchmark.PromptKind;
import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.client.EndpointType;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.transport.BaseUrl;
import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.DatasetLoader;
import io.llmharness.dataset.DatasetOptions;
import io.llmharness.dataset.StandardColumn;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link RunRequest} into a validated {@link RunSpec}: flags are checked for consistency, the benchmark
 * and generation parameters resolved, the config files read, the LoadGen settings built, the server config
 * validated and the dataset loaded with every prompt built — all before any socket opens. Every problem is one
 * {@link HarnessException} line naming the flag, file, key, column or URL at fault.
 */
public final class RunPlanner {

    /** The seed harness's default server URL. */
    public static final String DEFAULT_URL = "http://localhost:8000";

    private RunPlanner() {}

    /** Plans a run named after the current time. */
    public static RunSpec plan(RunRequest request) {
        return plan(request, LocalDateTime.now());
    }

    static RunSpec plan(RunRequest r, LocalDateTime now) {
        RunRequest.TargetRequest tr = r.target();
        checkTargetFlags(tr);
        List<String> warnings = new ArrayList<>();
        ResolvedBenchmark benchmark = ResolvedBenchmark.resolve(BenchmarkRegistry.builtIn(), r.benchmark());
        warnings.addAll(benchmark.warnings());
        warnings.addAll(Test06Plan.check(benchmark));
        LoadGenSettings.Resolved lg = LoadGenSettings.resolve(
                r.loadgen(), benchmark.loadGen(), r.benchmark().testMode());
        warnings.addAll(lg.warnings());
        TestSettings settings = lg.settings();

        Path outputDir = r.output().outputDir();
        String runId = r.output().runId() != null
                ? r.output().runId()
                : RunNaming.unique(
                        outputDir,
                        RunNaming.id(
                                now,
                                benchmark.spec().category(),
                                benchmark.loadGen().scenario().displayName(),
                                settings.mode == io.llmharness.loadgen.TestMode.FIND_PEAK_PERFORMANCE
                                        ? io.llmharness.benchmark.RunMode.FIND_PEAK.cliName()
                                        : benchmark.mode().cliName()));
        Path runDir = outputDir.resolve(runId);

        String model = r.benchmark().model() != null && !r.benchmark().model().isBlank()
                ? r.benchmark().model().strip()
                : benchmark.spec().referenceModel();
        Target target = target(r, model, runDir);
        EndpointType endpoint = endpoint(tr, target, benchmark, warnings);
        target = fitSimulator(target, endpoint, tr);
        SutPlan sut = SutPlans.plan(r.sut(), benchmark, settings, endpoint, tr.lbPolicy(), warnings);
        AccessPlan access = access(r.access(), target, sut, warnings);
        target = lockSimulator(target, access);

        Dataset dataset = loadDataset(r.dataset(), benchmark);
        warnings.addAll(dataset.warnings());
        String datasetName = r.dataset().path().toString();
        warnings.addAll(benchmark.checkDataset(dataset.size(), datasetName));
        PromptTable prompts = PromptTable.build(benchmark, dataset, r.dataset().columns(), datasetName);
        warnings.addAll(prompts.warnings());
        return new RunSpec(
                r,
                benchmark,
                dataset,
                datasetName,
                prompts,
                settings,
                endpoint,
                target,
                model,
                sut,
                runId,
                runDir,
                warnings,
                access);
    }

    /** The key, headers, TLS trust and timeouts, checked against the target and the request-id flag. */
    private static AccessPlan access(AccessRequest r, Target target, SutPlan sut, List<String> warnings) {
        Target.Managed managed = target instanceof Target.Managed m ? m : null;
        AccessPlan access =
                AccessPlan.resolve(r, managed == null ? null : managed.config().apiKey(), managed != null);
        if (sut.requestIdPrefix() != null
                && access.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("X-Request-Id"))) {
            throw HarnessException.usage(
                    "--header X-Request-Id and --request-id-prefix both set X-Request-Id; give" + " one");
        }
        boolean https =
                target instanceof Target.External e && e.urls().stream().anyMatch(u -> u.startsWith("https://"));
        if ((r.insecure() || r.caCert() != null) && !https) {
            warnings.add((r.insecure() ? "--insecure" : "--ca-cert") + " has no effect: no server URL is https://");
        }
        return access;
    }

    /** With an API key, the embedded simulator requires it, as a server started with {@code --api-key} does. */
    private static Target lockSimulator(Target target, AccessPlan access) {
        if (target instanceof Target.Simulated s && access.apiKey() != null) {
            return new Target.Simulated(s.options()
                    .with(s.options().admission().withApiKey(access.apiKey().reveal())));
        }
        return target;
    }

    private static void checkTargetFlags(RunRequest.TargetRequest t) {
        int given =
                (t.apiServerUrls().isEmpty() ? 0 : 1) + (t.simulate() == null ? 0 : 1) + (t.servers() == null ? 0 : 1);
        if (given > 1) {
            throw HarnessException.usage("use one of --api-server-url, --simulate and --server-config: "
                    + (t.simulate() != null && !t.apiServerUrls().isEmpty()
                            ? "--simulate starts its own server, so it takes no --api-server-url"
                            : "--server-config starts its own servers and knows their URLs"));
        }
        for (String u : t.apiServerUrls()) {
            BaseUrl.parse(u, "--api-server-url");
        }
    }

    private static Target target(RunRequest r, String model, Path runDir) {
        RunRequest.TargetRequest t = r.target();
        if (t.simulate() != null) {
            SimulatorOptions given = t.simulate().options();
            return new Target.Simulated(
                    given.with(given.http().withHost("127.0.0.1").withPort(0))
                            .with(given.identity().withModel(model).withServedModelNames(List.of(model))));
        }
        if (t.servers() != null) {
            ServerOverrides fallbacks = new ServerOverrides()
                    .set(ServerSetting.OUTPUT_DIR, runDir.toString())
                    .set(ServerSetting.MODEL, r.benchmark().model());
            if (r.debugMode()) {
                fallbacks.set(ServerSetting.DEBUG_MODE, true);
            }
            ServerConfig cfg = t.servers().load(fallbacks);
            return new Target.Managed(cfg);
        }
        if (t.apiServerUrls().isEmpty()) {
            return new Target.External(List.of(DEFAULT_URL), true);
        }
        // checked and normalised here (a missing scheme means http://), so every later use sees a full URL
        List<String> urls = t.apiServerUrls().stream()
                .map(u -> BaseUrl.parse(u, "--api-server-url").display())
                .toList();
        return new Target.External(urls, false);
    }

    /**
     * {@code --endpoint-type}, else the server config's {@code endpoint_type}, else the benchmark's. One exception:
     * SGLang's completions endpoint returns no token ids, so a benchmark whose LoadGen payload is token ids goes to
     * SGLang's {@code /generate} with {@code input_ids} instead, as the reference harness does for gpt-oss (whose
     * seed config says {@code endpoint_type: completions}); {@code --endpoint-type completions} forces it.
     */
    private static EndpointType endpoint(
            RunRequest.TargetRequest t, Target target, ResolvedBenchmark b, List<String> warnings) {
        if (t.endpointType() != null) {
            return b.spec().endpoint(EndpointType.parse(t.endpointType(), "--endpoint-type"), "--endpoint-type");
        }
        EndpointType chosen = b.spec().endpoint();
        String where = null;
        if (target instanceof Target.Managed m) {
            chosen = b.spec().endpoint(m.config().endpointType(), m.config().source() + " endpoint_type");
            where = m.config().backend() == Backend.SGLANG ? m.config().source() + " (SGLang)" : null;
        } else if (target instanceof Target.Simulated s
                && s.options().identity().sglang()) {
            where = "--simulate-persona sglang";
        }
        if (where != null
                && chosen == EndpointType.COMPLETIONS
                && b.spec().responseEncoding() == ResponseEncoding.TOKEN_IDS_INT32
                && b.spec().promptKind().supports(EndpointType.GENERATE)) {
            warnings.add(where + ": SGLang's completions endpoint returns no token ids, so " + b.spec()
                    + " sends its prompts to SGLang's generate endpoint as input_ids, as the reference harness does"
                    + " for gpt-oss (--endpoint-type completions forces completions)");
            return EndpointType.GENERATE;
        }
        return chosen;
    }

    /** The vLLM simulator has no {@code /generate}: a benchmark that needs it gets the SGLang persona. */
    private static Target fitSimulator(Target target, EndpointType endpoint, RunRequest.TargetRequest t) {
        if (!(target instanceof Target.Simulated s)
                || endpoint != EndpointType.GENERATE
                || s.options().identity().sglang()) {
            return target;
        }
        if (t.simulate().personaGiven()) {
            throw HarnessException.config("--simulate-persona vllm: the generate endpoint is SGLang's; use"
                    + " --simulate-persona sglang or --endpoint-type completions");
        }
        return new Target.Simulated(s.options().with(s.options().identity().withPersona(Persona.SGLANG)));
    }

    private static Dataset loadDataset(RunRequest.DatasetRequest d, ResolvedBenchmark b) {
        if (d.path() == null) {
            throw HarnessException.usage("--dataset-path is required: the dataset file to run (e.g. cnn_eval.json)");
        }
        DatasetOptions options = DatasetOptions.defaults().withCacheDir(d.cacheDir());
        for (Map.Entry<StandardColumn, String> e : d.columns().entrySet()) {
            options = options.withColumn(e.getKey(), e.getValue());
        }
        if (d.numSamples() != null) {
            if (d.numSamples() < 0) {
                throw HarnessException.usage("--num-samples " + d.numSamples() + ": must be 0 (all rows) or more");
            }
            options = options.withNumSamples(d.numSamples());
        }
        PromptKind kind = b.spec().promptKind();
        if (kind == PromptKind.TOKEN_IDS) {
            options = options.withRequired(StandardColumn.INPUT_IDS);
        } else if (kind == PromptKind.TEXT) {
            options = options.withRequired(StandardColumn.INPUT);
        }
        return DatasetLoader.load(d.path(), options);
    }
}
