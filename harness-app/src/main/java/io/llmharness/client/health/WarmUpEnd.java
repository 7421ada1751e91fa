package io.llmharness.client.health;

import java.util.Locale;
import java.util.Map;

/**
 * The two steps that end every warm start, MLPerf mode's and the bench's, and what they did: the JIT compiler threads
 * lowered ({@link JitPriority}, only after a warm-up that ended by an idle JIT), then the heap collected once
 * ({@link HeapSettle}).
 *
 * @param jit what lowering the JIT compiler threads did
 * @param gcMs how long the collection took, ms; -1 when none ran
 */
public record WarmUpEnd(JitPriority.Outcome jit, long gcMs) {

    /** Nothing done: no warm start, or a run stopped during it. */
    public static final WarmUpEnd NONE = new WarmUpEnd(JitPriority.Outcome.NONE, -1);

    /**
     * Ends a warm start that ended by {@code endedBy} ({@link JitPriority#afterWarmUp}), and collects the heap when
     * {@code collect} (the warm-up sent something, and the run is not failing).
     */
    public static WarmUpEnd after(JitPriority priority, JitPriority.Request nice, String endedBy, boolean collect) {
        JitPriority.Outcome jit = priority.afterWarmUp(nice, endedBy);
        return new WarmUpEnd(jit, collect ? HeapSettle.collect() : -1);
    }

    /**
     * What the warm-start line adds, e.g. {@code ; JIT threads at nice 10 (3 threads); heap collected in 120 ms};
     * empty when nothing was done.
     */
    public String lineSuffix() {
        return jit.lineSuffix() + (gcMs < 0 ? "" : String.format(Locale.ROOT, "; heap collected in %d ms", gcMs));
    }

    /**
     * Puts {@code jit_nice} (null when the JIT was left alone) and {@code gc_ms} (null when no collection ran) into a
     * summary's {@code warm_up} object.
     */
    public void putInto(Map<String, Object> warmUp) {
        warmUp.put("jit_nice", jit.json());
        warmUp.put("gc_ms", gcMs < 0 ? null : gcMs);
    }
}
