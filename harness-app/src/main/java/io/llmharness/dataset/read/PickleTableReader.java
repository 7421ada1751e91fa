package io.llmharness.dataset.read;

import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.pickle.PickleTables;
import io.llmharness.dataset.pickle.UnsupportedPickleException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/** Reads pickled pandas DataFrames, dicts of lists and lists of dicts (optionally gzip-compressed). */
public final class PickleTableReader {
    private PickleTableReader() {}

    /** Reads the whole file. */
    public static Table read(Path file) {
        try (InputStream in = Inputs.open(file)) {
            return PickleTables.read(in);
        } catch (UnsupportedPickleException e) {
            throw DatasetErrors.badFile(file, e.getMessage(), e);
        } catch (IOException e) {
            throw DatasetErrors.io(file, e);
        }
    }
}
