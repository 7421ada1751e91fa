package io.llmharness.accuracy.scoring;

import io.llmharness.accuracy.AccuracyLogReader;
import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.AccuracyTargets;
import io.llmharness.accuracy.EvalContext;
import io.llmharness.accuracy.Evaluator;
import io.llmharness.accuracy.LogEntry;
import io.llmharness.accuracy.Verdict;
import io.llmharness.accuracy.bench.Evaluators;
import io.llmharness.accuracy.decode.HfTokenizerDecoder;
import io.llmharness.accuracy.decode.SimTokenDecoder;
import io.llmharness.accuracy.decode.TokenDecoder;
import io.llmharness.accuracy.decode.TokenizerLocator;
import io.llmharness.accuracy.exec.CodeRunner;
import io.llmharness.accuracy.punkt.PunktData;
import io.llmharness.accuracy.punkt.PunktSplitter;
import io.llmharness.benchmark.BenchmarkRegistry;
import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.DatasetLoader;
import io.llmharness.dataset.DatasetOptions;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.log.RunLogFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Scores an accuracy log end to end: reads the run's record, the log and the dataset, picks the decoder and the
 * sentence splitter, runs the benchmark's evaluator, writes {@code accuracy.txt} and checks the targets. Used by
 * {@code harness accuracy} and at the end of an accuracy-mode {@code harness run}.
 */
public final class AccuracyScoring {

    /** File name of the evaluator output, as in a submission. */
    public static final String ACCURACY_TXT = "accuracy.txt";

    /** mxeval's time limit per MBXP program. */
    static final Duration PROGRAM_TIMEOUT = Duration.ofSeconds(20);

    /** Address-space limit per generated program. */
    static final long PROGRAM_MEMORY = 2L << 30;

    private AccuracyScoring() {}

    /**
     * Scores the log.
     *
     * @param progress receives progress lines (code execution) while scoring
     */
    public static AccuracyReport score(AccuracyRequest req, Consumer<String> progress) {
        if (!Files.exists(req.run())) {
            throw HarnessException.config(req.run() + ": no such run directory or log file");
        }
        // RUN_DIR, RUN_DIR/mlperf or the log itself; older run directories keep the log at their top level
        Path dir = RunLogFolder.runDirOf(req.run());
        Path log = Files.isDirectory(req.run()) ? RunLogFolder.find(dir, AccuracyLogReader.FILE) : req.run();
        ScoringInputs run = ScoringInputs.read(dir);
        BenchmarkSpec spec = benchmark(req, run);
        Evaluator evaluator = Evaluators.of(spec.category())
                .orElseThrow(() -> HarnessException.config(spec.category() + ": no accuracy evaluator"));
        List<String> notes = new ArrayList<>();
        // TEST07 and TEST09 log every response; performance and TEST06 runs only the ones LoadGen sampled
        if (run.testMode() != null && !List.of("accuracy", "TEST07", "TEST09").contains(run.testMode())) {
            notes.add("note: this was a " + run.testMode() + " run; its log holds only the responses LoadGen sampled");
        }
        List<LogEntry> entries = AccuracyLogReader.read(log);
        if (entries.isEmpty()) {
            throw HarnessException.config(log + ": no responses logged; run with --test-mode accuracy");
        }
        Dataset dataset = dataset(req, run);
        TokenDecoder decoder = evaluator.tokenIds() ? decoder(req, run, spec, notes) : null;
        PunktSplitter splitter = splitter(req, notes);
        EvalContext ctx = new EvalContext(
                log.toString(),
                entries,
                dataset,
                req.dtype(),
                decoder,
                splitter,
                new CodeRunner(PROGRAM_TIMEOUT, PROGRAM_MEMORY, req.env()),
                progress);
        AccuracyResult result = evaluator.evaluate(ctx);
        if (decoder != null && decoder.unknownIds() > 0) {
            notes.add("warning: " + decoder.unknownIds() + " token ids are not in the vocabulary and decode to nothing"
                    + " (wrong --tokenizer or --dtype?)");
        }
        Path out = req.output() != null ? req.output() : dir.resolve(ACCURACY_TXT);
        write(out, result.lines());
        List<Verdict> verdicts = AccuracyTargets.of(spec.category()).stream()
                .map(t -> Verdict.of(t, result))
                .toList();
        return new AccuracyReport(spec.category(), entries.size(), result, verdicts, out, notes);
    }

    private static BenchmarkSpec benchmark(AccuracyRequest req, ScoringInputs run) {
        String category = req.category() != null ? req.category() : run.category();
        if (category == null) {
            throw HarnessException.usage(req.run() + ": no " + ScoringInputs.FILE
                    + " beside it (not a harness run directory): pass --model-category and --dataset-path");
        }
        return BenchmarkRegistry.builtIn().byCategory(category);
    }

    private static Dataset dataset(AccuracyRequest req, ScoringInputs run) {
        Path path = req.dataset() != null ? req.dataset() : run.dataset();
        if (path == null) {
            throw HarnessException.usage("--dataset-path is required: the run directory does not name its dataset");
        }
        DatasetOptions options = DatasetOptions.defaults();
        if (req.dataset() == null && run.numSamples() > 0) {
            options = options.withNumSamples(run.numSamples());
        }
        return DatasetLoader.load(path, options);
    }

    private static TokenDecoder decoder(
            AccuracyRequest req, ScoringInputs run, BenchmarkSpec spec, List<String> notes) {
        TokenDecoder d;
        if ("sim".equals(req.tokenizer()) || (req.tokenizer() == null && run.simulated())) {
            d = new SimTokenDecoder();
        } else if (req.tokenizer() != null) {
            d = HfTokenizerDecoder.read(
                    TokenizerLocator.resolve(Path.of(req.tokenizer()), "--tokenizer"), "--tokenizer");
        } else {
            List<String> models = Arrays.asList(run.model(), spec.referenceModel());
            Optional<Path> found = TokenizerLocator.find(models, req.env());
            if (found.isEmpty()) {
                throw HarnessException.config("no tokenizer to decode the " + spec.category() + " responses: "
                        + spec.referenceModel() + " is not in the Hugging Face cache"
                        + (run.model() != null ? " and --model " + run.model() + " is not a local model folder" : "")
                        + "; pass --tokenizer DIR (a folder with tokenizer.json)");
            }
            d = HfTokenizerDecoder.read(found.get(), found.get().toString());
        }
        notes.add("decoded with " + d.source());
        return d;
    }

    private static PunktSplitter splitter(AccuracyRequest req, List<String> notes) {
        Optional<Path> dir = req.punktDir() != null
                ? Optional.of(PunktData.resolve(req.punktDir(), "--punkt-dir"))
                : PunktData.find(req.env());
        if (dir.isEmpty()) {
            return null;
        }
        notes.add("sentences split with the Punkt data at " + dir.get());
        return new PunktSplitter(PunktData.read(dir.get()));
    }

    private static void write(Path file, List<String> lines) {
        try {
            Files.writeString(file, String.join("\n", lines) + "\n");
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + " (" + e.getMessage() + ")", e);
        }
    }
}
