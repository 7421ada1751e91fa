package io.llmharness.simulator;

/**
 * How much work one simulated engine holds: the model's limits, running slots and the KV cache. The defaults are an
 * 8B model on one H100.
 *
 * @param maxModelLen context window in tokens, prompt plus output ({@code --max-model-len}); default
 *     {@value #DEFAULT_MAX_MODEL_LEN}
 * @param maxNumSeqs running slots per engine; sequences beyond it wait in a FIFO queue ({@code --max-num-seqs});
 *     default {@value #DEFAULT_MAX_NUM_SEQS}
 * @param maxNumBatchedTokens token budget of one engine step in batch mode, i.e. the chunked-prefill size
 *     ({@code --max-num-batched-tokens}); default {@value #DEFAULT_MAX_NUM_BATCHED_TOKENS}
 * @param kvCacheTokens KV-cache capacity per engine in tokens, rounded down to whole blocks; at least
 *     {@code maxModelLen}. Sequences that do not fit wait, running ones may be preempted and recomputed; requests
 *     never fail for lack of KV cache ({@code --kv-cache-tokens}); default {@value #DEFAULT_KV_CACHE_TOKENS}
 * @param blockSize KV-cache block size in tokens, the prefix-cache granularity ({@code --block-size}); default
 *     {@value #DEFAULT_BLOCK_SIZE}
 * @param enablePrefixCaching reuse the KV blocks of identical prompt prefixes, hits shorten prefill
 *     ({@code --enable-prefix-caching}); default {@value #DEFAULT_ENABLE_PREFIX_CACHING}, as in vLLM V1
 * @param vocabSize prompt token ids must be below this, else 400 ({@code --vocab-size}); default
 *     {@value #DEFAULT_VOCAB_SIZE}, enough for every common tokenizer
 * @param maxLogprobs most top logprobs a request may ask for per token (completions {@code logprobs}, chat
 *     {@code top_logprobs}); more is vLLM's 400 ({@code --max-logprobs}); default {@value #DEFAULT_MAX_LOGPROBS}
 */
public record Capacity(
        int maxModelLen,
        int maxNumSeqs,
        int maxNumBatchedTokens,
        long kvCacheTokens,
        int blockSize,
        boolean enablePrefixCaching,
        int vocabSize,
        int maxLogprobs)
        implements SimulatorOptions.Group {
    /** Default {@link #maxModelLen()}, tokens. */
    public static final int DEFAULT_MAX_MODEL_LEN = 32768;
    /** Default {@link #maxNumSeqs()}. */
    public static final int DEFAULT_MAX_NUM_SEQS = 256;
    /** Default {@link #maxNumBatchedTokens()}, tokens. */
    public static final int DEFAULT_MAX_NUM_BATCHED_TOKENS = 8192;
    /** Default {@link #kvCacheTokens()}, tokens. */
    public static final int DEFAULT_KV_CACHE_TOKENS = 524288;
    /** Default {@link #blockSize()}, tokens. */
    public static final int DEFAULT_BLOCK_SIZE = 16;
    /** Default {@link #enablePrefixCaching()}. */
    public static final boolean DEFAULT_ENABLE_PREFIX_CACHING = true;
    /** Default {@link #vocabSize()}. */
    public static final int DEFAULT_VOCAB_SIZE = 262144;
    /** Default {@link #maxLogprobs()}, vLLM's. */
    public static final int DEFAULT_MAX_LOGPROBS = 20;
    /** The defaults. */
    public static final Capacity DEFAULTS = new Capacity(
            DEFAULT_MAX_MODEL_LEN,
            DEFAULT_MAX_NUM_SEQS,
            DEFAULT_MAX_NUM_BATCHED_TOKENS,
            DEFAULT_KV_CACHE_TOKENS,
            DEFAULT_BLOCK_SIZE,
            DEFAULT_ENABLE_PREFIX_CACHING,
            DEFAULT_VOCAB_SIZE,
            DEFAULT_MAX_LOGPROBS);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Capacity {
        Check.positive("maxModelLen (--max-model-len)", maxModelLen);
        Check.positive("maxNumSeqs (--max-num-seqs)", maxNumSeqs);
        Check.positive("maxNumBatchedTokens (--max-num-batched-tokens)", maxNumBatchedTokens);
        Check.positive("blockSize (--block-size)", blockSize);
        Check.positive("vocabSize (--vocab-size)", vocabSize);
        if (maxLogprobs < 0) {
            throw new IllegalArgumentException("maxLogprobs (--max-logprobs) must be 0 or more, got " + maxLogprobs);
        }
        if (kvCacheTokens < maxModelLen) {
            throw new IllegalArgumentException("kvCacheTokens (--kv-cache-tokens) must be at least maxModelLen ("
                    + maxModelLen + ") so one full-length request fits, got " + kvCacheTokens);
        }
    }

    /** This context window, tokens. */
    public Capacity withMaxModelLen(int value) {
        return new Capacity(
                value,
                maxNumSeqs,
                maxNumBatchedTokens,
                kvCacheTokens,
                blockSize,
                enablePrefixCaching,
                vocabSize,
                maxLogprobs);
    }

    /** This many running slots per engine. */
    public Capacity withMaxNumSeqs(int value) {
        return new Capacity(
                maxModelLen,
                value,
                maxNumBatchedTokens,
                kvCacheTokens,
                blockSize,
                enablePrefixCaching,
                vocabSize,
                maxLogprobs);
    }

    /** This step token budget. */
    public Capacity withMaxNumBatchedTokens(int value) {
        return new Capacity(
                maxModelLen, maxNumSeqs, value, kvCacheTokens, blockSize, enablePrefixCaching, vocabSize, maxLogprobs);
    }

    /** This KV-cache capacity per engine, tokens. */
    public Capacity withKvCacheTokens(long value) {
        return new Capacity(
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                value,
                blockSize,
                enablePrefixCaching,
                vocabSize,
                maxLogprobs);
    }

    /** This KV block size, tokens. */
    public Capacity withBlockSize(int value) {
        return new Capacity(
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                kvCacheTokens,
                value,
                enablePrefixCaching,
                vocabSize,
                maxLogprobs);
    }

    /** Prefix caching on or off. */
    public Capacity withEnablePrefixCaching(boolean value) {
        return new Capacity(
                maxModelLen, maxNumSeqs, maxNumBatchedTokens, kvCacheTokens, blockSize, value, vocabSize, maxLogprobs);
    }

    /** This vocabulary bound. */
    public Capacity withVocabSize(int value) {
        return new Capacity(
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                kvCacheTokens,
                blockSize,
                enablePrefixCaching,
                value,
                maxLogprobs);
    }

    /** This many top logprobs per token at most. */
    public Capacity withMaxLogprobs(int value) {
        return new Capacity(
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                kvCacheTokens,
                blockSize,
                enablePrefixCaching,
                vocabSize,
                value);
    }
}
