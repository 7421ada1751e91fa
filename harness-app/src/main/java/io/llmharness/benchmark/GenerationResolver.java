package io.llmharness.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.SamplingParams;
import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Resolves the generation parameters of a run. Later steps beat earlier ones, parameter by parameter:
 *
 * <ol>
 *   <li>the benchmark's reference defaults for the test mode;
 *   <li>{@code --generation-config}: top-level keys, then the {@code "performance"} or {@code "accuracy"}
 *       object for the mode ({@code null} values unset a parameter);
 *   <li>{@code --max-tokens}, {@code --temperature}, {@code --top-k}, {@code --top-p} (both modes);
 *   <li>in accuracy mode, {@code --accuracy-temperature}, {@code --accuracy-top-k}, {@code --accuracy-top-p}
 *       (ignored with a warning in performance mode);
 *   <li>{@code --use-guided-decoding}: adds the benchmark's JSON schema.
 * </ol>
 *
 * <p>Pure: the file is parsed beforehand ({@link GenerationConfigParser}).
 */
public final class GenerationResolver {
    private GenerationResolver() {}

    /** Reads {@code options.generationConfig()} when set, then resolves. */
    public static ResolvedGeneration resolve(BenchmarkSpec spec, RunMode mode, GenerationOptions options) {
        GenerationConfig file =
                options.generationConfig() == null ? null : GenerationConfigParser.read(options.generationConfig());
        return resolve(spec, mode, file, options);
    }

    /**
     * Resolves from already parsed inputs.
     *
     * @param file the parsed {@code --generation-config}, or {@code null}
     * @throws HarnessException when guided decoding is asked for a benchmark without a schema (usage), or when
     *     the merged minimum exceeds the maximum (config)
     */
    public static ResolvedGeneration resolve(
            BenchmarkSpec spec, RunMode mode, GenerationConfig file, GenerationOptions options) {
        SamplingParams reference = spec.defaults(mode);
        Steps steps = new Steps(reference, "default (" + spec.category() + " " + mode.cliName() + ")");
        List<String> warnings = new ArrayList<>();
        if (file != null) {
            warnings.addAll(file.warnings());
            steps.apply(file.common(), file.source());
            steps.apply(file.section(mode), file.source() + " " + mode.cliName());
            steps.addExtra(file.extra(), file.source());
        }
        steps.flag(GenParam.MAX_TOKENS, options.maxTokens(), "--max-tokens");
        steps.flag(GenParam.TEMPERATURE, options.temperature(), "--temperature");
        steps.flag(GenParam.TOP_K, options.topK(), "--top-k");
        steps.flag(GenParam.TOP_P, options.topP(), "--top-p");
        if (mode == RunMode.ACCURACY) {
            steps.flag(GenParam.TEMPERATURE, options.accuracyTemperature(), "--accuracy-temperature");
            steps.flag(GenParam.TOP_K, options.accuracyTopK(), "--accuracy-top-k");
            steps.flag(GenParam.TOP_P, options.accuracyTopP(), "--accuracy-top-p");
        } else {
            warnIgnored(warnings, "--accuracy-temperature", options.accuracyTemperature());
            warnIgnored(warnings, "--accuracy-top-k", options.accuracyTopK());
            warnIgnored(warnings, "--accuracy-top-p", options.accuracyTopP());
        }
        if (options.useGuidedDecoding()) {
            JsonNode schema = spec.guidedDecodingSchema();
            if (schema == null) {
                throw HarnessException.usage("--use-guided-decoding: " + spec.category()
                        + " has no output schema to enforce; drop the flag");
            }
            steps.params = steps.params.withJsonSchema(schema);
            steps.provenance.put("json_schema", "--use-guided-decoding");
        }
        steps.checkMinMax();
        return new ResolvedGeneration(steps.params, steps.provenance, warnings, deviations(reference, steps));
    }

    private static void warnIgnored(List<String> warnings, String flag, Object value) {
        if (value != null) {
            warnings.add(flag + " " + value + " ignored: it applies to accuracy runs only (--test-mode accuracy)");
        }
    }

    private static List<String> deviations(SamplingParams reference, Steps steps) {
        List<String> out = new ArrayList<>();
        for (GenParam p : GenParam.values()) {
            Object ref = p.get(reference);
            Object now = p.get(steps.params);
            if (!Objects.equals(ref, now)) {
                out.add(p.key() + " " + show(now) + " (reference " + show(ref) + ") from "
                        + steps.provenance.get(p.key()));
            }
        }
        if (!Objects.equals(reference.jsonSchema(), steps.params.jsonSchema())) {
            out.add("guided decoding on (reference: off) from --use-guided-decoding");
        }
        if (!reference.extra().equals(steps.params.extra())) {
            out.add("extra body fields " + steps.params.extra() + " (reference " + reference.extra() + ")");
        }
        return out;
    }

    private static String show(Object v) {
        return v == null ? "unset" : v.toString();
    }

    /** The mutable state of one resolution. */
    private static final class Steps {
        SamplingParams params;
        final Map<String, String> provenance = new LinkedHashMap<>();

        Steps(SamplingParams start, String source) {
            params = start;
            for (GenParam p : GenParam.values()) {
                if (p.get(start) != null) {
                    provenance.put(p.key(), source);
                }
            }
        }

        void apply(Map<GenParam, Object> values, String source) {
            values.forEach((p, v) -> set(p, v, v == null ? source + " (unset)" : source));
        }

        void flag(GenParam p, Object v, String flag) {
            if (v != null) {
                set(p, v, flag);
            }
        }

        void set(GenParam p, Object v, String source) {
            params = p.set(params, v);
            provenance.remove(p.key()); // keep the map in the order the final values were decided
            provenance.put(p.key(), source);
        }

        void addExtra(Map<String, Object> extra, String source) {
            if (extra.isEmpty()) {
                return;
            }
            Map<String, Object> merged = new LinkedHashMap<>(params.extra());
            merged.putAll(extra);
            params = new SamplingParams(
                    params.maxTokens(),
                    params.minTokens(),
                    params.temperature(),
                    params.topK(),
                    params.topP(),
                    params.seed(),
                    params.ignoreEos(),
                    params.stop(),
                    params.jsonSchema(),
                    merged);
            extra.keySet().forEach(k -> provenance.put("extra." + k, source));
        }

        void checkMinMax() {
            Integer min = params.minTokens();
            Integer max = params.maxTokens();
            if (min != null && max != null && min > max) {
                throw HarnessException.config("min_tokens " + min + " (from " + provenance.get("min_tokens")
                        + ") is greater than max_tokens " + max + " (from " + provenance.get("max_tokens")
                        + "); lower min_tokens or raise max_tokens");
            }
        }
    }
}
