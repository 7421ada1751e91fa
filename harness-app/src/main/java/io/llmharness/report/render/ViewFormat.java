package io.llmharness.report.render;

import io.llmharness.report.view.RunView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One file format of a run's human-readable report, drawn from its {@link RunView} into the run directory. */
public interface ViewFormat {

    /** A short name for messages, e.g. {@code html}. */
    String name();

    /**
     * Writes the format into a run directory.
     *
     * @return the files written
     * @throws IOException when a file cannot be written
     */
    List<Path> write(RunView view, Path runDir) throws IOException;
}
