package io.llmharness.dataset.read;

import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.pickle.PickleTables;
import io.llmharness.dataset.pickle.UnsupportedPickleException;
import java.io.IOException;
import java.nio.file.Path;

/** Reads pickled pandas DataFrames, dicts of lists and lists of dicts (optionally gzip-compressed). */
public final class PickleTableReader {
    private PickleTableReader() {}

    /**
     * Reads the whole file. A pickle that stops before its STOP opcode is truncated, whatever the unpickler made
     * of the missing bytes (Pyrolite reads them as -1: a bad memo key, a negative length, a short read).
     */
    public static Table read(Path file) {
        try (Inputs.Tracked in = new Inputs.Tracked(Inputs.open(file))) {
            try {
                return PickleTables.read(in);
            } catch (IOException | RuntimeException e) {
                if (in.ended()) {
                    throw DatasetErrors.truncated(file, e);
                }
                throw e;
            }
        } catch (UnsupportedPickleException e) {
            throw DatasetErrors.badFile(file, e.getMessage(), e);
        } catch (IOException e) {
            throw DatasetErrors.io(file, e);
        }
    }
}
