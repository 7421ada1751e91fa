package io.llmharness.cli;

import io.llmharness.submission.PackReport;
import io.llmharness.submission.PackRequest;
import io.llmharness.submission.SubmissionPacker;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness submission pack}: builds {@code closed/<org>/…} from performance, accuracy and compliance run
 * directories and pre-checks it. Exit 0 when the pre-check is clean, 4 when it lists problems (the tree is
 * written either way), 3 for a run it cannot place, 2 usage. See docs/submission.md.
 */
@Command(
        name = "pack",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Build the MLPerf submission tree (closed/ORG/results/SYSTEM/BENCHMARK/SCENARIO/...) from run"
                    + " directories and pre-check it before the official checker.",
            "Example: harness submission pack --org MyOrg --system 8xH100_vLLM --round v6.0 --output submission"
                    + " harness_output/*-llama3.1-8b-*"
        })
public final class SubmissionPackCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--org", required = true, paramLabel = "ORG", description = "Submitting organisation.")
    String org;

    @Option(
            names = "--system",
            required = true,
            paramLabel = "NAME",
            description = "System name (systems/NAME.json, results/NAME/).")
    String system;

    @Option(
            names = "--round",
            required = true,
            paramLabel = "ROUND",
            description = "Round whose rules the tree follows: v6.0 or v6.1 (runs must use its seeds:"
                    + " harness run --round).")
    String round;

    @Option(
            names = "--output",
            required = true,
            paramLabel = "DIR",
            description = "Directory the closed/ tree is written into.")
    Path output;

    @Option(
            names = "--llama2-accuracy",
            paramLabel = "LEVEL",
            defaultValue = "99",
            description = "llama2-70b results go under llama2-70b-99 or llama2-70b-99.9 (default: ${DEFAULT-VALUE}).")
    String llama2Level;

    @Option(
            names = "--system-json",
            paramLabel = "FILE",
            description = "Your filled-in system description, copied to systems/NAME.json (default: a template"
                    + " with FILL IN markers).")
    Path systemJson;

    @Parameters(
            arity = "1..*",
            paramLabel = "RUN_DIR",
            description = "Performance, accuracy and compliance (TEST06, TEST07, TEST09) run directories (grouped by"
                    + " benchmark and scenario; a run's mlperf/ folder stands for its run).")
    List<Path> runs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PackReport report = SubmissionPacker.pack(
                new PackRequest(org, system, round, output, runs, llama2Level, systemJson), line -> {
                    out.println(line);
                    out.flush();
                });
        report.lines().forEach(out::println);
        out.flush();
        return report.clean() ? ExitCodes.OK : ExitCodes.RESULT_INVALID;
    }
}
