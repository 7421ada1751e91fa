package io.llmharness.simulator.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.fault.FaultSpec;
import io.llmharness.simulator.timing.Timeline;
import io.vertx.core.buffer.Buffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The server-sent-event writer on a recording response (no socket): header timing, held output, zero-latency
 * batches, split writes, SSE quirks, aborts, and what it records in the request's timeline.
 */
class SseWriterTest {

    private static final String A = "data: {\"a\":1}\n\n";
    private static final String B = "data: {\"b\":2}\n\n";

    private final FakeHttp http = new FakeHttp();
    private final ServerCore core = http.core(SimulatorOptions.defaults());
    private final Timeline timeline = new Timeline("cmpl-1", "req-1", true, System.nanoTime(), 3);

    private SseWriter writer(SplittableRandom split, int quirks) {
        return new SseWriter(core, http.request, http.context, "req-1", timeline, split, quirks);
    }

    private SseWriter writer() {
        return writer(null, 0);
    }

    private static Buffer buf(String s) {
        return Buffer.buffer(s);
    }

    @Test
    void headersGoOutOnceBeforeTheFirstEventThenEventsThenTheEnd() {
        SseWriter w = writer();
        w.event(buf(A), 0, 1);
        w.event(buf(B), 0, 2);
        w.headers();
        w.end();
        assertThat(http.calls).containsExactly("status 200", "head", "write " + A, "write " + B, "end ");
        assertThat(http.headers)
                .containsEntry("content-type", "text/event-stream; charset=utf-8")
                .containsEntry("server", "uvicorn");
        assertThat(w.finished()).isTrue();
        assertThat(timeline.status()).isEqualTo(200);
        assertThat(timeline.headersNanos()).isPositive();
        assertThat(timeline.events().tokens()).containsExactly(1, 2);
        assertThat(timeline.complete()).isTrue();
        assertThat(timeline.doneNanos())
                .isGreaterThanOrEqualTo(timeline.events().times()[1]);

        w.event(buf(A), 0, 1);
        w.end();
        w.abortConnection(true);
        assertThat(http.calls).as("nothing after the end").hasSize(5);
    }

    @Test
    void rawBytesAreWrittenAsTheyAreAndNotCountedAsTokens() {
        SseWriter w = writer();
        w.raw(buf("data: {broken\n\n"));
        w.end();
        assertThat(http.body()).isEqualTo("data: {broken\n\n");
        assertThat(timeline.events().times()).isEmpty();
    }

    @Test
    void heldOutputIncludingTheHeadersLeavesInOrderWhenTheTimerFires() {
        SseWriter w = writer();
        w.hold(500);
        w.headers();
        w.event(buf(A), 0, 1);
        w.event(buf(B), 0, 1);
        w.end();
        assertThat(http.calls).as("slow headers: nothing yet").isEmpty();
        assertThat(w.finished()).isFalse();
        assertThat(timeline.headersNanos()).isNegative();
        http.fireTimers();
        assertThat(http.calls).containsExactly("status 200", "head", "write " + A, "write " + B, "end ");
        assertThat(timeline.events().tokens()).containsExactly(1, 1);
    }

    @Test
    void aStallAfterTheHeadersHoldsTheRestUntilTheClientGivesUp() {
        SseWriter w = writer();
        w.event(buf(A), 0, 1);
        w.hold(0);
        w.event(buf(B), 0, 1);
        w.end();
        assertThat(http.pendingTimers()).as("held until the client gives up").isZero();
        assertThat(http.calls).containsExactly("status 200", "head", "write " + A);
        w.dispose();
        assertThat(w.finished()).isTrue();
        w.event(buf(B), 0, 1);
        assertThat(http.calls).hasSize(3);
        assertThat(timeline.events().tokens()).containsExactly(1);
    }

    @Test
    void anAbortWhileHoldingCancelsTheTimerAndClosesTheConnection() {
        SseWriter w = writer();
        w.event(buf(A), 0, 1);
        w.hold(10_000);
        w.event(buf(B), 0, 1);
        w.abortConnection(false);
        assertThat(http.cancelledTimers()).hasSize(1);
        assertThat(http.calls).containsExactly("status 200", "head", "write " + A, "close connection");
        assertThat(timeline.complete()).isFalse();
        assertThat(timeline.abortedBy()).isEqualTo(Timeline.Abort.SERVER);
        assertThat(timeline.status()).as("the headers went out").isEqualTo(200);
        w.abortConnection(true);
        assertThat(http.calls).as("once").hasSize(4);
    }

    @Test
    void aResetIsACloseWhenTheTransportHasNoSocketOptions() {
        SseWriter w = writer();
        w.abortConnection(true);
        assertThat(http.calls).containsExactly("close connection");
        assertThat(timeline.status()).as("cut before any status").isEqualTo(-1);
    }

