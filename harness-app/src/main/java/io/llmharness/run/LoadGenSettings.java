package io.llmharness.run;

import io.llmharness.benchmark.LoadGenTarget;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.ConfigFiles;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.config.MlperfRound;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the LoadGen {@link TestSettings} of a run the way the MLPerf reference does, in this order:
 *
 * <ol>
 *   <li>LoadGen's defaults;
 *   <li>the scenario ({@code Server} for Interactive);
 *   <li>{@code FromConfig(user.conf, LoadGen model name, scenario)} through LoadGen's {@link ConfigFiles}, which
 *       applies the embedded mlperf.conf (or {@code --mlperf-conf}) first; without {@code --user-conf} only
 *       mlperf.conf is applied;
 *   <li>the mode from {@code --test-mode} / {@code --find-peak} (it wins over a {@code mode} key in the files, as
 *       in the reference); a peak search outside the Server scenario is a usage error;
 *   <li>{@code --server-target-qps} and {@code --server-coalesce-queries};
 *   <li>every {@code --set FIELD=VALUE}, in order.
 * </ol>
 *
 * <p>Each run behaves like a fresh LoadGen process ({@link ConfigFiles} keeps no state between calls), so two runs
 * in one JVM (the demo) never log "Multiple conf files are used".
 */
final class LoadGenSettings {

    /**
     * The resolved settings.
     *
     * @param settings the settings (hand LoadGen a copy)
     * @param warnings one line each: ignored flags, token latencies that the model name does not switch on
     */
    record Resolved(TestSettings settings, List<String> warnings) {
        Resolved {
            warnings = List.copyOf(warnings);
        }
    }

    private LoadGenSettings() {}

    static Resolved resolve(RunRequest.LoadGenRequest req, LoadGenTarget target, io.llmharness.benchmark.RunMode mode) {
        List<String> warnings = new ArrayList<>();
        if (req.mlperfConf() != null) {
            requireFile(req.mlperfConf(), "--mlperf-conf");
        }
        TestSettings s = new TestSettings();
        String scenario = target.loadgenScenario();
        s.scenario = Scenario.fromName(scenario);
        if (req.userConf() != null) {
            requireFile(req.userConf(), "--user-conf");
            warnings.addAll(UserConfLint.check(req.userConf(), target.modelName()));
        }
        ConfigFiles.Report config =
                new ConfigFiles(req.mlperfConf(), req.userConf(), target.modelName(), scenario, req.round()).applyTo(s);
        if (!config.ok()) {
            String where = req.userConf() != null
                    ? "--user-conf " + req.userConf()
                    : req.mlperfConf() == null
                            ? "embedded mlperf.conf (" + round(req).label() + ")"
                            : "--mlperf-conf " + req.mlperfConf();
            throw HarnessException.config(where + ": " + config.summary());
        }
        s.mode = switch (mode) {
            case ACCURACY -> TestMode.ACCURACY_ONLY;
            case PERFORMANCE, TEST06, TEST07, TEST09 -> TestMode.PERFORMANCE_ONLY;
            case FIND_PEAK -> TestMode.FIND_PEAK_PERFORMANCE;
        };
        boolean server = s.scenario == Scenario.SERVER;
        if (mode == io.llmharness.benchmark.RunMode.FIND_PEAK && !server) {
            throw HarnessException.usage("--find-peak: LoadGen's peak search runs the Server scenario only, not "
                    + target.scenario() + "; use --scenario Server or Interactive");
        }
        if (req.serverTargetQps() != null) {
            if (!(req.serverTargetQps() > 0) || req.serverTargetQps().isInfinite()) {
                throw HarnessException.usage(
                        "--server-target-qps " + req.serverTargetQps() + ": must be a positive number of queries/s");
            }
            if (server) {
                s.serverTargetQps = req.serverTargetQps();
            } else {
                warnings.add("--server-target-qps is ignored in the " + target.scenario() + " scenario");
            }
        }
        if (req.serverCoalesceQueries() != null) {
            if (server) {
                s.serverCoalesceQueries = req.serverCoalesceQueries();
            } else {
                warnings.add("--server-coalesce-queries is ignored in the " + target.scenario() + " scenario");
            }
        }
        applySets(s, req.sets());
        SettingsRange.check(s);
        if (s.mode == TestMode.FIND_PEAK_PERFORMANCE && !server) {
            throw HarnessException.usage("--set mode=FindPeakPerformance: LoadGen's peak search runs the Server"
                    + " scenario only, not " + target.scenario() + "; use --scenario Server or Interactive");
        }
        if (target.tokenLatencies() && !s.useTokenLatencies) {
            warnings.add("LoadGen model name '" + target.modelName() + "' does not switch on use_token_latencies"
                    + " (no such key in mlperf.conf or --user-conf): TTFT and TPOT are not measured by LoadGen");
        }
        return new Resolved(s, warnings);
    }

    /** The round of the embedded mlperf.conf a request uses when it gives no file. */
    static MlperfRound round(RunRequest.LoadGenRequest req) {
        return req.round() == null ? MlperfRound.DEFAULT : req.round();
    }

    /**
     * The round whose seeds the settings carry, i.e. whose rules on seeds the run met; null when they are no
     * known round's (another file, or seeds changed with {@code --set}).
     */
    static MlperfRound seedRound(TestSettings s) {
        return MlperfRound.ofSeeds(s.qslRngSeed, s.sampleIndexRngSeed, s.scheduleRngSeed)
                .orElse(null);
    }

    /** Applies every {@code --set FIELD=VALUE}, in order. */
    static void applySets(TestSettings s, List<String> sets) {
        for (String assignment : sets) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                throw HarnessException.usage(
                        "--set " + assignment + ": expected FIELD=VALUE, e.g. min_duration_ms=60000");
            }
            try {
                s.set(
                        assignment.substring(0, eq).trim(),
                        assignment.substring(eq + 1).trim());
            } catch (IllegalArgumentException e) {
                throw HarnessException.usage("--set " + assignment + ": " + e.getMessage());
            }
        }
    }

    static void requireFile(Path file, String flag) {
        if (!Files.isRegularFile(file)) {
            throw HarnessException.config(flag + " " + file + ": "
                    + (Files.isDirectory(file) ? "is a directory, not a file" : "no such file"));
        }
    }
}
