package io.llmharness.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceStatisticsTest {

    /** Six rows, block size 4: one session of two turns, hash ids shared between rows 1, 2 and 5. */
    static final String FIXTURE = """
            {"timestamp": 0, "input_length": 8, "output_length": 2, "hash_ids": [1, 2]}
            {"timestamp": 500, "input_length": 12, "output_length": 4, "hash_ids": [1, 2, 3]}
            {"timestamp": 1500, "session_id": "a", "input_length": 4, "output_length": 6, "hash_ids": [4]}
            {"session_id": "a", "delay": 1000, "input_length": 16, "output_length": 8, "hash_ids": [4, 5, 6, 7]}
            {"timestamp": 2500, "input_length": 20, "output_length": 10, "hash_ids": [1, 2, 3, 8, 9]}
            {"timestamp": 2600, "input_length": 8, "output_length": 1, "hash_ids": [10, 11]}
            """;

    @TempDir
    Path dir;

    static Path fixture(Path dir) throws IOException {
        Path f = dir.resolve("fixture.jsonl");
        Files.writeString(f, FIXTURE);
        return f;
    }

    @Test
    void equalsTheStatisticsComputedByHand() throws IOException {
        Trace t = TraceReaders.read(
                fixture(dir), TraceFormat.MOONCAKE, TraceReadOptions.defaults().withBlockSize(4));
        TraceStatistics s = TraceStatistics.of(t);
        assertThat(s.requests()).isEqualTo(6);
        assertThat(s.timedRequests()).isEqualTo(5);
        assertThat(s.skipped()).isZero();
        assertThat(s.durationS()).isEqualTo(2.6);
        assertThat(s.meanRatePerS()).isCloseTo(5 / 2.6, within(1e-12));
        // windows [0,1) s: 0 and 0.5; [1,2): 1.5; [2,3): 2.5 and 2.6
        assertThat(s.peakRatePerS()).isEqualTo(2);
        assertThat(s.rateBucketS()).isEqualTo(1.0);
        assertThat(s.ratePerS()).containsExactly(2.0, 1.0, 2.0);
        // gaps 0.5, 1.0, 1.0, 0.1 s: mean 0.65, population variance 0.57 / 4
        assertThat(s.interArrivalCv()).isCloseTo(Math.sqrt(0.57 / 4) / 0.65, within(1e-9));
        // inputs sorted 4 8 8 12 16 20; nearest rank: p50 = 3rd, p90 = p99 = 6th
        assertThat(s.input()).isEqualTo(new TraceStatistics.Lengths(6, 68 / 6.0, 8, 20, 20, 20));
        // outputs sorted 1 2 4 6 8 10
        assertThat(s.output()).isEqualTo(new TraceStatistics.Lengths(6, 31 / 6.0, 4, 10, 10, 10));
        assertThat(s.sessions()).isEqualTo(1);
        assertThat(s.sessionTurns()).isEqualTo(2);
        assertThat(s.maxTurns()).isEqualTo(2);
        // 17 blocks; seen before: row 2 (1, 2), row 4 (4), row 5 (1, 2, 3)
        assertThat(s.blocks()).isEqualTo(17);
        assertThat(s.cachedBlocks()).isEqualTo(6);
        assertThat(s.prefixCacheHitRate()).isEqualTo(6 / 17.0);
        assertThat(s.blockSize()).isEqualTo(4);
    }

    @Test
    void aTraceWithoutHashIdsOrGapsHasNoHitRateOrCv() {
        Trace t = new Trace("x", TraceFormat.AZURE, 512, java.util.List.of(TraceRequest.of(2, 0, 10, 1)), 3);
        TraceStatistics s = TraceStatistics.of(t);
        assertThat(s.prefixCacheHitRate()).isNaN();
        assertThat(s.interArrivalCv()).isNaN();
        assertThat(s.meanRatePerS()).isZero();
        assertThat(s.peakRatePerS()).isEqualTo(1);
        assertThat(s.skipped()).isEqualTo(3);
        assertThat(TraceStatisticsText.table(t, s))
                .contains("n/a (the trace has no hash ids)")
                .contains("(3 rows skipped)");
        assertThat(TraceStatisticsText.json(t, s))
                .contains("\"hit_rate\" : null")
                .contains("\"inter_arrival_cv\" : null");
    }

    @Test
    void rateWindowsWidenToStayWithinSixty() {
        assertThat(TraceStatistics.bucketWidth(59.9)).isEqualTo(1);
        assertThat(TraceStatistics.bucketWidth(60)).isEqualTo(2);
        assertThat(TraceStatistics.bucketWidth(299)).isEqualTo(5);
        assertThat(TraceStatistics.bucketWidth(3600)).isEqualTo(100);
    }
}
