package io.llmharness.report.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One report format of a workload run. Implementations are stateless. */
public interface ReportFormat {

    /** A short name for messages, e.g. {@code inference-perf lifecycle}. */
    String name();

    /**
     * Writes this format's files into the run directory.
     *
     * @return the files written, relative to {@code dir}
     */
    List<String> write(BenchReport report, Path dir) throws IOException;

    /** Every format, in the order they are written (summary.json last: it marks a complete directory). */
    static List<ReportFormat> all() {
        return List.of(
                new InferencePerfLifecycle(), new BenchmarkReportV02(), new VllmBenchResult(), new BenchSummary());
    }
}
