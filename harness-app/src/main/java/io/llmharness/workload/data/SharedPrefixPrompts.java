package io.llmharness.workload.data;

import io.llmharness.client.Prompt;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.schedule.Rng;
import io.llmharness.workload.spec.DataSpec;
import java.util.List;

/**
 * inference-perf's {@code shared_prefix} data: per group one system prompt, per prompt slot its own question; the
 * slots are shuffled with the seed and requests cycle through them. Completion requests send system prompt and
 * question as one text, chat requests as a system and a user message. With {@code enable_multi_turn_chat} every
 * slot is a session that sends its question again after the turns answered so far.
 */
final class SharedPrefixPrompts implements PromptFeed {

    static final long SYSTEM_STREAM = 21;
    static final long QUESTION_STREAM = 22;
    static final long OUTPUT_STREAM = 23;
    static final long SHUFFLE_STREAM = 24;
    static final long POOL_STREAM = 25;

    private final DataSpec.SharedPrefix spec;
    private final boolean chat;
    private final TextTokenizer tok;
    private final String[] systems;
    private final String[] questions;
    private final int[] questionTokens;
    private final int[] outputs;
    private final int[] order;
    private final ChatSession[] sessions;

    SharedPrefixPrompts(DataSpec.SharedPrefix spec, TextTokenizer tok, long seed, boolean chat) {
        this.spec = spec;
        this.chat = chat;
        this.tok = tok;
        int n = spec.groups() * spec.promptsPerGroup();
        int longest = spec.systemPromptLen().max() + spec.questionLen().max();
        TokenPool pool = TokenPool.random(tok, seed, POOL_STREAM, RandomPrompts.poolTokens(n, longest));
        long spacing = Math.max(1, pool.size() / (spec.groups() + n));
        systems = new String[spec.groups()];
        for (int g = 0; g < systems.length; g++) {
            int len = LengthSampler.sample(spec.systemPromptLen(), Rng.of(seed, SYSTEM_STREAM, g));
            systems[g] = pool.text(len, g * spacing);
        }
        questions = new String[n];
        questionTokens = new int[n];
        outputs = new int[n];
        for (int i = 0; i < n; i++) {
            int len = Math.max(1, LengthSampler.sample(spec.questionLen(), Rng.of(seed, QUESTION_STREAM, i)));
            questions[i] = pool.text(len, (spec.groups() + i) * spacing);
            questionTokens[i] = tok.count(questions[i]);
            outputs[i] = Math.max(1, LengthSampler.sample(spec.outputLen(), Rng.of(seed, OUTPUT_STREAM, i)));
        }
        order = shuffled(n, Rng.of(seed, SHUFFLE_STREAM, 0));
        sessions = new ChatSession[spec.multiTurn() ? n : 0];
        for (int i = 0; i < sessions.length; i++) {
            sessions[i] =
                    new ChatSession("g" + group(i) + "-u" + (i % spec.promptsPerGroup()), systems[group(i)], chat);
        }
    }

    private int group(int slot) {
        return slot / spec.promptsPerGroup();
    }

    static int[] shuffled(int n, Rng rng) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    @Override
    public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
        if (spec.multiTurn()) {
            int slot = order[(int) (runIndex % order.length)];
            return new SessionTurn(sessions[slot], slot, questions[slot], questionTokens[slot], outputs[slot], tok);
        }
        int slot = order[(int) (indexInStage % order.length)];
        String system = systems[group(slot)];
        Prompt p = chat
                ? Messages.chat(
                        List.of(new Messages.Message("system", system), new Messages.Message("user", questions[slot])))
                : new Prompt.Text(system + " " + questions[slot]);
        return new StaticRequest(slot, p, Messages.count(tok, p), outputs[slot]);
    }

    /** System prompt of a group, for tests. */
    String system(int group) {
        return systems[group];
    }

    @Override
    public String describe() {
        return "shared prefix: " + spec.describe();
    }
}
