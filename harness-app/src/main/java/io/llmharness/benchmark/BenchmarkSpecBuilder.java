package io.llmharness.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Fluent builder for {@link BenchmarkSpec}; the component docs there describe each value. */
public final class BenchmarkSpecBuilder {
    private final String category;
    private List<String> aliases = List.of();
    private String referenceModel;
    private Pattern modelPattern;
    private EndpointType endpoint = EndpointType.COMPLETIONS;
    private List<PromptSource> promptSources = List.of();
    private List<String> targetColumns = List.of();
    private DatasetInfo dataset;
    private final List<LoadGenVariant> variants = new ArrayList<>();
    private int performanceSampleCount;
    private Integer accuracySampleCount;
    private boolean tokenLatencies = true;
    private SamplingParams performanceDefaults = SamplingParams.SERVER_DEFAULTS;
    private SamplingParams accuracyDefaults;
    private List<Integer> eosTokenIds = List.of();
    private ResponseEncoding responseEncoding = ResponseEncoding.TOKEN_IDS_INT32;
    private JsonNode guidedDecodingSchema;
    private String accuracyNotes = "";
    private List<String> complianceTests = List.of();
    private String notes = "";

    BenchmarkSpecBuilder(String category) {
        this.category = category;
    }

    public BenchmarkSpecBuilder aliases(String... v) {
        aliases = List.of(v);
        return this;
    }

    /** Reference checkpoint and the pattern that infers this benchmark from {@code --model}. */
    public BenchmarkSpecBuilder model(String hfId, String pattern) {
        referenceModel = hfId;
        modelPattern = pattern == null ? null : Pattern.compile(pattern);
        return this;
    }

    public BenchmarkSpecBuilder endpoint(EndpointType v) {
        endpoint = v;
        return this;
    }

    public BenchmarkSpecBuilder prompt(PromptSource... v) {
        promptSources = List.of(v);
        return this;
    }

    public BenchmarkSpecBuilder targets(String... v) {
        targetColumns = List.of(v);
        return this;
    }

    public BenchmarkSpecBuilder dataset(DatasetInfo v) {
        dataset = v;
        return this;
    }

    /** Adds a LoadGen model name for the given scenarios. */
    public BenchmarkSpecBuilder variant(String modelName, LatencyLimits limits, RunScenario... scenarios) {
        variants.add(new LoadGenVariant(modelName, Set.of(scenarios), limits));
        return this;
    }

    /** Performance sample count; the accuracy count equals it unless {@link #accuracySamples} is called. */
    public BenchmarkSpecBuilder samples(int v) {
        performanceSampleCount = v;
        return this;
    }

    public BenchmarkSpecBuilder accuracySamples(int v) {
        accuracySampleCount = v;
        return this;
    }

    public BenchmarkSpecBuilder tokenLatencies(boolean v) {
        tokenLatencies = v;
        return this;
    }

    /** The same generation parameters for both test modes. */
    public BenchmarkSpecBuilder generation(SamplingParams both) {
        performanceDefaults = both;
        accuracyDefaults = both;
        return this;
    }

    public BenchmarkSpecBuilder generation(SamplingParams performance, SamplingParams accuracy) {
        performanceDefaults = performance;
        accuracyDefaults = accuracy;
        return this;
    }

    public BenchmarkSpecBuilder eos(Integer... v) {
        eosTokenIds = List.of(v);
        return this;
    }

    public BenchmarkSpecBuilder response(ResponseEncoding v) {
        responseEncoding = v;
        return this;
    }

    public BenchmarkSpecBuilder guidedDecodingSchema(JsonNode v) {
        guidedDecodingSchema = v;
        return this;
    }

    public BenchmarkSpecBuilder accuracy(String v) {
        accuracyNotes = v;
        return this;
    }

    public BenchmarkSpecBuilder compliance(String... v) {
        complianceTests = List.of(v);
        return this;
    }

    public BenchmarkSpecBuilder notes(String v) {
        notes = v;
        return this;
    }

    public BenchmarkSpec build() {
        return new BenchmarkSpec(
                category,
                aliases,
                referenceModel,
                modelPattern,
                endpoint,
                promptSources,
                targetColumns,
                dataset,
                variants,
                performanceSampleCount,
                accuracySampleCount == null ? performanceSampleCount : accuracySampleCount,
                tokenLatencies,
                performanceDefaults,
                accuracyDefaults == null ? performanceDefaults : accuracyDefaults,
                eosTokenIds,
                responseEncoding,
                guidedDecodingSchema,
                accuracyNotes,
                complianceTests,
                notes);
    }
}
