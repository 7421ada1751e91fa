package io.llmharness.client.health;

import io.llmharness.client.record.ClientWait;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What a {@link ClientSampler} saw over one window. Times in nanoseconds unless the name says otherwise; -1 (or NaN
 * for shares) where the JVM could not tell.
 *
 * @param windowNs length of the window
 * @param eventLoops event loops probed
 * @param loopLags lag of every probe over all loops (ns): how long a task posted to a loop waited to run
 * @param loopBusyShare CPU time of the busiest loop thread / window (1.0 = never idle), NaN when unknown
 * @param gcPauses stop-the-world GC pauses
 * @param gcPauseTotalMs their total, ms
 * @param gcPauseMaxMs the longest, ms
 * @param gcCollectors the JVM's pause-reporting collectors
 * @param processCpuNs CPU time of the whole process in the window (every thread: loops, LoadGen, GC, JIT, and an
 *     embedded simulator if there is one), -1 when unknown
 * @param availableCores processors this JVM may use
 * @param jitMs CPU time of the JIT compiler threads in the window, ms ({@link CompilerCpu}), -1 when unknown
 * @param connectionsOpenAtStart connections open when the window began (a warm pool)
 * @param connectionsOpened connections opened in the window
 * @param capWaits requests that found the client's in-flight cap reached and waited
 * @param inFlightCap the client's in-flight cap
 * @param capKind what sets that cap: the caller's in-flight limit or the connection cap
 */
public record ClientSamples(
        long windowNs,
        int eventLoops,
        Histogram loopLags,
        double loopBusyShare,
        long gcPauses,
        long gcPauseTotalMs,
        long gcPauseMaxMs,
        List<String> gcCollectors,
        long processCpuNs,
        int availableCores,
        long jitMs,
        int connectionsOpenAtStart,
        long connectionsOpened,
        long capWaits,
        int inFlightCap,
        ClientWait capKind) {

    public ClientSamples {
        gcCollectors = List.copyOf(gcCollectors);
        loopLags = loopLags.copy();
    }

    /** Process CPU time over the window, in cores (1.0 = one core busy all the time), NaN when unknown. */
    public double cpuCores() {
        return processCpuNs < 0 || windowNs <= 0 ? Double.NaN : (double) processCpuNs / windowNs;
    }
}
