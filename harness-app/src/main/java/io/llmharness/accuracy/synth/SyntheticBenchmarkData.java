package io.llmharness.accuracy.synth;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.error.HarnessException;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * {@code harness dataset synth}: a dataset of a benchmark's shape and size whose reference outputs, answered back by
 * {@code harness sim --answers}, give the reference's {@code gen_len} (characters) or {@code tokens_per_sample}
 * (simulator tokens, EOS included) — so accuracy scoring, TEST06 and packing can be dry-run with no model. Prompts
 * are simulator token ids, distinct per row; outputs are sentences of made-up words. Deterministic for a seed.
 */
public final class SyntheticBenchmarkData {

    private SyntheticBenchmarkData() {}

    /** What was written. */
    public record Written(Path file, int rows, long outputChars, long outputTokens, String targetColumn) {}

    /** The categories it supports, comma-separated. */
    public static String supported() {
        return SynthShape.ALL.stream().map(SynthShape::category).collect(Collectors.joining(", "));
    }

    /**
     * Writes the dataset as a JSON array.
     *
     * @param category canonical benchmark name
     * @param rows rows to write; 0 = the full size
     */
    public static Written write(String category, int rows, Path output, long seed) {
        SynthShape shape = SynthShape.ALL.stream()
                .filter(s -> s.category().equals(category))
                .findFirst()
                .orElseThrow(() -> HarnessException.usage("--model-category " + category
                        + ": dataset synth does not know its shape yet; supported: " + supported()));
        if (rows < 0) {
            throw HarnessException.usage("--rows " + rows + ": must be 0 (the full " + shape.rows() + ") or more");
        }
        int n = rows == 0 ? shape.rows() : rows;
        if (!output.getFileName().toString().endsWith(".json")) {
            throw HarnessException.usage(
                    "--output " + output + ": the synthetic dataset is written as JSON; name it" + " *.json");
        }
        SplittableRandom rng = new SplittableRandom(seed);
        String[] metrics = metrics(shape, n);
        String[] targets = targets(shape, n, metrics, rng.split());
        long chars = 0;
        long tokens = 0;
        JsonFactory f = new JsonFactory();
        try (JsonGenerator g = f.createGenerator(output.toFile(), JsonEncoding.UTF8)) {
            g.writeStartArray();
            SplittableRandom prompts = rng.split();
            for (int i = 0; i < n; i++) {
                g.writeStartObject();
                g.writeStringField("input", "Synthetic " + shape.category() + " prompt " + i);
                g.writeFieldName("tok_input");
                int[] ids = prompt(shape, i, prompts);
                g.writeArray(ids, 0, ids.length);
                g.writeStringField(shape.targetColumn(), targets[i]);
                if (!shape.rougeOnly()) {
                    g.writeStringField("metric", metrics[i]);
                }
                g.writeEndObject();
                chars += targets[i].length();
                tokens += SimTokenizer.INSTANCE.count(targets[i]) + 1;
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw HarnessException.execution("--output " + output + ": cannot write (" + e.getMessage() + ")", e);
        }
        return new Written(output, n, chars, tokens, shape.targetColumn());
    }

    /** llama3.1-405b's metric per row (half rouge, a quarter each niah_em and qa_em; the real mix is not published). */
    private static String[] metrics(SynthShape shape, int n) {
        String[] m = new String[n];
        for (int i = 0; i < n; i++) {
            m[i] = shape.rougeOnly()
                    ? "rouge"
                    : switch (i % 4) {
                        case 2 -> "niah_em";
                        case 3 -> "qa_em";
                        default -> "rouge";
                    };
        }
        return m;
    }

    private static String[] targets(SynthShape shape, int n, String[] metrics, SplittableRandom rng) {
        String[] out = new String[n];
        long fixedTokens = 0;
        int free = 0;
        for (int i = 0; i < n; i++) {
            switch (metrics[i]) {
                case "niah_em" -> out[i] = "The special magic uuid is " + uuid(rng) + ".";
                case "qa_em" -> out[i] = SynthText.ofTokens(6, rng) + "|" + SynthText.ofTokens(4, rng);
                default -> free++;
            }
            if (out[i] != null) {
                fixedTokens += SimTokenizer.INSTANCE.count(out[i]) + 1;
            }
        }
        boolean byChars = shape.genLen() > 0;
        long total = byChars
                ? Math.round(shape.genLen() * (double) n / shape.rows())
                : Math.round(shape.tokensPerSample() * n) - fixedTokens - free; // EOS of each free row counted
        double mean = total / (double) Math.max(1, free);
        int[] sizes =
                Lengths.exactTotal(free, total, mean, 0.35 * mean, byChars ? 8 : 2, (int) Math.ceil(mean * 4), rng);
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (out[i] == null) {
                out[i] = byChars ? SynthText.ofChars(sizes[k++], rng) : SynthText.ofTokens(sizes[k++], rng);
            }
        }
        return out;
    }

    private static String uuid(SplittableRandom rng) {
        String hex = "0123456789abcdef";
        StringBuilder sb = new StringBuilder(36);
        for (int i = 0; i < 32; i++) {
            if (i == 8 || i == 12 || i == 16 || i == 20) {
                sb.append('-');
            }
            sb.append(hex.charAt(rng.nextInt(16)));
        }
        return sb.toString();
    }

    /** Prompt ids from the simulator's word pieces; the first two spell the row number, so every prompt differs. */
    private static int[] prompt(SynthShape shape, int row, SplittableRandom rng) {
        int len = (int) Math.round(Lengths.normal(rng, shape.inputMean(), shape.inputSd()));
        len = Math.max(Math.max(shape.inputMin(), 3), Math.min(shape.inputMax(), len));
        int words = SimTokenizer.LOWER_WORDS;
        int[] ids = new int[len];
        ids[0] = SimTokenizer.WORD_BASE + (row / words) % words;
        ids[1] = SimTokenizer.WORD_BASE + row % words;
        for (int i = 2; i < len; i++) {
            ids[i] = SimTokenizer.WORD_BASE + rng.nextInt(words);
        }
        return ids;
    }
}
