package io.llmharness.client.sut;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/** A LoadGen stand-in that records every call in order and checks the SUT contract. */
final class FakeSink implements ResponseSink {

    record Call(boolean first, long id, byte[] data, long nTokens, int batch) {}

    private final List<Call> calls = new ArrayList<>();
    private int batches;

    @Override
    public synchronized void firstTokenComplete(List<QuerySampleResponse> responses) {
        batches++;
        for (QuerySampleResponse r : responses) {
            calls.add(new Call(true, r.id(), r.data().clone(), r.nTokens(), batches));
        }
    }

    @Override
    public synchronized void querySamplesComplete(List<QuerySampleResponse> responses) {
        batches++;
        for (QuerySampleResponse r : responses) {
            calls.add(new Call(false, r.id(), r.data().clone(), r.nTokens(), batches));
        }
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    synchronized long completions() {
        return calls.stream().filter(c -> !c.first()).count();
    }

    Call completion(long id) {
        return calls().stream()
                .filter(c -> !c.first() && c.id() == id)
                .findFirst()
                .orElseThrow();
    }

    Call first(long id) {
        return calls().stream()
                .filter(c -> c.first() && c.id() == id)
                .findFirst()
                .orElseThrow();
    }

    void awaitCompletions(long n) {
        Awaitility.await().atMost(30, TimeUnit.SECONDS).until(() -> completions() >= n);
    }

    /**
     * Every id completed exactly once; with first tokens, each id also got exactly one first-token call, before
     * its completion; nothing else was reported.
     */
    void assertContract(Collection<Long> ids, boolean firstTokens) {
        List<Call> all = calls();
        for (long id : ids) {
            List<Integer> dones = new ArrayList<>();
            List<Integer> firsts = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).id() == id) {
                    (all.get(i).first() ? firsts : dones).add(i);
                }
            }
            assertThat(dones).as("completions of sample " + id).hasSize(1);
            if (firstTokens) {
                assertThat(firsts).as("first tokens of sample " + id).hasSize(1);
                assertThat(firsts.get(0))
                        .as("first token before completion, sample " + id)
                        .isLessThan(dones.get(0));
            } else {
                assertThat(firsts).as("no first tokens").isEmpty();
            }
        }
        assertThat(all.stream().map(Call::id).distinct().count()).isEqualTo(ids.size());
    }

    static byte[] int32le(int... ids) {
        ByteBuffer b = ByteBuffer.allocate(ids.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int id : ids) {
            b.putInt(id);
        }
        return b.array();
    }
}
