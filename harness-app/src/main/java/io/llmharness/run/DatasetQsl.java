package io.llmharness.run;

import io.llmharness.loadgen.QuerySampleLibrary;

/**
 * The QSL over a dataset that is already in memory, as the reference harness builds it: total = performance
 * count = the rows in use (after {@code --num-samples}); loading and unloading do nothing.
 */
final class DatasetQsl implements QuerySampleLibrary {

    private final String name;
    private final long rows;

    DatasetQsl(String name, long rows) {
        this.name = name;
        this.rows = rows;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long totalSampleCount() {
        return rows;
    }

    @Override
    public long performanceSampleCount() {
        return rows;
    }

    @Override
    public void loadSamplesToRam(long[] indices) {}

    @Override
    public void unloadSamplesFromRam(long[] indices) {}
}
