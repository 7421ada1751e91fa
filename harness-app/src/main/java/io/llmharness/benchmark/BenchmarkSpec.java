package io.llmharness.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Everything the harness needs to know about one MLPerf LLM/VLM benchmark, as data. Immutable; the built-in
 * specs live in {@link BenchmarkRegistry}.
 *
 * @param category canonical {@code --model-category} name, e.g. {@code llama3.1-8b}
 * @param aliases further accepted {@code --model-category} spellings (matching also ignores case, {@code _}
 *     vs {@code -} and {@code .} vs {@code -})
 * @param referenceModel the Hugging Face id of the reference checkpoint
 * @param modelPattern matched (with {@code find}) against a normalised segment of {@code --model} to infer the
 *     benchmark; {@code null} = never inferred (choose it with {@code --model-category})
 * @param endpoint the endpoint used unless the server config says otherwise
 * @param promptSources where the prompt comes from, in detection order; all of the same {@link PromptKind}
 * @param targetColumns ground-truth column(s) the accuracy evaluator reads (informational)
 * @param dataset the official dataset files
 * @param variants the LoadGen model names and the scenarios that run under each
 * @param performanceSampleCount LoadGen performance sample count (QSL size)
 * @param accuracySampleCount samples issued in accuracy mode (differs only for gpt-oss-120b)
 * @param tokenLatencies whether LoadGen measures TTFT/TPOT ({@code use_token_latencies = 1})
 * @param performanceDefaults generation parameters of the reference for performance runs
 * @param accuracyDefaults generation parameters of the reference for accuracy runs
 * @param eosTokenIds end-of-sequence ids, primary first (the one to pass to TEST06 {@code --eos_token_id});
 *     empty for text responses
 * @param responseEncoding how responses are handed to LoadGen
 * @param guidedDecodingSchema JSON schema sent with {@code --use-guided-decoding}; {@code null} = not supported
 * @param accuracyNotes how accuracy is evaluated and gated (for docs and reports; not an evaluator)
 * @param complianceTests compliance tests that apply, e.g. {@code TEST06}
 * @param notes caveats and source disagreements worth showing to users
 */
