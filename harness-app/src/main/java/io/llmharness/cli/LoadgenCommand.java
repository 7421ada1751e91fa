package io.llmharness.cli;

import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.clock.VirtualClock;
import io.llmharness.loadgen.config.ConfigDiagnostic;
import io.llmharness.loadgen.config.ConfigState;
import io.llmharness.loadgen.config.ConfigStatus;
import io.llmharness.loadgen.log.CFormat;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.selftest.FixedSutTiming;
import io.llmharness.run.LoadGenSelfTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness loadgen}: runs the Java LoadGen against a built-in fixed-latency SUT, no server needed. Writes
 * the four MLPerf logs plus {@code issued_samples.tsv} and {@code qsl_load_calls.txt}. Settings are applied in
 * this order: defaults, {@code --scenario}, {@code --user-conf} (with the embedded mlperf.conf), {@code --mode},
 * then every {@code --set}. Exit code 0 when VALID (or accuracy only), 4 when INVALID, 3 for a bad config file,
 * 2 for bad usage.
 */
@Command(
        name = "loadgen",
        mixinStandardHelpOptions = true,
        description = "Run the Java MLPerf LoadGen against a built-in fixed-latency SUT (no server).",
        sortOptions = false)
public final class LoadgenCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--scenario", required = true, description = "SingleStream, MultiStream, Server or Offline.")
    String scenario;

    @Option(
            names = "--mode",
            defaultValue = "PerformanceOnly",
            description =
                    "PerformanceOnly, AccuracyOnly, SubmissionRun or FindPeakPerformance (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--total-samples", required = true, description = "QSL total sample count.")
    long totalSamples;

    @Option(names = "--performance-samples", required = true, description = "QSL performance sample count.")
    long performanceSamples;

    @Option(
            names = "--set",
            paramLabel = "FIELD=VALUE",
            description =
                    "Set a TestSettings field by its spec name, e.g. server_target_qps=2000 (repeatable; applied last).")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--user-conf",
            paramLabel = "FILE",
            description = "A user.conf applied like LoadGen's FromConfig (needs --model).")
    Path userConf;

    @Option(
            names = "--model",
            paramLabel = "NAME",
            description = "mlperf.conf model key for --user-conf, e.g. llama3_1-8b.")
    String model;

    @Option(
            names = "--mlperf-conf",
            paramLabel = "FILE",
            description = "Use another round's mlperf.conf instead of the embedded 6.0.17 one.")
    Path mlperfConf;

    @Option(
            names = "--audit-config",
            paramLabel = "FILE",
            defaultValue = "audit.config",
            description = "Audit config applied when it exists (default: ${DEFAULT-VALUE}).")
    String auditConfig;

    @Option(
            names = "--sut-delay-us",
            paramLabel = "D",
            defaultValue = "0",
            description = "Each sample completes at issue + D us.")
    long delayUs;

    @Option(
            names = "--sut-service-us",
            paramLabel = "S",
            defaultValue = "0",
            description = "Completions at least S us apart (one worker, issue order).")
    long serviceUs;

    @Option(names = "--sut-first-token-us", paramLabel = "F", description = "Report the first token at issue + F us.")
    Long firstTokenUs;

    @Option(
            names = "--sut-tokens",
            paramLabel = "T",
            defaultValue = "0",
            description = "n_tokens of each response (default 0: not given).")
    long tokens;

    @Option(
            names = "--sut-repeat",
            paramLabel = "R",
            description = "Response data = index as int32 LE repeated R times (default: T, at least 1).")
    Integer repeat;

    @Option(
            names = "--output-dir",
            required = true,
            paramLabel = "DIR",
            description = "Directory for the logs (created if missing).")
    Path outputDir;

    @Option(
            names = "--trace",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Write mlperf_log_trace.json (default: on).")
    boolean trace;

    @Option(
            names = "--schedule-log",
            description = "Write schedule_delay.tsv (scheduled vs issued per query) and print p50/p99.")
    boolean scheduleLog;

    @Option(names = "--virtual-clock", description = "Simulate time instead of waiting (deterministic, fast).")
    boolean virtualClock;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        TestSettings settings = resolveSettings();
        createOutputDir();
        Clock clock = virtualClock ? new VirtualClock() : Clock.system();
        FixedSutTiming sut = sutTiming();
        LogSettings logs = LogSettings.defaults().withOutdir(outputDir).withEnableTrace(trace);
        LoadGenSelfTest.Outcome outcome = LoadGenSelfTest.run(new LoadGenSelfTest.Request(
                settings, totalSamples, performanceSamples, sut, outputDir, logs, auditConfig, clock, scheduleLog));
        report(out, outcome);
        return outcome.result().verdict() == TestResult.Verdict.INVALID ? ExitCodes.RESULT_INVALID : ExitCodes.OK;
    }

    private TestSettings resolveSettings() {
        // Each invocation behaves like a fresh LoadGen process (mlperf.conf is applied with the first user.conf).
        ConfigState.reset();
        if (mlperfConf != null) {
            if (!Files.isRegularFile(mlperfConf)) {
                throw HarnessException.config("--mlperf-conf " + mlperfConf + ": no such file");
            }
            ConfigState.useMlperfConf(mlperfConf);
        }
        if (totalSamples <= 0 || performanceSamples <= 0) {
            throw HarnessException.usage("--total-samples and --performance-samples must be positive");
        }
        TestSettings s = new TestSettings();
        try {
            s.scenario = Scenario.fromName(scenario);
            if (userConf != null) {
                applyUserConf(s);
            } else if (model != null) {
                throw HarnessException.usage("--model only makes sense with --user-conf");
            }
            s.mode = TestMode.fromName(mode);
        } catch (IllegalArgumentException e) {
            throw HarnessException.usage(e.getMessage());
        }
        for (String assignment : sets) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                throw HarnessException.usage("--set " + assignment + ": expected FIELD=VALUE");
            }
            try {
                s.set(assignment.substring(0, eq).trim(), assignment.substring(eq + 1));
            } catch (IllegalArgumentException e) {
                throw HarnessException.usage("--set " + assignment + ": " + e.getMessage());
            }
        }
        return s;
    }

    private void applyUserConf(TestSettings s) {
        if (model == null) {
            throw HarnessException.usage("--user-conf needs --model (the mlperf.conf model key, e.g. llama3_1-8b)");
        }
        ConfigStatus status = s.fromConfig(userConf, model, s.scenario.specName());
        if (status != ConfigStatus.OK) {
            ConfigDiagnostic first = s.configDiagnostics().stream()
                    .filter(d -> !d.message().startsWith("Multiple conf files"))
                    .findFirst()
                    .orElse(null);
            String why = first == null ? status.name() : first.message();
            int more = s.configDiagnostics().size() - 1;
            throw HarnessException.config(
                    "--user-conf " + userConf + ": " + why + (more > 0 ? " (and " + more + " more)" : ""));
        }
    }

    private FixedSutTiming sutTiming() {
        if (delayUs < 0 || serviceUs < 0 || (firstTokenUs != null && firstTokenUs < 0) || tokens < 0) {
            throw HarnessException.usage("--sut-* values must not be negative");
        }
        int r = repeat != null ? repeat : (int) Math.max(1, tokens);
        if (r < 0) {
            throw HarnessException.usage("--sut-repeat must not be negative");
        }
        return new FixedSutTiming(
                delayUs * 1000, serviceUs * 1000, firstTokenUs == null ? -1 : firstTokenUs * 1000, tokens, r);
    }

    private void createOutputDir() {
        try {
            Files.createDirectories(outputDir);
        } catch (IOException e) {
            throw HarnessException.execution("--output-dir " + outputDir + ": cannot create it: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw HarnessException.execution("--output-dir " + outputDir + ": " + e.getMessage(), e);
        }
    }

    private static void report(PrintWriter out, LoadGenSelfTest.Outcome o) {
        TestResult r = o.result();
        out.println(
                "Scenario : " + r.scenario().specName() + ", Mode : " + r.mode().specName());
        r.performance().ifPresent(p -> {
            out.println("Result is : " + (p.validity().valid() ? "VALID" : "INVALID"));
            out.println(metricLine(p));
        });
        if (r.performance().isEmpty()) {
            out.println("Accuracy log entries : " + r.accuracyLogEntries());
        }
        if (o.scheduledQueries() > 0) {
            out.println("Schedule delay (issued - scheduled) over " + o.scheduledQueries() + " queries: p50 "
                    + micros(o.delayP50Ns()) + " us, p99 " + micros(o.delayP99Ns()) + " us, max "
                    + micros(o.delayMaxNs()) + " us");
        }
        out.println("Warnings : " + r.warningCount() + ", Errors : " + r.errorCount()
                + (r.errorCount() > 0 ? " (see " + r.logs().detail() + ")" : ""));
        out.println("Logs : " + r.logs().summary().getParent());
        out.flush();
    }

    private static String metricLine(PerformanceSummary p) {
        return switch (p.settings().scenario()) {
            case SINGLE_STREAM ->
                CFormat.f(p.settings().targetLatencyPercentile() * 100, 1) + "th percentile latency (ns) : "
                        + p.samples().target();
            case MULTI_STREAM ->
                CFormat.f(p.settings().targetLatencyPercentile() * 100, 1) + "th percentile latency (ns) : "
                        + p.queries().target();
            case SERVER -> "Completed samples per second : " + CFormat.f(p.completedSamplesPerSecond(), 2);
            case OFFLINE -> "Samples per second : " + CFormat.g(p.samplesPerSecond());
        };
    }

    private static String micros(long ns) {
        return CFormat.f(ns / 1000.0, 1);
    }
}
