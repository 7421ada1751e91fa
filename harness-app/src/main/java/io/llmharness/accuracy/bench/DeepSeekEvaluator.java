package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.EvalContext;
import io.llmharness.accuracy.Evaluator;
import io.llmharness.accuracy.Sample;
import io.llmharness.accuracy.answer.AimeAnswer;
import io.llmharness.accuracy.answer.ChoiceAnswer;
import io.llmharness.accuracy.answer.MathAnswer;
import io.llmharness.accuracy.text.PyNumbers;
import io.llmharness.accuracy.text.PyText;
import io.llmharness.dataset.column.Column;
import java.util.List;

/**
 * deepseek-r1's {@code eval_accuracy.py}: first response per sample (rows beyond the dataset skipped), decoded without
 * special tokens and stripped, scored 0 or 100 by the row's task (GPQA / MMLU-Pro letter, MATH500 boxed answer, AIME
 * integer); {@code exact_match} and {@code tokens_per_sample} are means over the rows. LiveCodeBench rows need
 * lcb_runner's test cases, which the dataset does not carry: with such rows exact_match is not computed.
 */
public final class DeepSeekEvaluator implements Evaluator {

    @Override
    public boolean tokenIds() {
        return true;
    }

    @Override
    public AccuracyResult evaluate(EvalContext ctx) {
        List<Sample> samples = ctx.firstPerSampleWithin();
        Column dataset = ctx.column("dataset");
        Column gt = ctx.column("gt_output", "ground_truth");
        double[] acc = new double[samples.size()];
        double[] tokens = new double[samples.size()];
        int lcb = 0;
        int unknown = 0;
        for (int i = 0; i < samples.size(); i++) {
            Sample s = samples.get(i);
            tokens[i] = s.ids().length;
            String text = PyText.strip(ctx.text(s));
            String truth = EvalContext.cell(gt, s.row());
            ReasoningTasks task = ReasoningTasks.of(EvalContext.cell(dataset, s.row()), false);
            boolean correct = false;
            if (task == null) {
                unknown++;
            } else {
                switch (task) {
                    case GPQA -> correct = ChoiceAnswer.correct(ChoiceAnswer.deepseek(text, false), truth, false);
                    case MMLU_PRO -> correct = ChoiceAnswer.correct(ChoiceAnswer.deepseek(text, true), truth, true);
                    case MATH500 -> correct = MathAnswer.grade(MathAnswer.lastBoxed(text), truth);
                    case AIME -> correct = AimeAnswer.correct(text, truth);
                    case LIVECODEBENCH, MMLU -> lcb++;
                }
            }
            acc[i] = correct ? 100.0 : 0.0;
        }
        Results r = new Results();
        double exact = PyNumbers.numpyMean(acc);
        if (lcb > 0) {
            r.notComputed.add("exact_match: not computed: " + lcb + " LiveCodeBench rows need lcb_runner's test cases"
                    + " (by question id), which the harness does not have; without them: "
                    + PyNumbers.plain(exact) + " counting those rows as wrong");
            r.dict.put("exact_match", exact);
        } else {
            r.put("exact_match", exact);
        }
        if (unknown > 0) {
            r.notes.add(unknown + " rows of an unknown task (column 'dataset') scored 0");
        }
        r.put("tokens_per_sample", PyNumbers.numpyMean(tokens));
        r.dict.put("num-samples", (long) samples.size());
        return r.build();
    }
}
