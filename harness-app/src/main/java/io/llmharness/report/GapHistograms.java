package io.llmharness.report;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.metrics.Distribution;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The client's pooled chunk-gap histograms ({@code itl_chunk}, {@code itl_token}, nanoseconds) in HdrHistogram's
 * standard log format, one tagged histogram each: they cannot be rebuilt from the per-request rows, so a summary
 * can only be regenerated with this file beside them.
 *
 * @param chunkGaps pooled {@code itl_chunk} histogram (null: empty)
 * @param tokenGaps pooled {@code itl_token} histogram (null: empty)
 */
record GapHistograms(Histogram chunkGaps, Histogram tokenGaps) {

    static final String CHUNK_TAG = "itl_chunk";
    static final String TOKEN_TAG = "itl_token";

    GapHistograms {
        chunkGaps = orEmpty(chunkGaps);
        tokenGaps = orEmpty(tokenGaps);
    }

    /** Both histograms empty. */
    static GapHistograms empty() {
        return new GapHistograms(null, null);
    }

    static GapHistograms of(RecordSnapshot s) {
        return new GapHistograms(s.chunkGaps(), s.tokenGaps());
    }

    void write(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment("llm-harness pooled inter-chunk gaps in nanoseconds, tags " + CHUNK_TAG + ", " + TOKEN_TAG);
            w.outputLogFormatVersion();
            w.outputLegend();
            w.outputIntervalHistogram(tagged(chunkGaps, CHUNK_TAG));
            w.outputIntervalHistogram(tagged(tokenGaps, TOKEN_TAG));
            w.close();
        }
    }

    /** Reads the file; a histogram missing from it is empty. */
    static GapHistograms read(Path file) throws IOException {
        Histogram chunk = null;
        Histogram token = null;
        try (InputStream in = Files.newInputStream(file);
                HistogramLogReader r = new HistogramLogReader(in)) {
            EncodableHistogram h;
            while ((h = r.nextIntervalHistogram()) != null) {
                if (h instanceof Histogram hist && CHUNK_TAG.equals(hist.getTag())) {
                    chunk = hist;
                } else if (h instanceof Histogram hist && TOKEN_TAG.equals(hist.getTag())) {
                    token = hist;
                }
            }
        } catch (RuntimeException e) {
            throw new IOException("malformed histogram log " + file + ": " + e.getMessage(), e);
        }
        return new GapHistograms(chunk, token);
    }

    private static Histogram tagged(Histogram h, String tag) {
        Histogram copy = h.copy();
        copy.setTag(tag);
        copy.setStartTimeStamp(0); // pooled over the whole run: no interval
        copy.setEndTimeStamp(0);
        return copy;
    }

    private static Histogram orEmpty(Histogram h) {
        return h == null ? new Histogram(Distribution.SIGNIFICANT_DIGITS) : h;
    }
}
