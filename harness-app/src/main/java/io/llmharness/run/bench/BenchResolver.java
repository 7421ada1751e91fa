package io.llmharness.run.bench;

import io.llmharness.run.AccessPlan;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.RenderedProfile;
import io.llmharness.workload.read.ProfileReaders;
import io.llmharness.workload.spec.WorkloadSpec;
import io.llmharness.workload.template.EnvTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders and reads the profile, then applies the command line over it. The environment the template sees is the
 * process's, plus what llm-d derives at run time: {@code LLMDBENCH_DEPLOY_CURRENT_MODEL} (and
 * {@code ..._CURRENT_TOKENIZER}) from {@code -m} or {@code /v1/models}, {@code LLMDBENCH_HARNESS_STACK_ENDPOINT_URL}
 * from {@code --endpoint} or the simulator. Flags beat files: {@code --endpoint} and {@code -m} replace the profile's
 * {@code base_url} and {@code model_name}, {@code --seed} its seed, {@code --slo} its goodput constraints.
 */
final class BenchResolver {

    static final String MODEL_VAR = "LLMDBENCH_DEPLOY_CURRENT_MODEL";
    static final String TOKENIZER_VAR = "LLMDBENCH_DEPLOY_CURRENT_TOKENIZER";
    static final String URL_VAR = "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL";

    /** Seed when neither the profile nor {@code --seed} sets one. */
    static final long DEFAULT_SEED = 42;

    private BenchResolver() {}

    /**
     * Resolves a request.
     *
     * @param source the located template
     * @param endpoint the server URL known before rendering (flag, variable or simulator), or null
     * @param endpointFrom where it came from
     * @param discover whether the model may be asked from the server ({@code /v1/models}); false in a dry run
     */
    static ResolvedBench resolve(
            BenchRequest req, ProfileSource source, String endpoint, String endpointFrom, boolean discover) {
        List<String> warnings = new ArrayList<>();
        List<String> endpoints = endpoint == null
                ? List.of()
                : java.util.Arrays.stream(endpoint.split(","))
                        .map(String::strip)
                        .toList();
        endpoint = endpoints.isEmpty() ? null : endpoints.get(0); // the model and the tokenizer are asked of the first
        boolean simulate = req.target().simulate();
        AccessPlan early = req.access().early(simulate);
        String model = blankOrAuto(req.target().model());
        String modelFrom = req.target().modelFrom();
        if (model == null && endpoint != null && discover) {
            model = BenchTarget.discoverModel(endpoint, early);
            modelFrom = "GET " + endpoint + "/v1/models";
        }
        if (model == null && endpoint == null && discover && needsModel(source)) {
            // the URL may be written in the profile itself: read it with a placeholder model, then ask that server
            WorkloadSpec first = firstRender(req, source, env(req, "auto", null));
            String url = first.server().baseUrl();
            if (url != null) {
                model = BenchTarget.discoverModel(url, req.access().plan(first, source.display(), simulate));
                modelFrom = "GET " + url + "/v1/models";
            }
        }
        if (model == null && !discover && needsModel(source)) {
            model = "auto";
            modelFrom = "not known in a dry run (a run asks the server's /v1/models)";
        }
        Map<String, String> env = env(req, model, endpoint);
        RenderedProfile rendered = RenderedProfile.render(
                source, req.profile().overrides(), req.profile().overridesFrom(), env);
        warnings.addAll(rendered.warnings());
        long seed = req.options().seed() != null ? req.options().seed() : DEFAULT_SEED;
        WorkloadSpec spec = ProfileReaders.read(rendered, seed);
        warnings.addAll(spec.warnings());
        if (req.options().seed() != null) {
            spec = spec.withLoad(spec.load().withSeed(req.options().seed()));
        }
        if (req.trace() != null) {
            spec = ReplayLoad.apply(spec, req.trace(), warnings);
        }
        spec = req.access().withSessionHeader(spec);
        AccessPlan access = req.access().plan(spec, source.display(), simulate);
        String baseUrl = endpoint != null ? endpoint : spec.server().baseUrl();
        String baseUrlFrom = endpoint != null ? endpointFrom : source.display() + ": server.base_url";
        String finalModel = model;
        String finalModelFrom = modelFrom;
        if (finalModel == null || finalModel.equals("auto")) {
            String fromProfile = blankOrAuto(spec.server().model());
            if (fromProfile != null) {
                finalModel = fromProfile;
                finalModelFrom = source.display() + ": server.model_name";
            } else if (baseUrl != null && discover) {
                finalModel = BenchTarget.discoverModel(baseUrl, access);
                finalModelFrom = "GET " + baseUrl + "/v1/models";
            }
        } else if (spec.server().model() != null && !spec.server().model().equals(finalModel)) {
            warnings.add(modelFrom + " " + finalModel + " replaces the profile's model_name "
                    + spec.server().model());
        }
        spec = spec.withServer(spec.server().withModel(finalModel).withBaseUrl(baseUrl));
        if (!req.options().sloSeconds().isEmpty()) {
            Map<String, Double> slos = new LinkedHashMap<>(spec.report().goodputSeconds());
            slos.putAll(req.options().sloSeconds());
            spec = spec.withReport(spec.report().withGoodput(slos));
        }
        BenchTokenizer tokenizer =
                BenchTokenizer.plan(req, spec, source.display(), finalModel, finalModelFrom, baseUrl);
        return new ResolvedBench(
                rendered,
                spec,
                baseUrl,
                baseUrlFrom,
                endpoints.size() > 1 ? endpoints : List.of(),
                finalModel,
                finalModelFrom,
                tokenizer,
                warnings,
                access);
    }

    private static WorkloadSpec firstRender(BenchRequest req, ProfileSource source, Map<String, String> env) {
        return ProfileReaders.read(
                RenderedProfile.render(
                        source, req.profile().overrides(), req.profile().overridesFrom(), env),
                DEFAULT_SEED);
    }

    private static boolean needsModel(ProfileSource source) {
        return EnvTemplate.variables(source.text()).contains(MODEL_VAR)
                || EnvTemplate.variables(source.text()).contains(TOKENIZER_VAR);
    }

    /** The process environment plus what llm-d derives at run time. */
    static Map<String, String> env(BenchRequest req, String model, String endpoint) {
        Map<String, String> env = new HashMap<>(req.env().variables());
        if (model != null) {
            env.put(MODEL_VAR, model);
            env.putIfAbsent(TOKENIZER_VAR, model);
        }
        if (endpoint != null) {
            env.put(URL_VAR, endpoint);
        }
        env.putIfAbsent("LLMDBENCH_HARNESS_PVC_NAME", "workload-pvc");
        return env;
    }

    private static String blankOrAuto(String s) {
        return s == null || s.isBlank() || s.strip().equals("auto") ? null : s.strip();
    }
}
