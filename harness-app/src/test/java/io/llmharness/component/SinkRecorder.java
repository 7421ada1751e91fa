package io.llmharness.component;

import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ResponseSink} standing in for LoadGen (or wrapping it): keeps every first-token and completion response
 * by sample id, with the {@link System#nanoTime()} of the call, and counts completions down.
 */
final class SinkRecorder implements ResponseSink {

    /** A response and when it was reported. */
    record Seen(QuerySampleResponse response, long atNs) {}

    final Map<Long, Seen> firsts = new ConcurrentHashMap<>();
    final Map<Long, Seen> completions = new ConcurrentHashMap<>();
    final Map<Long, Integer> completionCalls = new ConcurrentHashMap<>();
    private final ResponseSink next;
    private final CountDownLatch done;

    /** @param expected completions to wait for; @param next where to forward (null: nowhere) */
    SinkRecorder(int expected, ResponseSink next) {
        this.done = new CountDownLatch(expected);
        this.next = next;
    }

    @Override
    public void firstTokenComplete(List<QuerySampleResponse> responses) {
        long now = System.nanoTime();
        for (QuerySampleResponse r : responses) {
            firsts.putIfAbsent(r.id(), new Seen(r, now));
        }
        if (next != null) {
            next.firstTokenComplete(responses);
        }
    }

    @Override
    public void querySamplesComplete(List<QuerySampleResponse> responses) {
        long now = System.nanoTime();
        for (QuerySampleResponse r : responses) {
            completions.putIfAbsent(r.id(), new Seen(r, now));
            completionCalls.merge(r.id(), 1, Integer::sum);
        }
        if (next != null) {
            next.querySamplesComplete(responses);
        }
        for (int i = 0; i < responses.size(); i++) {
            done.countDown();
        }
    }

    void await() {
        try {
            if (!done.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("completions missing after 60 s: " + done.getCount());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Decodes an int32 little-endian payload. */
    static int[] int32le(byte[] data) {
        if (data.length % 4 != 0) {
            throw new AssertionError("payload of " + data.length + " bytes is not int32s");
        }
        int[] out = new int[data.length / 4];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }
}
