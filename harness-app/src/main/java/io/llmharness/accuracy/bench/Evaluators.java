package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.Evaluator;
import java.util.Optional;

/** The evaluator of each benchmark category (see docs/accuracy.md for which metric each uses). */
public final class Evaluators {

    private Evaluators() {}

    /** The evaluator for a canonical {@code --model-category} name. */
    public static Optional<Evaluator> of(String category) {
        return Optional.ofNullable(
                switch (category) {
                    case "llama2-70b" -> new CnnRougeEvaluator(true);
                    case "llama3.1-8b", "llama3.1-8b-edge" -> new CnnRougeEvaluator(false);
                    case "llama3.1-405b" -> new Llama405bEvaluator();
                    case "mixtral-8x7b" -> new MixtralEvaluator();
                    case "deepseek-r1" -> new DeepSeekEvaluator();
                    case "gpt-oss-120b" -> new GptOssEvaluator();
                    case "qwen3-vl-235b-a22b" -> new Qwen3VlEvaluator();
                    default -> null;
                });
    }
}
