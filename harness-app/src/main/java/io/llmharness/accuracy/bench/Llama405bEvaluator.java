package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.EvalContext;
import io.llmharness.accuracy.Evaluator;
import io.llmharness.accuracy.Sample;
import io.llmharness.accuracy.answer.LongContextMatch;
import io.llmharness.accuracy.rouge.RougeScorer;
import io.llmharness.accuracy.text.PyNumbers;
import io.llmharness.accuracy.text.PyText;
import io.llmharness.dataset.column.Column;
import io.llmharness.error.HarnessException;
import java.util.List;

/**
 * llama3.1-405b's {@code evaluate-accuracy.py}: per row the metric named in the dataset's {@code metric} column —
 * rougeL F ×100 ({@code rouge}), {@code niah_em} or {@code qa_em} — on stripped, sentence-split texts; {@code rougeL}
 * and {@code exact_match} are the means over their rows (pandas: NaN rows add 0 to the sum and are not counted).
 */
public final class Llama405bEvaluator implements Evaluator {

    @Override
    public boolean tokenIds() {
        return true;
    }

    @Override
    public AccuracyResult evaluate(EvalContext ctx) {
        List<Sample> samples = ctx.firstPerSample();
        Column gt = ctx.column("gt_output");
        Column metric = ctx.column("metric");
        RougeScorer scorer = new RougeScorer(true);
        int n = samples.size();
        double[] rouge = new double[n];
        double[] em = new double[n];
        int rougeRows = 0;
        int emRows = 0;
        long genLen = 0;
        long genTokLen = 0;
        for (int i = 0; i < n; i++) {
            Sample s = samples.get(i);
            String pred = ctx.postProcess(ctx.text(s));
            String ref = ctx.postProcess(EvalContext.cell(gt, s.row()));
            String m = EvalContext.cell(metric, s.row());
            switch (m) {
                case "rouge" -> {
                    rouge[i] = 100 * scorer.rougeL(ref, pred).fmeasure();
                    rougeRows++;
                }
                case "niah_em" -> {
                    em[i] = LongContextMatch.niahEm(ref, pred);
                    emRows++;
                }
                case "qa_em" -> {
                    em[i] = LongContextMatch.qaEm(ref, pred);
                    emRows++;
                }
                default ->
                    throw HarnessException.config("Dataset " + ctx.dataset().source() + " row " + s.row()
                            + ", column 'metric': '" + m + "' is not rouge, niah_em or qa_em");
            }
            genLen += PyText.len(pred);
            genTokLen += s.ids().length;
        }
        Results r = new Results();
        r.put("rougeL", mean(rouge, rougeRows));
        r.put("exact_match", mean(em, emRows));
        if (ctx.splitter() != null) {
            r.dict.put("gen_len", genLen);
        } else {
            r.notComputed.add(Results.needsPunkt("gen_len (not gated)"));
            r.notes.add("without Punkt data, rougeL and exact_match use stripped texts without the sentence split;"
                    + " rougeL is unaffected, qa_em can differ in rare cases");
        }
        r.dict.put("gen_num", (long) n);
        r.dict.put("gen_tok_len", genTokLen);
        r.put("tokens_per_sample", PyNumbers.pythonRound(genTokLen / (double) n, 1));
        return r.build();
    }

    private static double mean(double[] values, int count) {
        return count == 0 ? Double.NaN : PyNumbers.pairwiseSumOf(values) / count;
    }
}
