package io.llmharness.accuracy.bench;

import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.EvalContext;
import io.llmharness.accuracy.Evaluator;
import io.llmharness.accuracy.Sample;
import io.llmharness.accuracy.text.PyNumbers;
import io.llmharness.accuracy.text.PyText;
import io.llmharness.dataset.column.Column;
import java.util.List;

/**
 * The ROUGE evaluators of llama2-70b ({@code evaluate-accuracy.py}) and llama3.1-8b / -edge ({@code evaluation.py}):
 * first response per sample, decoded without special tokens, stripped and split into sentences (as the reference
 * column {@code output}), ROUGE per sample, mean ×100 to 4 decimals; {@code gen_len} in code points of the processed
 * predictions. llama3.1-8b prints the ROUGE values as quoted strings and no token counts; llama2-70b adds
 * {@code gen_tok_len} and {@code tokens_per_sample}.
 */
public final class CnnRougeEvaluator implements Evaluator {

    private final boolean llama2;

    /** @param llama2 llama2-70b's output format (else llama3.1-8b's) */
    public CnnRougeEvaluator(boolean llama2) {
        this.llama2 = llama2;
    }

    @Override
    public boolean tokenIds() {
        return true;
    }

    @Override
    public AccuracyResult evaluate(EvalContext ctx) {
        List<Sample> samples = ctx.firstPerSample();
        Column output = ctx.column("output");
        RougeAggregate rouge = new RougeAggregate(ctx.splitter() != null);
        long genLen = 0;
        long genTokLen = 0;
        for (Sample s : samples) {
            String pred = ctx.postProcess(ctx.text(s));
            rouge.add(ctx.postProcess(EvalContext.cell(output, s.row())), pred);
            genLen += PyText.len(pred);
            genTokLen += s.ids().length;
        }
        Results r = new Results();
        for (int t = 0; t < (rouge.hasLsum() ? 4 : 3); t++) {
            double v = rouge.score(t);
            r.put(RougeAggregate.NAMES[t], llama2 ? (Object) v : PyNumbers.repr(v));
        }
        if (rouge.hasLsum()) {
            r.put("gen_len", genLen);
        } else {
            r.notComputed.add(Results.needsPunkt("rougeLsum, gen_len"));
        }
        r.dict.put("gen_num", (long) samples.size());
        if (llama2) {
            r.dict.put("gen_tok_len", genTokLen);
            r.put("tokens_per_sample", PyNumbers.pythonRound(genTokLen / (double) samples.size(), 1));
        }
        return r.build();
    }
}
