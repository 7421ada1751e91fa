package io.llmharness.run.bench;

import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.tokenizer.SyntheticTokenizer;
import io.llmharness.tokenizer.TokenizerRequest;
import io.llmharness.tokenizer.Tokenizers;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which tokenizer a workload run counts tokens with. The name comes from {@code --tokenizer}, else the profile
 * ({@code tokenizer.pretrained_model_name_or_path}, vLLM's {@code tokenizer}, guidellm's {@code processor}), else the
 * model; {@link Tokenizers}
 * then takes the first source that works: that {@code tokenizer.json} (a path must exist), a local model folder or
 * the Hugging Face cache, the server's {@code /tokenize}, the synthetic vocabulary. Against the embedded simulator
 * ({@code --simulate}) the synthetic vocabulary is taken at once: it is the simulator's own tokenizer.
 *
 * @param request what {@link Tokenizers#resolve} may use, or null when the synthetic vocabulary is taken at once
 * @param direct why the synthetic vocabulary was taken at once (the flag that asked for it), or null
 */
record BenchTokenizer(TokenizerRequest request, String direct) {

    /** {@code --tokenizer} values meaning the synthetic vocabulary (the simulator's tokenizer). */
    static final Set<String> SYNTHETIC_NAMES = Set.of("synthetic", "simulator", "sim");

    /**
     * The plan for a run, or null when its data needs no tokenizer ({@code mock}).
     *
     * @param profile the profile's name for messages ({@code p.yaml})
     * @param model the model the requests name, or null
     * @param modelFrom where it came from
     * @param baseUrl the server, whose {@code /tokenize} may be used, or null
     */
    static BenchTokenizer plan(
            BenchRequest req, WorkloadSpec spec, String profile, String model, String modelFrom, String baseUrl) {
        if (!spec.data().needsTokenizer() && spec.load().replay() == null) {
            return null;
        }
        String flag = req.target().tokenizer();
        if (flag != null && SYNTHETIC_NAMES.contains(flag.strip().toLowerCase(Locale.ROOT))) {
            return new BenchTokenizer(null, "--tokenizer " + flag.strip() + " asks for the synthetic vocabulary");
        }
        if (flag == null && req.target().simulate()) {
            return new BenchTokenizer(
                    null, "with --simulate the synthetic vocabulary is the server's own tokenizer (exact counts)");
        }
        TokenizerRequest t = TokenizerRequest.none()
                .withEnvironment(req.env().variables(), req.env().home());
        if (flag != null) {
            t = t.withPretrained(flag.strip(), "--tokenizer");
        } else if (spec.tokenizer() != null) {
            t = t.withPretrained(spec.tokenizer(), profile + ": " + key(spec));
        } else if (model != null && !model.equals("auto")) {
            t = t.withModel(model, modelFrom);
        }
        if (baseUrl != null) {
            t = t.withServer(baseUrl, model == null || model.equals("auto") ? null : model);
        }
        return new BenchTokenizer(t, null);
    }

    /** The profile key a harness names its tokenizer with. */
    static String key(WorkloadSpec spec) {
        return switch (spec.harness()) {
            case VLLM_BENCHMARK -> "tokenizer";
            case GUIDELLM -> "processor";
            default -> "tokenizer.pretrained_model_name_or_path";
        };
    }

    /**
     * Opens the tokenizer.
     *
     * @param askServer whether the server's {@code /tokenize} may be asked (false in a dry run)
     * @throws io.llmharness.error.HarnessException naming the flag or profile key when an explicit path does not
     *     exist or holds no readable {@code tokenizer.json}
     */
    ResolvedTokenizer open(boolean askServer) {
        if (request == null) {
            return new ResolvedTokenizer(
                    SyntheticTokenizer.INSTANCE,
                    ResolvedTokenizer.Kind.SYNTHETIC,
                    List.of("a tokenizer file or a server's /tokenize: " + direct));
        }
        TokenizerRequest r = askServer ? request : request.withServer(null, null);
        ResolvedTokenizer t = Tokenizers.resolve(r);
        if (!askServer && t.kind() == ResolvedTokenizer.Kind.SYNTHETIC && request.serverUrl() != null) {
            List<String> notes = new java.util.ArrayList<>(t.notes());
            notes.removeIf(n -> n.startsWith("a server's /tokenize"));
            notes.add("the server's /tokenize: not asked in a dry run (a run tries " + request.serverUrl()
                    + "/tokenize before the synthetic vocabulary)");
            return new ResolvedTokenizer(t.tokenizer(), t.kind(), notes);
        }
        return t;
    }
}
