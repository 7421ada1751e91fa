package io.llmharness.simulator;

/**
 * Ground truth for timing tests: the server-side emit time ({@link System#nanoTime()}) of every chunk, served at
 * {@code GET /sim/timings/{id}}.
 *
 * @param recordTimings record every request; without it only requests with header {@code X-Sim-Record-Timings: 1}
 *     are recorded ({@code --record-timings}); default false
 * @param timingsCapacity how many recorded requests are kept, oldest dropped first ({@code --timings-capacity});
 *     default {@value #DEFAULT_TIMINGS_CAPACITY}
 */
public record Recording(boolean recordTimings, int timingsCapacity) implements SimulatorOptions.Group {
    /** Default {@link #timingsCapacity()}. */
    public static final int DEFAULT_TIMINGS_CAPACITY = 10000;
    /** The defaults: record only the requests that ask. */
    public static final Recording DEFAULTS = new Recording(false, DEFAULT_TIMINGS_CAPACITY);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Recording {
        Check.positive("timingsCapacity (--timings-capacity)", timingsCapacity);
    }

    /** Record every request, or only those that ask. */
    public Recording withRecordTimings(boolean value) {
        return new Recording(value, timingsCapacity);
    }

    /** Keep this many recorded requests. */
    public Recording withTimingsCapacity(int value) {
        return new Recording(recordTimings, value);
    }
}
