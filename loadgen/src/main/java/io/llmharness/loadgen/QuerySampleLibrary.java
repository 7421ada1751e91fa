package io.llmharness.loadgen;

/** The dataset as LoadGen sees it: counts, and load/unload callbacks for the sample sets it will issue. */
public interface QuerySampleLibrary {

    /** Name logged as {@code qsl_name}. */
    String name();

    /** Number of samples in the library (logged as {@code qsl_reported_total_count}). */
    long totalSampleCount();

    /** Number of samples that fit in memory for a performance run ({@code qsl_reported_performance_count}). */
    long performanceSampleCount();

    /** Load these sample indices before they are issued. Called from the LoadGen thread. */
    void loadSamplesToRam(long[] indices);

    /** Release these sample indices after their series finished. Called from the LoadGen thread. */
    void unloadSamplesFromRam(long[] indices);
}
