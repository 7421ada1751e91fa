package io.llmharness.simulator.engine;

import io.llmharness.simulator.output.OutputPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/** Collects what the engine emits for a set of sequences created by the tests. */
final class Recorder implements SequenceListener {
    record Emit(int choice, int token, String text, FinishReason finish, long nanos) {}

    final List<Emit> emits = new ArrayList<>();

    /** Runs after each recorded output, inside the engine's callback (as a session's reaction would). */
    BiConsumer<Sequence, Emit> reaction = (seq, emit) -> {};

    @Override
    public void onOutput(Sequence seq, int tokenId, String text, FinishReason finish, Object stopReason, long now) {
        Emit emit = new Emit(seq.choiceIndex(), tokenId, text, finish, now);
        emits.add(emit);
        reaction.accept(seq, emit);
    }

    List<Long> times(int choice) {
        return emits.stream()
                .filter(e -> e.choice == choice && e.token >= 0)
                .map(Emit::nanos)
                .toList();
    }

    boolean finished(int choice) {
        return emits.stream().anyMatch(e -> e.choice == choice && e.finish != null);
    }

    FinishReason finish(int choice) {
        return emits.stream()
                .filter(e -> e.choice == choice && e.finish != null)
                .map(Emit::finish)
                .findFirst()
                .orElse(null);
    }

    /** A sequence with {@code promptLen} prompt tokens producing exactly {@code tokens} output tokens. */
    Sequence sequence(int choice, int promptLen, int tokens, long arrival) {
        int[] prompt = new int[promptLen];
        for (int i = 0; i < promptLen; i++) {
            prompt[i] = 300 + (choice * 7919 + i) % 20000;
        }
        return sequence(choice, prompt, tokens, arrival);
    }

    Sequence sequence(int choice, int[] prompt, int tokens, long arrival) {
        SequenceSpec spec = new SequenceSpec(
                choice,
                0,
                prompt,
                tokens,
                0,
                List.of(),
                false,
                new int[0],
                new OutputPlan.RandomWords(new SplittableRandom(choice), tokens, 0, true),
                0,
                0,
                prompt.length,
                false);
        return new Sequence(spec, this, new PromptGroup(1), arrival);
    }

    static List<Sequence> list(Sequence... s) {
        return new ArrayList<>(List.of(s));
    }
}
