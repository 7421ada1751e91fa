package io.llmharness.accuracy;

/** The accuracy script of one benchmark, re-implemented: scores the logged responses against the dataset. */
public interface Evaluator {

    /** Whether responses are token ids (decoded with a tokenizer) rather than UTF-8 text. */
    boolean tokenIds();

    /** Scores the log. */
    AccuracyResult evaluate(EvalContext ctx);
}
