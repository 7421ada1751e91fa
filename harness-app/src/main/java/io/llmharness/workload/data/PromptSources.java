package io.llmharness.workload.data;

import io.llmharness.client.EndpointType;
import io.llmharness.error.HarnessException;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.trace.ReplayPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Builds the prompt source of a data section. */
public final class PromptSources {

    /** Fewest distinct prompts generated when the stages do not bound the count. */
    static final int MIN_ITEMS = 16;

    private PromptSources() {}

    /**
     * Builds (and for most types, generates) the prompts.
     *
     * @param tokenizer the run's tokenizer; may be null only for {@link DataSpec.Mock}
     * @param seed the run's seed
     * @param needed the most distinct prompts any stage will use (0 when unknown: the data set's own count)
     * @param endpoint where requests go (chat gets messages)
     * @throws HarnessException (config) when a data file named by the profile cannot be read
     */
    public static PromptFeed create(
            DataSpec data, TextTokenizer tokenizer, long seed, long needed, EndpointType endpoint) {
        boolean chat = endpoint == EndpointType.CHAT_COMPLETIONS;
        if (data.needsTokenizer() && tokenizer == null) {
            throw new IllegalArgumentException(data.type() + " data needs a tokenizer");
        }
        return switch (data) {
            case DataSpec.Mock m -> new MockPrompts();
            case DataSpec.Random r ->
                RandomPrompts.create(
                        tokenizer,
                        seed,
                        null,
                        r.input(),
                        r.output(),
                        count(r.totalCount(), needed),
                        r.prefixTokens(),
                        r.prefixCount(),
                        "random: " + r.describe());
            case DataSpec.TraceLengths t -> {
                int n = count(t.input().length, needed);
                yield RandomPrompts.ofLengths(
                        tokenizer,
                        seed,
                        java.util.Arrays.copyOf(t.input(), n),
                        java.util.Arrays.copyOf(t.output(), n),
                        "random: " + t.describe());
            }
            case DataSpec.Synthetic s ->
                RandomPrompts.create(
                        tokenizer,
                        seed,
                        corpus(s, seed),
                        s.input(),
                        s.output(),
                        count(s.totalCount(), needed),
                        0,
                        1,
                        "synthetic: " + s.describe());
            case DataSpec.SharedPrefix sp -> new SharedPrefixPrompts(sp, tokenizer, seed, chat);
            case DataSpec.ShareGpt sg ->
                ShareGptPrompts.read(sg, tokenizer, (int) Math.min(Integer.MAX_VALUE, Math.max(needed, 1000)), chat);
            case DataSpec.ConversationReplay c -> new ConversationPrompts(c, tokenizer, chat);
        };
    }

    /**
     * The prompts of a trace replay, one per row of the plan, asked for by the row's index in the plan.
     *
     * @param tokenizer the run's tokenizer (exact lengths)
     * @param seed the run's seed (the text of each block)
     * @param endpoint where requests go (chat gets messages)
     */
    public static PromptFeed replay(ReplayPlan plan, TextTokenizer tokenizer, long seed, EndpointType endpoint) {
        return TracePrompts.create(plan, tokenizer, seed, endpoint == EndpointType.CHAT_COMPLETIONS);
    }

    /** Only the prompts a stage can use are generated: min(total_count, needed), at least a few. */
    static int count(int total, long needed) {
        long n = needed > 0 ? Math.min(total, needed) : total;
        return (int) Math.max(Math.min(MIN_ITEMS, total), n);
    }

    private static String corpus(DataSpec.Synthetic s, long seed) {
        if (s.corpus() == null) {
            return RandomText.of(seed, 99, 200_000);
        }
        Path p = Path.of(s.corpus().path());
        try {
            String text = Files.readString(p);
            if (text.isBlank()) {
                throw HarnessException.config(s.corpus().where() + " " + p + ": the corpus file is empty");
            }
            return text;
        } catch (NoSuchFileException e) {
            throw HarnessException.config(s.corpus().where() + " " + p + ": no such file");
        } catch (IOException e) {
            throw HarnessException.config(
                    s.corpus().where() + " " + p + ": cannot read it (" + e.getMessage() + ")", e);
        }
    }
}
