package io.llmharness.cli.sim;

import io.llmharness.simulator.Recording;
import picocli.CommandLine.Option;

/** {@link Recording}: ground-truth timings. */
final class RecordingFlags {
    @Option(names = "--record-timings", description = "Record server-side chunk times of every request.")
    boolean recordTimings = Recording.DEFAULTS.recordTimings();

    @Option(names = "--timings-capacity", description = "Recorded requests kept (default: ${DEFAULT-VALUE}).")
    int timingsCapacity = Recording.DEFAULTS.timingsCapacity();

    Recording toRecording() {
        return new Recording(recordTimings, timingsCapacity);
    }
}
