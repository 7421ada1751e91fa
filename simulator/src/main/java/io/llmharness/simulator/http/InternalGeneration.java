package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.FinishReason;
import io.llmharness.simulator.engine.PromptGroup;
import io.llmharness.simulator.engine.Sequence;
import io.llmharness.simulator.engine.SequenceSpec;
import io.llmharness.simulator.engine.SubmitResult;
import io.llmharness.simulator.output.OutputPlan;
import io.llmharness.simulator.tokens.SimTokenizer;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A server-internal generation through the real engine (SGLang's warm-up request and {@code /health_generate}):
 * the future completes when its last token was produced, or fails when the engine refused or aborted it.
 */
final class InternalGeneration {
    private InternalGeneration() {}

    static Future<Void> run(ServerCore core, int tokens) {
        Promise<Void> done = Promise.promise();
        int[] prompt = SimTokenizer.INSTANCE.encode("The capital city of France is");
        SequenceSpec spec = new SequenceSpec(
                0,
                0,
                prompt,
                tokens,
                0,
                List.of(),
                false,
                new int[0],
                new OutputPlan.RandomWords(new SplittableRandom(7), tokens, 0, true),
                0,
                0,
                prompt.length,
                false);
        Sequence seq = new Sequence(
                spec,
                (s, id, text, finish, stop, now) -> {
                    if (finish == FinishReason.ABORT || finish == FinishReason.ERROR) {
                        done.tryFail("aborted");
                    } else if (finish != null) {
                        done.tryComplete();
                    }
                },
                new PromptGroup(1),
                System.nanoTime());
        core.engines.submit(List.of(seq), result -> {
            if (result != SubmitResult.ACCEPTED) {
                done.tryFail(result.name());
            }
        });
        return done.future();
    }
}
