package io.llmharness.accuracy.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.EvalContext;
import io.llmharness.accuracy.Evaluator;
import io.llmharness.accuracy.Sample;
import io.llmharness.accuracy.answer.HierarchicalF1;
import io.llmharness.accuracy.text.PyNumbers;
import io.llmharness.dataset.column.Column;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * qwen3-vl's {@code evaluation.py}: every entry (no de-duplication) is the model's JSON answer as UTF-8 text; an
 * answer that is not an object with a string {@code category}, a string {@code brand} and a boolean
 * {@code is_secondhand} counts as a miss as deep as the truth; the gated number is the hierarchical F1 of the
 * category path against {@code ground_truth_category}. Writes {@code {"f1": …}} and its own {@code hash=} line as the
 * reference does.
 */
public final class Qwen3VlEvaluator implements Evaluator {

    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @Override
    public boolean tokenIds() {
        return false;
    }

    @Override
    public AccuracyResult evaluate(EvalContext ctx) {
        List<Sample> samples = ctx.all();
        Column truth = ctx.column("ground_truth_category");
        HierarchicalF1 f1 = new HierarchicalF1();
        int invalid = 0;
        for (Sample s : samples) {
            String category = category(ctx.text(s));
            if (category == null) {
                invalid++;
            }
            f1.add(category, EvalContext.cell(truth, s.row()));
        }
        Results r = new Results();
        double value = f1.f1();
        r.metrics.put("f1", value);
        String json = "{\"f1\": " + PyNumbers.repr(value) + "}";
        if (invalid > 0) {
            r.notes.add(invalid + " of " + samples.size() + " answers were not valid product JSON (counted as misses)");
        }
        return r.build(List.of("Results", "", json, "", "hash=" + sha256(json)));
    }

    /** The category of a valid answer, or null. */
    static String category(String text) {
        try {
            JsonNode n = MAPPER.readTree(text);
            if (n != null
                    && n.isObject()
                    && n.path("category").isTextual()
                    && n.path("brand").isTextual()
                    && n.path("is_secondhand").isBoolean()) {
                return n.get("category").asText();
            }
        } catch (java.io.IOException e) {
            // not JSON: a miss
        }
        return null;
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
