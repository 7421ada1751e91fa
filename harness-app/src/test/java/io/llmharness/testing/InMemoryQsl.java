package io.llmharness.testing;

import io.llmharness.loadgen.QuerySampleLibrary;

/**
 * A query sample library of {@code count} samples that need no loading (the prompts come from elsewhere, e.g. a
 * function of the sample index), all of them in the performance set.
 */
public record InMemoryQsl(String name, long count) implements QuerySampleLibrary {

    @Override
    public long totalSampleCount() {
        return count;
    }

    @Override
    public long performanceSampleCount() {
        return count;
    }

    @Override
    public void loadSamplesToRam(long[] indices) {}

    @Override
    public void unloadSamplesFromRam(long[] indices) {}
}
