package io.llmharness.accuracy.scoring;

import io.llmharness.accuracy.Dtype;
import java.nio.file.Path;
import java.util.Map;

/**
 * What {@code harness accuracy} was asked: the run (or the log file itself) and the overrides of what the run's
 * {@code config.resolved.yaml} says.
 *
 * @param run a run directory holding {@code mlperf_log_accuracy.json}, or the log file
 * @param category {@code --model-category}, or null to take the run's
 * @param dataset {@code --dataset-path}, or null to take the run's
 * @param tokenizer {@code --tokenizer}: a tokenizer.json or its folder, the word {@code sim} for the simulator's
 *     vocabulary, or null to find one
 * @param dtype {@code --dtype}
 * @param punktDir {@code --punkt-dir}, or null to look where nltk keeps its data
 * @param output where accuracy.txt goes, or null for the run directory
 * @param env the process environment (PATH, NLTK_DATA, HF_HOME, HOME)
 */
public record AccuracyRequest(
        Path run,
        String category,
        Path dataset,
        String tokenizer,
        Dtype dtype,
        Path punktDir,
        Path output,
        Map<String, String> env) {

    public AccuracyRequest {
        env = Map.copyOf(env);
    }

    /** Everything from the run directory, int32, found data, accuracy.txt in the run directory. */
    public static AccuracyRequest of(Path run, Map<String, String> env) {
        return new AccuracyRequest(run, null, null, null, Dtype.INT32, null, null, env);
    }
}
