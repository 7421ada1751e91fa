package io.llmharness.cli.sim;

import io.llmharness.simulator.Capacity;
import java.util.function.Predicate;
import picocli.CommandLine.Option;

/** {@link Capacity}: model limits, running slots and KV cache per engine. */
final class CapacityFlags {
    @Option(
            names = {"--max-model-len", "--context-length"},
            converter = SimConverters.HumanInt.class,
            description = "Context window in tokens; suffixes k=1000, K=1024, m, M (default: ${DEFAULT-VALUE}).")
    int maxModelLen = Capacity.DEFAULTS.maxModelLen();

    @Option(
            names = {"--max-num-seqs", "--max-running-requests"},
            description = "Running slots per engine (default: ${DEFAULT-VALUE}).")
    int maxNumSeqs = Capacity.DEFAULTS.maxNumSeqs();

    @Option(
            names = {"--max-num-batched-tokens", "--chunked-prefill-size"},
            converter = SimConverters.HumanInt.class,
            description = "Token budget per engine step in batch mode (default: ${DEFAULT-VALUE}).")
    int maxNumBatchedTokens = Capacity.DEFAULTS.maxNumBatchedTokens();

    @Option(
            names = {"--kv-cache-tokens", "--max-total-tokens"},
            converter = SimConverters.HumanInt.class,
            description = "KV-cache capacity per engine in tokens (default: ${DEFAULT-VALUE},"
                    + " or --max-model-len when that is larger).")
    int kvCacheTokens = (int) Capacity.DEFAULTS.kvCacheTokens();

    @Option(
            names = {"--block-size", "--page-size"},
            description = "KV block size in tokens (default: ${DEFAULT-VALUE}).")
    int blockSize = Capacity.DEFAULTS.blockSize();

    @Option(
            names = "--enable-prefix-caching",
            negatable = true,
            fallbackValue = "true",
            description = "Prefix caching (default: ${DEFAULT-VALUE}).")
    boolean prefixCaching = Capacity.DEFAULTS.enablePrefixCaching();

    @Option(names = "--disable-radix-cache", description = "SGLang spelling of --no-enable-prefix-caching.")
    boolean disableRadixCache;

    @Option(names = "--vocab-size", description = "Prompt token ids must be below this (default: ${DEFAULT-VALUE}).")
    int vocabSize = Capacity.DEFAULTS.vocabSize();

    @Option(
            names = "--max-logprobs",
            description =
                    "Most top logprobs per token a request may ask for; more is a 400 (default: ${DEFAULT-VALUE}).")
    int maxLogprobs = Capacity.DEFAULTS.maxLogprobs();

    /** The capacity; {@code given} tells which flags were on the command line. */
    Capacity toCapacity(Predicate<String> given) {
        // a context window beyond the default KV cache brings its own cache unless one was asked for
        long kv = given.test("--kv-cache-tokens") ? kvCacheTokens : Math.max(kvCacheTokens, maxModelLen);
        return new Capacity(
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                kv,
                blockSize,
                prefixCaching && !disableRadixCache,
                vocabSize,
                maxLogprobs);
    }
}
