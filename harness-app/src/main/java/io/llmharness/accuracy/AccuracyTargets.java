package io.llmharness.accuracy;

import java.util.ArrayList;
import java.util.List;

/**
 * The accuracy targets of the v6.0 submission checker, per benchmark: one target set, or two for llama2-70b (its
 * 99 % and 99.9 % submissions). Each bound is computed in double exactly as the checker writes it.
 */
public final class AccuracyTargets {

    /**
     * The gates of one submission benchmark.
     *
     * @param name the checker's benchmark name, e.g. {@code llama2-70b-99.9}
     * @param gates every check
     */
    public record TargetSet(String name, List<Gate> gates) {
        public TargetSet {
            gates = List.copyOf(gates);
        }
    }

    private AccuracyTargets() {}

    /** The target sets of a benchmark category; empty when the checker has none. */
    public static List<TargetSet> of(String category) {
        return switch (category) {
            case "llama3.1-8b" -> List.of(cnn("llama3.1-8b", 38.7792, 15.9075, 24.4957, 35.793, 8167644));
            case "llama3.1-8b-edge" -> List.of(cnn("llama3.1-8b-edge", 39.06, 16.1147, 24.6375, 36.124, 3051113));
            case "llama2-70b" -> List.of(llama2("llama2-70b-99", 0.99), llama2("llama2-70b-99.9", 0.999));
            case "mixtral-8x7b" ->
                List.of(new TargetSet(
                        "mixtral-8x7b",
                        List.of(
                                new Gate("rouge1", 45.5989 * 0.99, null),
                                new Gate("rouge2", 23.3526 * 0.99, null),
                                new Gate("rougeL", 30.4608 * 0.99, null),
                                new Gate("gsm8k", 73.66 * 0.99, null),
                                new Gate("mbxp", 60.16 * 0.99, null),
                                new Gate("tokens_per_sample", 144.84 * 0.9, 145.9 * 1.1))));
            case "llama3.1-405b" ->
                List.of(new TargetSet(
                        "llama3.1-405b",
                        List.of(
                                new Gate("rougeL", 21.6666 * 0.99, null),
                                new Gate("exact_match", 90.1335 * 0.99, null),
                                new Gate("tokens_per_sample", 684.68 * 0.9, 684.68 * 1.1))));
            case "deepseek-r1" ->
                List.of(new TargetSet(
                        "deepseek-r1",
                        List.of(
                                new Gate("exact_match", 0.99 * 81.3582, null),
                                new Gate("tokens_per_sample", 0.9 * 3886.2274, 1.1 * 3886.2274))));
            case "gpt-oss-120b" ->
                List.of(new TargetSet("gpt-oss-120b", List.of(new Gate("exact_match", 83.13 * 0.99, null))));
            case "qwen3-vl-235b-a22b" ->
                List.of(new TargetSet("qwen3-vl-235b-a22b", List.of(new Gate("f1", 0.7903 * 0.99, null))));
            default -> List.of();
        };
    }

    private static TargetSet cnn(String name, double r1, double r2, double rl, double rlsum, double genLen) {
        return new TargetSet(
                name,
                List.of(
                        new Gate("rouge1", r1 * 0.99, null),
                        new Gate("rouge2", r2 * 0.99, null),
                        new Gate("rougeL", rl * 0.99, null),
                        new Gate("rougeLsum", rlsum * 0.99, null),
                        new Gate("gen_len", genLen * 0.9, genLen * 1.1)));
    }

    private static TargetSet llama2(String name, double f) {
        List<Gate> g = new ArrayList<>();
        g.add(new Gate("rouge1", 44.4312 * f, null));
        g.add(new Gate("rouge2", 22.0352 * f, null));
        g.add(new Gate("rougeL", 28.6162 * f, null));
        g.add(new Gate("tokens_per_sample", 294.45 * 0.9, 294.45 * 1.1));
        return new TargetSet(name, g);
    }
}
