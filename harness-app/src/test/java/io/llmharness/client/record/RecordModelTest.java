package io.llmharness.client.record;

import static io.llmharness.client.record.RequestRecord.ABSENT;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecordModelTest {

    static RequestRecord record(long id, long first, long done, long tokens, int chunks) {
        return new RequestRecord(
                id,
                0,
                "http://a",
                id,
                1,
                true,
                0,
                10,
                20,
                30,
                40,
                50,
                60,
                first,
                first + 500,
                done,
                chunks,
                7,
                5,
                tokens,
                TokenCountSource.TOKEN_IDS,
                200,
                0,
                Outcome.OK,
                null);
    }

    @Test
    void derivedMetricsFollowTheDesignDefinitions() {
        RequestRecord r = record(1, 100, 1100, 11, 6);
        assertThat(r.ttftNs()).isEqualTo(100);
        assertThat(r.ttftFromSendNs()).isEqualTo(60);
        assertThat(r.e2eNs()).isEqualTo(1100);
        assertThat(r.e2eFromSendNs()).isEqualTo(1060);
        assertThat(r.tpotNs()).isEqualTo(100);
        assertThat(r.meanChunkGapNs()).isEqualTo(100);
        assertThat(r.scheduleDelayNs()).isEqualTo(10);
        assertThat(r.connectionWaitNs()).isEqualTo(20);
        RequestRecord none = new RequestRecord(
                2,
                0,
                "u",
                -1,
                1,
                false,
                0,
                0,
                0,
                ABSENT,
                ABSENT,
                ABSENT,
                ABSENT,
                ABSENT,
                ABSENT,
                5,
                0,
                0,
                -1,
                -1,
                TokenCountSource.NONE,
                0,
                0,
                new Outcome.Cancelled("x"),
                null);
        assertThat(none.ttftNs()).isEqualTo(ABSENT);
        assertThat(none.tpotNs()).isEqualTo(ABSENT);
        assertThat(none.e2eFromSendNs()).isEqualTo(ABSENT);
        assertThat(none.ok()).isFalse();
    }

    @Test
    void contextOverflowMatchesEveryKnownMessage() {
        for (String m : List.of(
                "This model's maximum context length is 4096 tokens. However, you requested 4612 tokens",
                "'max_tokens' or 'max_completion_tokens' is too large: 512.",
                "The decoder prompt (length 4100) is longer than the maximum model length of 4096.",
                "max_tokens=5000cannot be greater than max_model_len",
                "The input (5000 tokens) is longer than the model's context length (4096 tokens).")) {
            assertThat(new Outcome.HttpError(400, m, null, false).contextOverflow())
                    .as(m)
                    .isTrue();
        }
        assertThat(new Outcome.HttpError(400, "top_p must be in (0, 1]", null, false).contextOverflow())
                .isFalse();
        assertThat(new Outcome.HttpError(500, "context length", null, false).contextOverflow())
                .isFalse();
        assertThat(new Outcome.HttpError(503, "x", null, false).retryable()).isTrue();
    }

    @Test
    void storeTakesConcurrentAppendsAndGrowsPastItsHint() throws Exception {
        RecordStore store = new RecordStore(10);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> fs = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int base = t * 5000;
            fs.add(pool.submit(() -> {
                for (int i = 0; i < 5000; i++) {
                    store.add(record(base + i, 1, 2, 2, 1));
                }
            }));
        }
        for (Future<?> f : fs) {
            f.get(30, TimeUnit.SECONDS);
        }
        pool.shutdown();
        List<RequestRecord> all = store.snapshot();
        assertThat(all).hasSize(20000);
        Set<Long> ids = new HashSet<>();
        all.forEach(r -> ids.add(r.requestId()));
        assertThat(ids).hasSize(20000);
    }

    @Test
    void gapHistogramsPoolChunksAndSpreadTokens() {
        ChunkGapRecorder g = new ChunkGapRecorder();
        g.record(12_000_000, 1);
        g.record(30_000_000, 3);
        g.record(5_000_000, 0);
        assertThat(g.chunkGaps().getTotalCount()).isEqualTo(3);
        assertThat(g.tokenGaps().getTotalCount()).isEqualTo(4);
        assertThat(g.tokenGaps().getMaxValue()).isBetween(11_990_000L, 12_010_000L);
        g.record(1, 1);
        assertThat(g.chunkGaps().getTotalCount())
                .as("accumulates across snapshots")
                .isEqualTo(4);
    }
}