    @Test
    void aZeroLatencyBatchIsOneWriteAndEndingInsideItIsOneEnd() {
        SseWriter w = writer();
        w.beginBatch();
        assertThat(w.batchTarget()).isNotNull();
        w.event(buf(A), 0, 1);
        w.batchTarget().raw(B.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        w.appended(0, 1);
        assertThat(http.writes()).as("nothing until the batch ends").isEmpty();
        w.endBatch();
        assertThat(http.writes()).containsExactly(A + B);
        assertThat(timeline.events().tokens()).containsExactly(1, 1);

        w.beginBatch();
        w.event(buf(A), 0, 1);
        w.end();
        assertThat(w.batchTarget()).as("finished").isNull();
        w.endBatch();
        assertThat(http.calls).endsWith("end " + A);
    }

    @Test
    void anEmptyBatchWritesNothingAndAHeldWriterOffersNoBatchTarget() {
        SseWriter w = writer();
        w.beginBatch();
        w.headers();
        w.endBatch();
        assertThat(http.writes()).isEmpty();
        w.beginBatch();
        w.hold(0);
        assertThat(w.batchTarget()).isNull();
    }

    @Test
    void anAbortInsideABatchStillSendsWhatWasProducedBeforeClosing() {
        SseWriter w = writer();
        w.beginBatch();
        w.event(buf(A), 0, 1);
        w.abortConnection(false);
        assertThat(http.calls).endsWith("write " + A, "close connection");
        w.endBatch();
        assertThat(http.calls).endsWith("close connection");
    }

    @Test
    void splitWritesCutInsideEventsAndReassembleToTheSameBytes() {
        SseWriter w = writer(new SplittableRandom(7), 0);
        w.beginBatch();
        assertThat(w.batchTarget()).as("no batching with split writes").isNull();
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            String e = "data: {\"i\":" + i + ",\"text\":\"" + "x".repeat(i * 7) + "\"}\n\n";
            expected.append(e);
            w.event(buf(e), 0, 1);
        }
        assertThat(http.writes()).as("each piece in its own event-loop turn").isEmpty();
        w.end();
        http.runContext();
        assertThat(http.body()).isEqualTo(expected.toString());
        assertThat(http.writes()).hasSizeGreaterThan(20);
        assertThat(http.writes()).anyMatch(piece -> !piece.endsWith("\n\n"));
        assertThat(http.calls.get(http.calls.size() - 1)).isEqualTo("end ");
    }

    @Test
    void splitPiecesAreDroppedOnceTheConnectionIsGone() {
        SseWriter w = writer(new SplittableRandom(1), 0);
        w.event(buf(A + B), 0, 1);
        assertThat(http.pendingContextTasks()).isPositive();
        http.connection.close(); // the client went away before the pieces' turns came
        http.runContext();
        assertThat(http.writes()).isEmpty();
    }

    @Test
    void anAbortWithSplitWritesClosesAfterThePiecesAlreadyQueued() {
        SseWriter w = writer(new SplittableRandom(1), 0);
        w.event(buf(A), 0, 1);
        w.abortConnection(false);
        assertThat(http.calls).doesNotContain("close connection");
        http.runContext();
        assertThat(http.calls).endsWith("close connection");
        assertThat(timeline.abortedBy()).isEqualTo(Timeline.Abort.SERVER);
    }

    @Test
    void quirksRewriteEveryEventAndAfterDoneAddsOneMore() {
        SseWriter w =
                writer(null, FaultSpec.SSE_CRLF | FaultSpec.SSE_FIELDS | FaultSpec.AFTER_DONE | FaultSpec.TEXT_ERROR);
        w.beginBatch();
        assertThat(w.batchTarget()).as("no batching with quirks").isNull();
        w.event(buf(A), 0, 1);
        w.end();
        assertThat(http.writes())
                .containsExactly(
                        ("event: message\nid: 1\nretry: 3000\n" + A).replace("\n", "\r\n"),
                        ("event: message\nid: 2\nretry: 3000\n" + SseQuirks.AFTER_DONE_EVENT).replace("\n", "\r\n"));
        assertThat(timeline.events().tokens())
                .as("the after-done event carries no token")
                .containsExactly(1);
    }

    @Test
    void withoutATimelineNothingIsRecorded() {
        SseWriter w = new SseWriter(core, http.request, http.context, null, null, null, 0);
        w.event(buf(A), 0, 1);
        w.beginBatch();
        w.appended(0, 1);
        w.endBatch();
        w.abortConnection(false);
        assertThat(http.calls).startsWith("status 200", "head", "write " + A);
    }
}
