package io.llmharness.workload.spec;

/**
 * Where prompts come from. Lengths are in tokens of the run's tokenizer.
 */
public sealed interface DataSpec {

    /** The profile's name for the type, e.g. {@code random}, {@code shareGPT}. */
    String type();

    /** One line for the plan. */
    String describe();

    /** Whether the generator needs a tokenizer (everything except {@link Mock}). */
    default boolean needsTokenizer() {
        return true;
    }

    /** Fixed short prompts ({@code "1 2 3 <i>"}), {@code max_tokens} 30: for smoke tests. */
    record Mock() implements DataSpec {
        @Override
        public String type() {
            return "mock";
        }

        @Override
        public String describe() {
            return "mock prompts";
        }

        @Override
        public boolean needsTokenizer() {
            return false;
        }
    }

    /**
     * Random text of sampled exact token lengths.
     *
     * @param input prompt lengths
     * @param output requested output lengths ({@code max_tokens})
     * @param totalCount distinct prompts generated; requests cycle through them
     * @param prefixTokens a shared prefix of this many tokens before every prompt (0 = none; vllm
     *     {@code random-prefix-len}, guidellm {@code prefix_tokens})
     * @param prefixCount distinct prefixes, assigned round-robin (≥ 1)
     */
    record Random(
            LengthDistribution input, LengthDistribution output, int totalCount, int prefixTokens, int prefixCount)
            implements DataSpec {
        public Random {
            if (totalCount < 1 || prefixTokens < 0 || prefixCount < 1) {
                throw new IllegalArgumentException("total_count and prefix count must be >= 1, prefix tokens >= 0");
            }
        }

        @Override
        public String type() {
            return "random";
        }

        @Override
        public String describe() {
            return "random text: input " + input.describe() + ", output " + output.describe() + ", " + totalCount
                    + " prompts" + (prefixTokens > 0 ? ", " + prefixCount + " shared prefixes of " + prefixTokens : "");
        }
    }

    /**
     * Slices of a corpus at random offsets, of sampled exact lengths.
     *
     * @param corpus the corpus file, or null for the built-in text
     * @param input prompt lengths
     * @param output requested output lengths
     * @param totalCount distinct prompts
     */
    record Synthetic(FileRef corpus, LengthDistribution input, LengthDistribution output, int totalCount)
            implements DataSpec {
        @Override
        public String type() {
            return "synthetic";
        }

        @Override
        public String describe() {
            return "corpus slices (" + (corpus == null ? "built-in text" : corpus.path()) + "): input "
                    + input.describe() + ", output " + output.describe();
        }
    }

    /**
     * Groups of prompts sharing a system prompt: each prompt is its group's prefix plus its own question.
     *
     * @param groups distinct system prompts
     * @param promptsPerGroup questions per system prompt
     * @param systemPromptLen prefix lengths
     * @param questionLen question lengths
     * @param outputLen requested output lengths
     * @param multiTurn each prompt slot is a chat session whose context grows with its earlier turns
     */
    record SharedPrefix(
            int groups,
            int promptsPerGroup,
            LengthDistribution systemPromptLen,
            LengthDistribution questionLen,
            LengthDistribution outputLen,
            boolean multiTurn)
            implements DataSpec {
        public SharedPrefix {
            if (groups < 1 || promptsPerGroup < 1) {
                throw new IllegalArgumentException("num_groups and num_prompts_per_group must be >= 1");
            }
        }

        @Override
        public String type() {
            return "shared_prefix";
        }

        @Override
        public String describe() {
            return groups + " groups x " + promptsPerGroup + " prompts, system prompt " + systemPromptLen.describe()
                    + ", question " + questionLen.describe() + ", output " + outputLen.describe()
                    + (multiTurn ? ", multi-turn" : "");
        }
    }

    /**
     * Conversations of a ShareGPT-format JSON file: completion requests take the first human turn and the length of
     * the first answer; chat requests take the conversation up to its last answer. Conversations whose lengths fall
     * outside the filters are skipped.
     *
     * @param file the JSON file
     * @param inputMin shortest prompt kept, tokens
     * @param inputMax longest prompt kept, tokens
     * @param outputMin shortest answer kept, tokens
     * @param outputMax longest answer kept, tokens
     * @param fixedOutput output length for every request instead of the answer's, or null
     */
    record ShareGpt(FileRef file, int inputMin, int inputMax, int outputMin, int outputMax, Integer fixedOutput)
            implements DataSpec {
        @Override
        public String type() {
            return "shareGPT";
        }

        @Override
        public String describe() {
            return "ShareGPT conversations from " + file.path() + " (input " + inputMin + "-" + inputMax
                    + " tokens, output " + outputMin + "-" + outputMax + ")";
        }
    }

    /**
     * Synthetic multi-turn conversations (inference-perf {@code conversation_replay}): each conversation has a shared
     * system prompt, its own dynamic system prompt and a sampled number of turns; each request sends the next turn
     * of a conversation with every earlier turn (and the answers received) as context.
     *
     * @param seed generator seed
     * @param conversations conversation blueprints
     * @param sharedSystemPromptLen tokens of the system prompt every conversation shares
     * @param dynamicSystemPromptLen tokens of the per-conversation system prompt part
     * @param turns turns per conversation
     * @param inputPerTurn user tokens per turn
     * @param outputPerTurn requested output tokens per turn
     * @param maxModelLen context limit: a conversation restarts before its context would exceed it (0 = none)
     */
    record ConversationReplay(
            long seed,
            int conversations,
            int sharedSystemPromptLen,
            LengthDistribution dynamicSystemPromptLen,
            LengthDistribution turns,
            LengthDistribution inputPerTurn,
            LengthDistribution outputPerTurn,
            int maxModelLen)
            implements DataSpec {
        @Override
        public String type() {
            return "conversation_replay";
        }

        @Override
        public String describe() {
            return conversations + " synthetic conversations, shared system prompt " + sharedSystemPromptLen
                    + " tokens, turns " + turns.describe() + ", input/turn " + inputPerTurn.describe()
                    + ", output/turn " + outputPerTurn.describe();
        }
    }

    /**
     * A file a data section names, with where it was named (for errors while reading it).
     *
     * @param path the path as written
     * @param where {@code <profile>: <key>}
     */
    /**
     * inference-perf's {@code random} data with {@code data.trace}: random text whose lengths are a trace's, request
     * {@code i} of a stage taking row {@code i} (its input and output lengths; the times come from the load's stages),
     * cycling from the first row when a stage sends more requests than the trace has rows.
     *
     * @param file the trace, for the plan
     * @param input each row's input length
     * @param output each row's output length ({@code max_tokens})
     */
    record TraceLengths(String file, int[] input, int[] output) implements DataSpec {
        public TraceLengths {
            if (input.length == 0 || input.length != output.length) {
                throw new IllegalArgumentException("a trace with rows of an input and an output length each");
            }
        }

        @Override
        public String type() {
            return "random";
        }

        @Override
        public String describe() {
            return "random text of the lengths of " + file + " (" + input.length + " rows, request i of a stage takes"
                    + " row i)";
        }
    }

    record FileRef(String path, String where) {}
}
