package io.llmharness.workload.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code requests.csv} of an earlier run of ours (MLPerf or workload mode) as a trace: each request at its
 * {@code scheduled_ns}, with its {@code input_tokens} and {@code output_tokens}. Requests whose token counts the run
 * did not record (failed before they were counted) are skipped and counted. Requests of the same
 * {@code sample_index} get the same hash ids, so a replay repeats the prompts the run repeated.
 */
final class RecordsReader {

    static final String SCHEDULED = "scheduled_ns";
    static final String INPUT = "input_tokens";
    static final String OUTPUT = "output_tokens";
    static final String SAMPLE = "sample_index";

    private RecordsReader() {}

    static TraceReaders.Rows read(Path file, int blockSize) throws IOException {
        List<TraceRequest> rows = new ArrayList<>();
        Map<String, int[]> idsBySample = new HashMap<>();
        int[] nextId = {0};
        long[] skipped = {0};
        TraceCsv.read(file, TraceFormat.RECORDS, List.of(SCHEDULED, INPUT, OUTPUT), row -> {
            String scheduled = row.required(SCHEDULED);
            double ns = row.number(SCHEDULED, scheduled);
            if (row.optional(INPUT) == null || row.optional(OUTPUT) == null) {
                skipped[0]++;
                return;
            }
            int input = row.count(INPUT);
            int output = row.count(OUTPUT);
            int[] ids = new int[0];
            String sample = row.optional(SAMPLE);
            if (sample != null) {
                int blocks = MooncakeReader.blocks(input, blockSize);
                int[] known = idsBySample.getOrDefault(sample, new int[0]);
                if (known.length < blocks) {
                    int[] grown = java.util.Arrays.copyOf(known, blocks);
                    for (int i = known.length; i < blocks; i++) {
                        grown[i] = nextId[0]++;
                    }
                    idsBySample.put(sample, grown);
                    known = grown;
                }
                ids = java.util.Arrays.copyOf(known, blocks);
            }
            rows.add(TraceRequest.of(row.line(), Math.round(ns), input, output, ids));
        });
        rows.sort(java.util.Comparator.comparingLong(TraceRequest::offsetNs));
        // scheduled_ns is relative to the run start and negative for a request scheduled before it
        long base = rows.isEmpty() ? 0 : rows.get(0).offsetNs();
        List<TraceRequest> rebased = new ArrayList<>(rows.size());
        for (TraceRequest r : rows) {
            rebased.add(TraceRequest.of(r.line(), r.offsetNs() - base, r.inputLength(), r.outputLength(), r.hashIds()));
        }
        return new TraceReaders.Rows(
                rebased,
                skipped[0] == 0 ? java.util.Map.of() : java.util.Map.of(Trace.SKIPPED_NOT_RECORDED, skipped[0]));
    }
}
