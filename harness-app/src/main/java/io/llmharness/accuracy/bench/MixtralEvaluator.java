package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.EvalContext;
import io.llmharness.accuracy.Evaluator;
import io.llmharness.accuracy.Sample;
import io.llmharness.accuracy.answer.Gsm8kAnswer;
import io.llmharness.accuracy.text.PyNumbers;
import io.llmharness.accuracy.text.PyText;
import io.llmharness.dataset.column.Column;
import java.util.List;

/**
 * mixtral-8x7b's {@code evaluate-accuracy.py}: by the dataset's {@code dataset} column, OpenOrca rows are scored with
 * ROUGE, GSM8K rows by their final number, MBXP rows by running the program against {@code gt_output}'s tests
 * ({@link MbxpScore}). As in the reference, {@code gen_num} counts every log entry, duplicates included, while
 * {@code gen_tok_len} sums the first response per sample.
 */
public final class MixtralEvaluator implements Evaluator {

    @Override
    public boolean tokenIds() {
        return true;
    }

    @Override
    public AccuracyResult evaluate(EvalContext ctx) {
        Column dataset = ctx.column("dataset");
        Column gt = ctx.column("gt_output");
        Column id = ctx.column("id");
        List<Sample> samples = ctx.firstPerSample();
        RougeAggregate rouge = new RougeAggregate(ctx.splitter() != null);
        MbxpScore mbxp = new MbxpScore(ctx.code());
        long genLen = 0;
        long genTokLen = 0;
        int gsmTotal = 0;
        int gsmCorrect = 0;
        for (Sample s : samples) {
            String text = ctx.text(s);
            switch (EvalContext.cell(dataset, s.row())) {
                case "OpenOrca" -> {
                    String pred = ctx.postProcess(text);
                    rouge.add(ctx.postProcess(EvalContext.cell(gt, s.row())), pred);
                    genLen += PyText.len(pred);
                }
                case "GSM8K" -> {
                    gsmTotal++;
                    if (Gsm8kAnswer.correct(text, EvalContext.cell(gt, s.row()))) {
                        gsmCorrect++;
                    }
                }
                case "MBXP" -> mbxp.add(EvalContext.cell(id, s.row()), text, EvalContext.cell(gt, s.row()));
                default -> {
                    // the reference ignores other subsets
                }
            }
            genTokLen += s.ids().length;
        }
        Results r = new Results();
        mbxp.run(ctx.progress(), r);
        for (int t = 0; t < (rouge.hasLsum() ? 4 : 3); t++) {
            r.put(RougeAggregate.NAMES[t], rouge.count() == 0 ? Double.NaN : rouge.score(t));
        }
        if (!rouge.hasLsum()) {
            r.notComputed.add(Results.needsPunkt("rougeLsum, gen_len (not gated)"));
        }
        r.put("gsm8k", gsmTotal == 0 ? Double.NaN : 100.0 * gsmCorrect / gsmTotal);
        if (gsmTotal == 0) {
            r.notes.add("no GSM8K rows in the log");
        }
        if (mbxp.computed()) {
            r.put("mbxp", mbxp.score());
        }
        if (rouge.hasLsum()) {
            r.dict.put("gen_len", genLen);
        }
        long genNum = ctx.entries().size();
        r.dict.put("gen_num", genNum);
        r.dict.put("gen_tok_len", genTokLen);
        r.put("tokens_per_sample", PyNumbers.pythonRound(genTokLen / (double) genNum, 1));
        return r.build();
    }
}
