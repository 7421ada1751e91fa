package io.llmharness.cli.run;

import io.llmharness.run.RunRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** LoadGen settings flags; applied in the order documented in docs/run.md. */
public final class LoadGenFlags {

    @Option(
            names = "--user-conf",
            paramLabel = "FILE",
            description = "user.conf applied through LoadGen's" + " FromConfig, after the embedded mlperf.conf.")
    Path userConf;

    @Option(
            names = "--mlperf-conf",
            paramLabel = "FILE",
            description = "Another round's mlperf.conf instead of the" + " embedded 6.0.17 one.")
    Path mlperfConf;

    @Option(
            names = "--round",
            paramLabel = "ROUND",
            description = "MLPerf round whose embedded mlperf.conf (seeds) the run uses: v6.0 or v6.1"
                    + " (default: v6.1, LoadGen 6.0.17's own file).")
    String round;

    @Option(
            names = "--server-target-qps",
            paramLabel = "QPS",
            description = "Server/Interactive: Poisson arrival" + " rate (overrides the config files).")
    Double serverTargetQps;

    @Option(
            names = "--server-coalesce-queries",
            arity = "0..1",
            fallbackValue = "true",
            paramLabel = "BOOL",
            description = "Server: issue queries that are due together in one call.")
    Boolean serverCoalesceQueries;

    @Option(
            names = "--set",
            paramLabel = "FIELD=VALUE",
            description = "Any LoadGen TestSettings field by its spec"
                    + " name, e.g. min_duration_ms=60000 (repeatable; applied last; not for submissions).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--loadgen-trace", description = "Write mlperf_log_trace.json (otherwise created empty).")
    boolean trace;

    @Option(
            names = "--audit-config",
            paramLabel = "FILE",
            description = "Audit config applied when it exists in the" + " working directory (default: audit.config).")
    String auditConfig;

    /** The flags as the LoadGen part of a run request. */
    public RunRequest.LoadGenRequest toRequest() {
        return new RunRequest.LoadGenRequest(
                userConf,
                mlperfConf,
                serverTargetQps,
                serverCoalesceQueries,
                sets,
                trace,
                auditConfig,
                RunRequest.LoadGenRequest.round(round, mlperfConf));
    }
}
