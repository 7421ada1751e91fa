package io.llmharness.simulator.request;

import io.llmharness.simulator.OutputMode;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.engine.PromptGroup;
import io.llmharness.simulator.engine.Sequence;
import io.llmharness.simulator.engine.SequenceListener;
import io.llmharness.simulator.engine.SequenceSpec;
import io.llmharness.simulator.output.OutputPlan;
import io.llmharness.simulator.output.SchemaSampler;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Turns a validated request into engine sequences, one per (prompt, sample), prompt-major. The random source of
 * each sequence is seeded from the server seed, the prompt's token ids and the choice: with a request {@code seed}
 * the output is reproducible (each sample differs); with temperature 0 it depends on the prompt only (all samples
 * equal, like greedy decoding); otherwise it is drawn from {@code entropy} and differs per request. A prompt with a
 * fixed answer ({@link io.llmharness.simulator.output.Answers}) generates that answer and EOS, whatever its limits.
 */
public final class Sequences {
    private Sequences() {}

    /**
     * @param entropy a per-request random value used when the request is neither seeded nor greedy
     */
    public static List<Sequence> create(
            SimulatorOptions o, GenerationRequest req, SequenceListener listener, long arrivalNanos, long entropy) {
        List<Sequence> out = new ArrayList<>(req.choices());
        int choice = 0;
        for (int p = 0; p < req.prompts().size(); p++) {
            PromptInput in = req.prompts().get(p);
            Sampling s = in.sampling();
            PromptGroup group = new PromptGroup(s.n());
            long promptHash = hash(in.ids());
            int[] answer = s.constraint() == null ? o.streaming().answers().find(in.ids()) : null;
            for (int j = 0; j < s.n(); j++) {
                long seed;
                if (s.seed() != null) {
                    seed = mix(mix(o.seed() ^ s.seed()) ^ promptHash) + j;
                } else if (s.temperature() == 0) {
                    seed = mix(o.seed() ^ promptHash);
                } else {
                    seed = mix(entropy + j * 0x9E3779B97F4A7C15L);
                }
                SequenceSpec spec = new SequenceSpec(
                        choice++,
                        p,
                        in.ids(),
                        answer == null ? s.maxTokens() : Math.max(s.maxTokens(), answer.length + 1),
                        s.minTokens(),
                        s.stop(),
                        s.includeStopStr(),
                        s.stopTokenIds(),
                        answer == null ? plan(o, in, new SplittableRandom(seed)) : new OutputPlan.Fixed(answer, false),
                        s.cacheSalt() == null ? 0 : s.cacheSalt().hashCode() | 1L,
                        in.mediaSalt(),
                        in.firstMediaPos(),
                        s.constraint() != null);
                out.add(new Sequence(spec, listener, group, arrivalNanos));
            }
        }
        return out;
    }

    static OutputPlan plan(SimulatorOptions o, PromptInput in, SplittableRandom rng) {
        Sampling s = in.sampling();
        Constraint c = s.constraint();
        if (c != null) {
            String text = switch (c) {
                case Constraint.Schema schema -> SchemaSampler.sample(schema.schema(), rng);
                case Constraint.AnyJsonObject any -> SchemaSampler.sampleObject(rng);
                case Constraint.Choice choice ->
                    choice.choices().get(rng.nextInt(choice.choices().size()));
            };
            return new OutputPlan.Fixed(SimTokenizer.INSTANCE.encode(text), false);
        }
        if (o.streaming().outputMode() == OutputMode.ECHO) {
            return new OutputPlan.Fixed(in.echoIds(), s.ignoreEos());
        }
        return new OutputPlan.RandomWords(rng, s.maxTokens(), s.minTokens(), s.ignoreEos());
    }

    static long hash(int[] ids) {
        long h = 0x243F6A8885A308D3L;
        for (int id : ids) {
            h = (h ^ id) * 0x100000001B3L;
        }
        return mix(h ^ ids.length);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
