package io.llmharness.accuracy;

import io.llmharness.accuracy.decode.TokenDecoder;
import io.llmharness.accuracy.exec.CodeRunner;
import io.llmharness.accuracy.punkt.PunktSplitter;
import io.llmharness.accuracy.text.PyText;
import io.llmharness.dataset.Dataset;
import io.llmharness.dataset.column.Column;
import io.llmharness.error.HarnessException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What an evaluator works with: the log, the dataset, how to decode responses, the sentence splitter (null when
 * nltk's Punkt data is not available) and the code runner.
 *
 * @param logFile the log, for messages
 * @param entries the log's entries in file order
 * @param dataset the dataset the run used
 * @param dtype how response bytes are read as ids
 * @param decoder ids → text (null for text responses)
 * @param splitter the sentence splitter, or null
 * @param code runs generated programs
 * @param progress receives progress lines for the terminal
 */
public record EvalContext(
        String logFile,
        List<LogEntry> entries,
        Dataset dataset,
        Dtype dtype,
        TokenDecoder decoder,
        PunktSplitter splitter,
        CodeRunner code,
        Consumer<String> progress) {

    /** Every entry as a sample, in file order (for the evaluators that score duplicates too). */
    public List<Sample> all() {
        List<Sample> out = new ArrayList<>(entries.size());
        for (LogEntry e : entries) {
            out.add(sample(e));
        }
        return out;
    }

    /** The first entry of each {@code qsl_idx}, in file order, as the Llama and DeepSeek evaluators keep them. */
    public List<Sample> firstPerSample() {
        Set<Long> seen = new HashSet<>();
        List<Sample> out = new ArrayList<>();
        for (LogEntry e : entries) {
            if (seen.add(e.qslIdx())) {
                out.add(sample(e));
            }
        }
        return out;
    }

    /** Like {@link #firstPerSample()}, but entries whose {@code qsl_idx} is beyond the dataset are skipped. */
    public List<Sample> firstPerSampleWithin() {
        Set<Long> seen = new HashSet<>();
        List<Sample> out = new ArrayList<>();
        for (LogEntry e : entries) {
            if (e.qslIdx() >= 0 && e.qslIdx() < dataset.size() && seen.add(e.qslIdx())) {
                out.add(sample(e));
            }
        }
        return out;
    }

    /** Like {@link #all()}, but entries whose {@code qsl_idx} is beyond the dataset are skipped. */
    public List<Sample> allWithin() {
        List<Sample> out = new ArrayList<>();
        for (LogEntry e : entries) {
            if (e.qslIdx() >= 0 && e.qslIdx() < dataset.size()) {
                out.add(sample(e));
            }
        }
        return out;
    }

    private Sample sample(LogEntry e) {
        if (e.qslIdx() < 0 || e.qslIdx() >= dataset.size()) {
            throw HarnessException.config(logFile + " entry " + e.index() + ": qsl_idx " + e.qslIdx()
                    + " is outside the dataset's " + dataset.size() + " rows (" + dataset.source()
                    + "); score with the dataset file the run used");
        }
        int[] ids;
        try {
            ids = decoder == null ? new int[0] : dtype.ids(e.data());
        } catch (IllegalArgumentException ex) {
            throw HarnessException.config(logFile + " entry " + e.index() + ": " + ex.getMessage()
                    + "; pass the dtype the SUT logged with --dtype");
        }
        return new Sample(e, (int) e.qslIdx(), ids);
    }

    /** The decoded text of a sample ({@code skip_special_tokens=True}), or its UTF-8 text for text responses. */
    public String text(Sample s) {
        return text(s, true);
    }

    /** The decoded text, keeping special tokens when {@code skipSpecial} is false. */
    public String text(Sample s, boolean skipSpecial) {
        return decoder == null
                ? new String(s.entry().data(), StandardCharsets.UTF_8)
                : decoder.decode(s.ids(), skipSpecial);
    }

    /** The MLPerf post-processing of texts scored with ROUGE: strip, then one sentence per line. */
    public String postProcess(String text) {
        String s = PyText.strip(text);
        return splitter == null ? s : splitter.joinLines(s);
    }

    /**
     * The first of the named columns that the dataset has.
     *
     * @throws HarnessException naming the dataset and the columns it has
     */
    public Column column(String... names) {
        for (String n : names) {
            if (dataset.columnNames().contains(n)) {
                return dataset.column(n);
            }
        }
        throw HarnessException.config("Dataset " + dataset.source() + " has no column " + String.join(" or ", names)
                + ", which the accuracy evaluator reads; columns present: " + String.join(", ", dataset.columnNames()));
    }

    /** A column's text, "" for a missing value. */
    public static String cell(Column c, int row) {
        String t = c.text(row);
        return t == null ? "" : t;
    }
}