public record BenchmarkSpec(
        String category,
        List<String> aliases,
        String referenceModel,
        Pattern modelPattern,
        EndpointType endpoint,
        List<PromptSource> promptSources,
        List<String> targetColumns,
        DatasetInfo dataset,
        List<LoadGenVariant> variants,
        int performanceSampleCount,
        int accuracySampleCount,
        boolean tokenLatencies,
        SamplingParams performanceDefaults,
        SamplingParams accuracyDefaults,
        List<Integer> eosTokenIds,
        ResponseEncoding responseEncoding,
        JsonNode guidedDecodingSchema,
        String accuracyNotes,
        List<String> complianceTests,
        String notes) {

    public BenchmarkSpec {
        Objects.requireNonNull(category, "category");
        aliases = List.copyOf(aliases);
        promptSources = List.copyOf(promptSources);
        targetColumns = List.copyOf(targetColumns);
        variants = List.copyOf(variants);
        eosTokenIds = List.copyOf(eosTokenIds);
        complianceTests = List.copyOf(complianceTests);
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(performanceDefaults, "performanceDefaults");
        Objects.requireNonNull(accuracyDefaults, "accuracyDefaults");
        Objects.requireNonNull(responseEncoding, "responseEncoding");
        if (promptSources.isEmpty() || variants.isEmpty()) {
            throw new IllegalArgumentException(category + ": needs prompt sources and LoadGen variants");
        }
        PromptKind kind = promptSources.get(0).kind();
        if (promptSources.stream().anyMatch(s -> s.kind() != kind) || !kind.supports(endpoint)) {
            throw new IllegalArgumentException(category + ": prompt sources and endpoint do not agree");
        }
        Set<RunScenario> seen = new LinkedHashSet<>();
        for (LoadGenVariant v : variants) {
            for (RunScenario s : v.scenarios()) {
                if (!seen.add(s)) {
                    throw new IllegalArgumentException(category + ": scenario " + s + " in two variants");
                }
            }
        }
    }

    /** Starts a builder; see the field docs of this record. */
    public static BenchmarkSpecBuilder builder(String category) {
        return new BenchmarkSpecBuilder(category);
    }

    /** The kind of prompt this benchmark sends. */
    public PromptKind promptKind() {
        return promptSources.get(0).kind();
    }

    /** All input columns the prompt sources look for, in detection order, without duplicates. */
    public List<String> inputColumnCandidates() {
        Set<String> cols = new LinkedHashSet<>();
        promptSources.forEach(s -> cols.addAll(s.requiredColumns()));
        return List.copyOf(cols);
    }

    /** The reference generation parameters for a test mode. */
    public SamplingParams defaults(RunMode mode) {
        return mode == RunMode.ACCURACY ? accuracyDefaults : performanceDefaults;
    }

    /** Number of samples LoadGen uses in the given mode. */
    public int sampleCount(RunMode mode) {
        return mode == RunMode.ACCURACY ? accuracySampleCount : performanceSampleCount;
    }

    /** The scenarios this benchmark defines, in variant order. */
    public List<RunScenario> scenarios() {
        List<RunScenario> out = new ArrayList<>();
        for (LoadGenVariant v : variants) {
            for (RunScenario s : RunScenario.values()) {
                if (v.scenarios().contains(s)) {
                    out.add(s);
                }
            }
        }
        return List.copyOf(out);
    }

    /** The variant that runs the given scenario, if the benchmark defines it. */
    public Optional<LoadGenVariant> variant(RunScenario scenario) {
        return variants.stream().filter(v -> v.scenarios().contains(scenario)).findFirst();
    }

    /**
     * The LoadGen model name and settings for a scenario. Interactive maps to the {@code -interactive} name
     * (run as LoadGen Server).
     *
     * @param scenario the {@code --scenario} value
     * @param lgModelNameOverride {@code --lg-model-name}, or {@code null}/blank to use the benchmark's name;
     *     an override that names another variant of this benchmark takes that variant's limits
     * @throws HarnessException usage error naming {@code --scenario} when the benchmark does not define it
     */
    public LoadGenTarget loadGen(RunScenario scenario, String lgModelNameOverride) {
        LoadGenVariant variant = variant(scenario).orElseThrow(() -> unsupported(scenario));
        String name = variant.modelName();
        LatencyLimits limits = variant.limits();
        if (lgModelNameOverride != null && !lgModelNameOverride.isBlank()) {
            name = lgModelNameOverride.trim();
            String wanted = name;
            limits = variants.stream()
                    .filter(v -> v.modelName().equals(wanted))
                    .map(LoadGenVariant::limits)
                    .findFirst()
                    .orElse(LatencyLimits.NONE);
        }
        return new LoadGenTarget(name, scenario, limits, tokenLatencies, performanceSampleCount, accuracySampleCount);
    }

    private HarnessException unsupported(RunScenario scenario) {
        String hint = scenario == RunScenario.SINGLE_STREAM
                ? " (SingleStream is the edge benchmark: --model-category llama3.1-8b-edge)"
                : "";
        return HarnessException.usage("--scenario " + scenario + ": " + category + " does not define it; use one of "
                + scenarios().stream().map(RunScenario::displayName).collect(Collectors.joining(", "))
                + hint);
    }

    /**
     * The endpoint to use: the override (e.g. {@code endpoint_type} of the server config) when given, else the
     * benchmark's default.
     *
     * @param where where the override came from, for the error message (e.g. {@code server.yaml endpoint_type})
     * @throws HarnessException config error when the prompt kind cannot be sent to that endpoint
     */
    public EndpointType endpoint(EndpointType override, String where) {
        if (override == null) {
            return endpoint;
        }
        if (!promptKind().supports(override)) {
            throw HarnessException.config(where + " " + override.configName() + ": " + category + " sends "
                    + promptKindWords() + ", which that endpoint cannot take; use " + endpoint.configName());
        }
        return override;
    }

    private String promptKindWords() {
        return switch (promptKind()) {
            case TOKEN_IDS -> "token ids";
            case TEXT -> "text prompts";
            case CHAT -> "chat messages";
        };
    }

    /** The guided-decoding schema (a fresh copy: JSON nodes are mutable), or {@code null}. */
    @Override
    public JsonNode guidedDecodingSchema() {
        return guidedDecodingSchema == null ? null : guidedDecodingSchema.deepCopy();
    }

    /** The canonical name. */
    @Override
    public String toString() {
        return category;
    }
}
