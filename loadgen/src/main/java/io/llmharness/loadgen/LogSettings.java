package io.llmharness.loadgen;

import java.nio.file.Path;

/**
 * Where and how LoadGen writes its logs (C++ {@code LogSettings} with its {@code LogOutputSettings}).
 * Files are {@code <outdir>/<prefix>[<datetime>_]<name><suffix>.<ext>} for summary.txt, detail.txt,
 * accuracy.json and trace.json.
 *
 * @param outdir directory for the four files (must exist); default "."
 * @param prefix file name prefix; default {@code mlperf_log_}
 * @param suffix file name suffix before the extension; default ""
 * @param prefixWithDatetime insert the test date-time (contains colons) after the prefix
 * @param copyDetailToStdout also print every detail line to stdout
 * @param copySummaryToStdout also print the summary to stdout
 * @param logMode C++ logging mode; no visible effect
 * @param logModeAsyncPollIntervalMs C++ poll interval in ms; unused
 * @param enableTrace write the Chrome trace (otherwise the trace file is created empty)
 */
public record LogSettings(
        Path outdir,
        String prefix,
        String suffix,
        boolean prefixWithDatetime,
        boolean copyDetailToStdout,
        boolean copySummaryToStdout,
        LogMode logMode,
        long logModeAsyncPollIntervalMs,
        boolean enableTrace) {

    /** The C++ defaults: current directory, prefix {@code mlperf_log_}, tracing on. */
    public static LogSettings defaults() {
        return new LogSettings(Path.of("."), "mlperf_log_", "", false, false, false, LogMode.ASYNC_POLL, 1000, true);
    }

    /** These settings writing into {@code dir}. */
    public LogSettings withOutdir(Path dir) {
        return new LogSettings(
                dir,
                prefix,
                suffix,
                prefixWithDatetime,
                copyDetailToStdout,
                copySummaryToStdout,
                logMode,
                logModeAsyncPollIntervalMs,
                enableTrace);
    }

    /** These settings with tracing on or off. */
    public LogSettings withEnableTrace(boolean on) {
        return new LogSettings(
                outdir,
                prefix,
                suffix,
                prefixWithDatetime,
                copyDetailToStdout,
                copySummaryToStdout,
                logMode,
                logModeAsyncPollIntervalMs,
                on);
    }

    /** These settings with the summary copied to stdout or not. */
    public LogSettings withCopySummaryToStdout(boolean on) {
        return new LogSettings(
                outdir,
                prefix,
                suffix,
                prefixWithDatetime,
                copyDetailToStdout,
                on,
                logMode,
                logModeAsyncPollIntervalMs,
                enableTrace);
    }

    /** These settings with every detail line copied to stdout or not. */
    public LogSettings withCopyDetailToStdout(boolean on) {
        return new LogSettings(
                outdir,
                prefix,
                suffix,
                prefixWithDatetime,
                on,
                copySummaryToStdout,
                logMode,
                logModeAsyncPollIntervalMs,
                enableTrace);
    }

    /** These settings with another prefix, suffix and date-time flag. */
    public LogSettings withNames(String newPrefix, String newSuffix, boolean withDatetime) {
        return new LogSettings(
                outdir,
                newPrefix,
                newSuffix,
                withDatetime,
                copyDetailToStdout,
                copySummaryToStdout,
                logMode,
                logModeAsyncPollIntervalMs,
                enableTrace);
    }
}
