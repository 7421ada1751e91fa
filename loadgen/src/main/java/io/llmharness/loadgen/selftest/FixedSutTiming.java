package io.llmharness.loadgen.selftest;

/**
 * The timing and responses of the {@link FixedLatencySut}.
 *
 * @param delayNs each sample completes no earlier than issue + delay (ns)
 * @param serviceNs completions are at least this far apart, one worker in issue order (ns)
 * @param firstTokenNs report a first token at issue + this (ns); negative = never
 * @param tokens {@code n_tokens} of each response (0 = not given)
 * @param repeat the response data is the sample index as int32 little-endian, repeated this many times
 */
public record FixedSutTiming(long delayNs, long serviceNs, long firstTokenNs, long tokens, int repeat) {

    /** True when completions must be deferred (a delay, a service time or a later first token). */
    public boolean asynchronous() {
        return delayNs > 0 || serviceNs > 0 || firstTokenNs > 0;
    }
}
