package io.llmharness.loadgen.selftest;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code issued_samples.tsv}: one row per issued sample in issue order (issue_seq, query_no, pos_in_query,
 * sample_index, and for Server t_issue_ns = ns since the start of the run the query belongs to). A C++ LoadGen
 * SUT that writes the same file makes the two implementations' sample order comparable line by line.
 */
public final class IssuedSamplesLog implements AutoCloseable {

    private final BufferedWriter out;
    private final boolean withTime;
    private long issueSeq;
    private long queryNo;

    /**
     * Creates the file and writes its header.
     *
     * @param withTime add the {@code t_issue_ns} column (the Server scenario)
     * @throws UncheckedIOException when the file cannot be written
     */
    public IssuedSamplesLog(Path file, boolean withTime) {
        this.withTime = withTime;
        try {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            out.write("# issue_seq\tquery_no\tpos_in_query\tsample_index" + (withTime ? "\tt_issue_ns" : "") + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Records one issueQuery call's samples; thread-safe (several issue threads may call).
     *
     * @param indices QSL indices of the samples, in order
     * @param count how many of {@code indices} to record
     * @param tIssueNs issue time, ns after the run start (written for Server only)
     */
    public synchronized void query(long[] indices, int count, long tIssueNs) {
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
