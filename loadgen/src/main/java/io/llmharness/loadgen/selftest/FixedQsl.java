package io.llmharness.loadgen.selftest;

import io.llmharness.loadgen.QuerySampleLibrary;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A QSL with fixed counts and nothing to load; every call is written to {@code qsl_load_calls.txt} as
 * {@code load K: i1 i2 ...} or {@code unload K}, K being the number of indices in the call.
 */
public final class FixedQsl implements QuerySampleLibrary, AutoCloseable {

    private final long total;
    private final long performance;
    private final BufferedWriter out;

    /**
     * @param total reported total sample count
     * @param performance reported performance sample count
     * @param file where the load and unload calls are written
     * @throws UncheckedIOException when the file cannot be written
     */
    public FixedQsl(long total, long performance, Path file) {
        this.total = total;
        this.performance = performance;
        try {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    @Override
    public String name() {
        return "FixedQSL";
    }

    @Override
    public long totalSampleCount() {
        return total;
    }

    @Override
    public long performanceSampleCount() {
        return performance;
    }

    @Override
    public void loadSamplesToRam(long[] indices) {
        StringBuilder b = new StringBuilder("load ").append(indices.length).append(':');
        for (long i : indices) {
            b.append(' ').append(i);
        }
        write(b.append('\n').toString());
    }

    @Override
    public void unloadSamplesFromRam(long[] indices) {
        write("unload " + indices.length + "\n");
    }

    private void write(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write qsl_load_calls.txt", e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write qsl_load_calls.txt", e);
        }
    }
}
