package io.llmharness.client.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Pooled inter-chunk gap histograms over all requests, in nanoseconds, 3 significant digits.
 *
 * <ul>
 *   <li>{@code itl_chunk}: each gap between two consecutive output chunks of a stream (vLLM/SGLang "ITL");
 *   <li>{@code itl_token}: the same gap divided evenly over the tokens the later chunk carried, recorded once per
 *       token (inference-perf style). Only recorded when the chunk's token count is known.
 * </ul>
 *
 * <p>Recording is wait-free from any number of threads ({@link Recorder}); {@link #chunkGaps()} and
 * {@link #tokenGaps()} return accumulated copies and may be called at any time from a control thread.
 */
public final class ChunkGapRecorder {

    private final Recorder chunk = new Recorder(3);
    private final Recorder token = new Recorder(3);
    private final Histogram chunkTotal = new Histogram(3);
    private final Histogram tokenTotal = new Histogram(3);

    /**
     * Records one gap. Thread-safe, wait-free.
     *
     * @param gapNs time since the previous output chunk of the same stream
     * @param tokens tokens carried by the later chunk, or 0 when unknown
     */
    public void record(long gapNs, int tokens) {
        long g = Math.max(0, gapNs);
        chunk.recordValue(g);
        if (tokens > 0) {
            token.recordValueWithCount(g / tokens, tokens);
        }
    }

    /** Forgets every recorded gap. Call when no request is running. */
    public synchronized void reset() {
        chunk.reset();
        token.reset();
        chunkTotal.reset();
        tokenTotal.reset();
    }

    /** Accumulated {@code itl_chunk} histogram (a copy). */
    public synchronized Histogram chunkGaps() {
        chunkTotal.add(chunk.getIntervalHistogram());
        return chunkTotal.copy();
    }

    /** Accumulated {@code itl_token} histogram (a copy). */
    public synchronized Histogram tokenGaps() {
        tokenTotal.add(token.getIntervalHistogram());
        return tokenTotal.copy();
    }
}
