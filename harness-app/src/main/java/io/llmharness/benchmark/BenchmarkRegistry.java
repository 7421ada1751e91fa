package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Finds the benchmark for a run: by {@code --model-category} (canonical name or alias, spelled loosely), or
 * inferred from {@code --model} (Hugging Face id or local path).
 *
 * <p>Category matching ignores case and treats {@code _}, {@code .} and spaces as {@code -}, so
 * {@code llama3.1-8b}, {@code llama3_1-8b} and {@code LLAMA3.1_8B} are the same; a submission suffix
 * {@code -99} or {@code -99.9} is ignored.
 */
public final class BenchmarkRegistry {

    private static final BenchmarkRegistry BUILT_IN = new BenchmarkRegistry(List.of(
            LlamaBenchmarks.llama2_70b(),
            LlamaBenchmarks.llama31_8b(),
            LlamaBenchmarks.llama31_8bEdge(),
            LlamaBenchmarks.llama31_405b(),
            MixtralBenchmark.spec(),
            DeepSeekR1Benchmark.spec(),
            GptOssBenchmark.spec(),
            Qwen3VlBenchmark.spec()));

    private final List<BenchmarkSpec> specs;
    private final Map<String, BenchmarkSpec> byName = new LinkedHashMap<>();

    /** A registry over the given specs; names and aliases must not collide. */
    public BenchmarkRegistry(List<BenchmarkSpec> specs) {
        this.specs = List.copyOf(specs);
        for (BenchmarkSpec spec : this.specs) {
            List<String> names = new ArrayList<>(spec.aliases());
            names.add(0, spec.category());
            for (String n : names) {
                BenchmarkSpec previous = byName.putIfAbsent(normalize(n), spec);
                if (previous != null && previous != spec) {
                    throw new IllegalArgumentException("name '" + n + "' used by " + previous + " and " + spec);
                }
            }
        }
    }

    /** The benchmarks this build knows. */
    public static BenchmarkRegistry builtIn() {
        return BUILT_IN;
    }

    /** All specs in registry order. */
    public List<BenchmarkSpec> all() {
        return specs;
    }

    /** Canonical category names, comma-separated, for messages and help texts. */
    public String categoryNames() {
        return specs.stream().map(BenchmarkSpec::category).collect(Collectors.joining(", "));
    }

    /**
     * Picks the benchmark for a run: {@code --model-category} when given, else inferred from {@code --model}.
     *
     * @throws HarnessException usage error naming the flag when neither gives a known benchmark
     */
    public BenchmarkSpec select(String modelCategory, String model) {
        if (modelCategory != null && !modelCategory.isBlank()) {
            return byCategory(modelCategory);
        }
        if (model == null || model.isBlank()) {
            throw HarnessException.usage(
                    "--model-category or --model is required to choose the benchmark; categories: " + categoryNames());
        }
        return inferFromModel(model)
                .orElseThrow(() -> HarnessException.usage("--model '" + model
                        + "': cannot tell the benchmark from the model name; pass --model-category (one of "
                        + categoryNames() + ")"));
    }

    /**
     * Looks up a {@code --model-category} value.
     *
     * @throws HarnessException usage error listing the known categories
     */
    public BenchmarkSpec byCategory(String name) {
        String key = normalize(name);
        BenchmarkSpec spec = byName.get(key);
        if (spec != null) {
            return spec;
        }
        if (key.endsWith("-interactive")) {
            BenchmarkSpec base = byName.get(key.substring(0, key.length() - "-interactive".length()));
            if (base != null) {
                throw HarnessException.usage("--model-category '" + name + "': the interactive variant is chosen"
                        + " with --scenario Interactive; use --model-category " + base.category());
            }
        }
        throw HarnessException.usage(
                "--model-category '" + name + "': unknown benchmark; use one of " + categoryNames());
    }

    /**
     * Infers the benchmark from a model id or path. Path segments are tried from the last one back (so a
     * Hugging Face cache path {@code models--org--Name/snapshots/<hash>} works); the first segment that matches
     * exactly one benchmark decides.
     *
     * @return empty when nothing matches or a segment matches several benchmarks
     */
    public Optional<BenchmarkSpec> inferFromModel(String model) {
        if (model == null) {
            return Optional.empty();
        }
        String[] segments = model.trim().split("[/\\\\]+");
        for (int i = segments.length - 1; i >= 0; i--) {
            String segment = normalize(segments[i]);
            if (segment.isEmpty()) {
                continue;
            }
            List<BenchmarkSpec> hits = specs.stream()
                    .filter(s -> s.modelPattern() != null)
                    .filter(s -> s.modelPattern().matcher(segment).find())
                    .toList();
            if (hits.size() == 1) {
                return Optional.of(hits.get(0));
            }
            if (hits.size() > 1) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * A warning when {@code --model} looks like a different benchmark's model than the chosen one (the user may
     * serve a renamed checkpoint on purpose, so this is not an error).
     */
    public Optional<String> mismatchWarning(BenchmarkSpec chosen, String model) {
        if (model == null || model.isBlank()) {
            return Optional.empty();
        }
        return inferFromModel(model)
                .filter(inferred -> !inferred.referenceModel().equals(chosen.referenceModel()))
                .map(inferred -> "--model '" + model + "' looks like " + inferred.category() + " but --model-category"
                        + " is " + chosen.category() + "; check that the server runs " + chosen.referenceModel());
    }

    /** Lower case; {@code _ . space} → {@code -}; repeated dashes collapsed; {@code -99}/{@code -99.9} dropped. */
    static String normalize(String name) {
        String n =
                name.trim().toLowerCase(Locale.ROOT).replaceAll("[_.\\s]+", "-").replaceAll("-+", "-");
        return n.replaceAll("-99(-9)?$", "");
    }
}
