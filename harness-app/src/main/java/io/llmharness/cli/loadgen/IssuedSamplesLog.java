package io.llmharness.cli.loadgen;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code issued_samples.tsv}: one row per issued sample in issue order (issue_seq, query_no, pos_in_query,
 * sample_index, and for Server t_issue_ns = ns since the start of the run the query belongs to).
 */
final class IssuedSamplesLog implements AutoCloseable {

    private final BufferedWriter out;
    private final boolean withTime;
    private long issueSeq;
    private long queryNo;

    IssuedSamplesLog(Path file, boolean withTime) {
        this.withTime = withTime;
        try {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            out.write("# issue_seq\tquery_no\tpos_in_query\tsample_index" + (withTime ? "\tt_issue_ns" : "") + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Records one query's samples; thread-safe (several issue threads may call). */
    synchronized void query(long[] indices, int count, long tIssueNs) {
        StringBuilder b = new StringBuilder(count * 24);
        for (int pos = 0; pos < count; pos++) {
            b.append(issueSeq++)
                    .append('\t')
                    .append(queryNo)
                    .append('\t')
                    .append(pos)
                    .append('\t')
                    .append(indices[pos]);
            if (withTime) {
                b.append('\t').append(tIssueNs);
            }
            b.append('\n');
        }
        queryNo++;
        try {
            out.write(b.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write issued_samples.tsv", e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write issued_samples.tsv", e);
        }
    }
}
