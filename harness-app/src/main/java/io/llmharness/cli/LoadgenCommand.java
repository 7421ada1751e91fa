package io.llmharness.cli;

import io.llmharness.loadgen.TestResult;
import io.llmharness.run.LoadGenSelfTest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness loadgen}: runs the Java LoadGen against the self-test kit's fixed-latency SUT, no server needed
 * ({@link LoadGenSelfTest} does the work; this class maps flags and the exit code). Writes the four MLPerf logs
 * plus {@code issued_samples.tsv} and {@code qsl_load_calls.txt}. Settings are applied in this order: defaults,
 * {@code --scenario}, {@code --user-conf} (with the embedded mlperf.conf), {@code --mode}, then every
 * {@code --set}. Exit code 0 when VALID (or accuracy only), 4 when INVALID, 3 for a bad config file, 2 for bad
 * usage.
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
        LoadGenSelfTest.Outcome outcome = LoadGenSelfTest.run(new LoadGenSelfTest.Request(
                scenario,
                mode,
                totalSamples,
                performanceSamples,
                sets,
                userConf,
                model,
                mlperfConf,
                auditConfig,
                new LoadGenSelfTest.SutRequest(delayUs, serviceUs, firstTokenUs, tokens, repeat),
                outputDir,
                trace,
                scheduleLog,
                virtualClock));
        PrintWriter out = spec.commandLine().getOut();
        outcome.lines().forEach(out::println);
        out.flush();
        return outcome.result().verdict() == TestResult.Verdict.INVALID ? ExitCodes.RESULT_INVALID : ExitCodes.OK;
    }
}
