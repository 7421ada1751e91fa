package io.llmharness.workload.data;

import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.schedule.Rng;
import io.llmharness.workload.spec.DataSpec;

/**
 * inference-perf's {@code conversation_replay}: synthetic conversations from the section's own seed. Each has the
 * shared system prompt, its own dynamic system prompt and a sampled number of turns with sampled input and output
 * lengths. Requests visit the conversations in turn; each visit sends the conversation's next turn with the turns
 * answered so far as context; after its last turn (or before the context would pass {@code max_model_len}) a
 * conversation starts over.
 */
final class ConversationPrompts implements PromptFeed {

    static final long DYNAMIC_STREAM = 31;
    static final long TURNS_STREAM = 32;
    static final long INPUT_STREAM = 33;
    static final long OUTPUT_STREAM = 34;
    static final long POOL_STREAM = 35;

    private final DataSpec.ConversationReplay spec;
    private final TextTokenizer tok;
    private final ChatSession[] sessions;
    private final String[][] questions;
    private final int[][] questionTokens;
    private final int[][] outputs;
    private final int[] nextTurn;

    ConversationPrompts(DataSpec.ConversationReplay spec, TextTokenizer tok, boolean chat) {
        this.spec = spec;
        this.tok = tok;
        long seed = spec.seed();
        int c = spec.conversations();
        int longest = Math.max(
                        spec.sharedSystemPromptLen(),
                        spec.dynamicSystemPromptLen().max())
                + spec.inputPerTurn().max();
        TokenPool pool = TokenPool.random(tok, seed, POOL_STREAM, RandomPrompts.poolTokens(c * 8, longest));
        String shared = pool.text(spec.sharedSystemPromptLen(), 0);
        sessions = new ChatSession[c];
        questions = new String[c][];
        questionTokens = new int[c][];
        outputs = new int[c][];
        nextTurn = new int[c];
        long offset = spec.sharedSystemPromptLen();
        for (int i = 0; i < c; i++) {
            int dyn = LengthSampler.sample(spec.dynamicSystemPromptLen(), Rng.of(seed, DYNAMIC_STREAM, i));
            String dynamic = pool.text(dyn, offset);
            offset += dyn + 7919;
            String system = dynamic.isEmpty() ? shared : shared + (shared.isEmpty() ? "" : "\n") + dynamic;
            sessions[i] = new ChatSession("conversation-" + i, system, chat);
            int turns = Math.max(1, LengthSampler.sample(spec.turns(), Rng.of(seed, TURNS_STREAM, i)));
            questions[i] = new String[turns];
            questionTokens[i] = new int[turns];
            outputs[i] = new int[turns];
            for (int t = 0; t < turns; t++) {
                long k = (long) i * 4096 + t;
                int in = Math.max(1, LengthSampler.sample(spec.inputPerTurn(), Rng.of(seed, INPUT_STREAM, k)));
                questions[i][t] = pool.text(in, offset);
                offset += in + 7919;
                questionTokens[i][t] = tok.count(questions[i][t]);
                outputs[i][t] = Math.max(1, LengthSampler.sample(spec.outputPerTurn(), Rng.of(seed, OUTPUT_STREAM, k)));
            }
        }
    }

    @Override
    public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
        int c = (int) (runIndex % sessions.length);
        ChatSession s = sessions[c];
        int t = nextTurn[c];
        int limit = spec.maxModelLen();
        if (t >= questions[c].length
                || (limit > 0 && s.contextTokens() + questionTokens[c][t] + outputs[c][t] > limit && t > 0)) {
            s.reset();
            t = 0;
        }
        nextTurn[c] = t + 1;
        return new SessionTurn(s, c, questions[c][t], questionTokens[c][t], outputs[c][t], tok);
    }

    @Override
    public String describe() {
        return "conversation replay: " + spec.describe();
    }
}
