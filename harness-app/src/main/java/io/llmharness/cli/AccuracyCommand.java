package io.llmharness.cli;

import io.llmharness.accuracy.Dtype;
import io.llmharness.accuracy.Verdict;
import io.llmharness.accuracy.scoring.AccuracyReport;
import io.llmharness.accuracy.scoring.AccuracyRequest;
import io.llmharness.accuracy.scoring.AccuracyScoring;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness accuracy RUN_DIR}: scores a run's {@code mlperf_log_accuracy.json} with the benchmark's reference
 * metric, writes {@code accuracy.txt} as the submission checker reads it and prints PASS/FAIL against the targets.
 * Exit code 0 PASS, 4 FAIL, 3 when a gated metric could not be computed (missing Punkt data, toolchain, tokenizer)
 * or the input is bad, 2 usage. See docs/accuracy.md.
 */
@Command(
        name = "accuracy",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Score an accuracy run: decode mlperf_log_accuracy.json, compute the benchmark's metric (ROUGE, exact"
                    + " match, F1, ...), write accuracy.txt and check the MLPerf targets.",
            "Example: harness accuracy harness_output/20261121-072838-llama3.1-8b-offline-accuracy"
        })
public final class AccuracyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "RUN_DIR",
            description = "Run directory (its mlperf/ folder, or the mlperf_log_accuracy.json file itself; older run"
                    + " directories with the logs at their top level are read too).")
    Path run;

    @Option(
            names = "--model-category",
            paramLabel = "NAME",
            description = "Benchmark (default: the run's, from config.resolved.yaml).")
    String modelCategory;

    @Option(
            names = "--dataset-path",
            paramLabel = "FILE",
            description = "Dataset with the reference answers (default: the run's).")
    Path datasetPath;

    @Option(
            names = "--tokenizer",
            paramLabel = "PATH",
            description = "tokenizer.json or the model folder holding it; 'sim' for the simulator's vocabulary"
                    + " (default: 'sim' for --simulate runs, else the model's folder or the Hugging Face cache).")
    String tokenizer;

    @Option(
            names = "--dtype",
            paramLabel = "TYPE",
            defaultValue = "int32",
            description =
                    "How response bytes are read as token ids: int32, int64 or int16 (default: ${DEFAULT-VALUE}).")
    String dtype;

    @Option(
            names = "--punkt-dir",
            paramLabel = "DIR",
            description = "nltk's punkt_tab data (an nltk_data folder or its tokenizers/punkt_tab/english)"
                    + " (default: $NLTK_DATA, ~/nltk_data, /usr/share/nltk_data, ...).")
    Path punktDir;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "Where accuracy.txt goes (default: RUN_DIR/accuracy.txt).")
    Path output;

    @Override
    public Integer call() {
        AccuracyRequest req = new AccuracyRequest(
                run,
                modelCategory,
                datasetPath,
                tokenizer,
                Dtype.parse(dtype, "--dtype"),
                punktDir,
                output,
                System.getenv());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AccuracyReport report = AccuracyScoring.score(req, line -> {
            err.println("harness: " + line);
            err.flush();
        });
        report.lines().forEach(out::println);
        out.flush();
        return exitCode(report.status());
    }

    /** PASS 0, FAIL 4 (result invalid), INCOMPLETE 3 (something needed to compute a gated metric is missing). */
    static int exitCode(Verdict.Status status) {
        return switch (status) {
            case PASS -> ExitCodes.OK;
            case FAIL -> ExitCodes.RESULT_INVALID;
            case INCOMPLETE -> ExitCodes.INVALID_CONFIG;
        };
    }
}
