package io.llmharness.client.sut;

import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.engine.ChoiceOutput;
import io.llmharness.client.engine.RequestObserver;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.loadgen.QuerySampleResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * The LoadGen samples carried by one request (one, or a batch) and what is reported for them.
 *
 * <p>First tokens (when enabled): the first streamed chunk of a sample is reported with
 * {@code firstTokenComplete}, its data being that chunk's token ids as int32 LE (or its text as UTF-8). A sample
 * that reaches completion without a reported first token (non-streamed response, or a failure before any output)
 * gets its first-token call right before its completion, so LoadGen always sees the two in order.
 *
 * <p>Completion: success → all output token ids as int32 LE with {@code n_tokens} = their count (or the output text
 * as UTF-8 with {@code n_tokens} = the server's completion token count); failure → an empty payload with
 * {@code n_tokens} 0. All samples of a request complete in one {@code querySamplesComplete} call, whose payloads
 * are built lazily: LoadGen asks for the data of the samples it logs for accuracy, and of no other.
 */
final class SampleGroup implements RequestObserver {

    private final HttpSut sut;
    private final List<io.llmharness.loadgen.QuerySample> samples;
    private final boolean[] firstSent;

    SampleGroup(HttpSut sut, List<io.llmharness.loadgen.QuerySample> samples) {
        this.sut = sut;
        this.samples = samples;
        this.firstSent = new boolean[samples.size()];
    }

    @Override
    public void onFirstOutput(int index, int[] ids, int idCount, String text) {
        if (!sut.options().reportsFirstTokens() || index >= firstSent.length || firstSent[index]) {
            return;
        }
        firstSent[index] = true;
        byte[] data = sut.options().encoding() == ResponseEncoding.TEXT_UTF8
                ? Payloads.utf8(text)
                : Payloads.int32le(ids, idCount);
        sut.firstTokens.incrementAndGet();
        sut.sink().firstTokenComplete(new QuerySampleResponse(samples.get(index).id(), data, 0));
    }

    @Override
    public void onComplete(RequestResult result) {
        boolean ok = result.ok();
        boolean text = sut.options().encoding() == ResponseEncoding.TEXT_UTF8;
        List<QuerySampleResponse> firsts = null;
        List<QuerySampleResponse> done = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            long id = samples.get(i).id();
            ChoiceOutput c = ok ? result.choice(i) : null;
            if (sut.options().reportsFirstTokens() && !firstSent[i]) {
                firstSent[i] = true;
                if (firsts == null) {
                    firsts = new ArrayList<>(samples.size());
                }
                firsts.add(new QuerySampleResponse(id, firstOf(c, text), 0));
            }
            if (c == null) {
                done.add(new QuerySampleResponse(id, Payloads.empty(), 0));
            } else {
                if (!text && c.tokenIds() == null) {
                    sut.missingIds.incrementAndGet();
                }
                // the payload is built only if LoadGen logs this sample (see payload())
                done.add(new QuerySampleResponse(id, Payloads.empty(), c.outputTokens()));
            }
        }
        if (firsts != null) {
            sut.firstTokens.addAndGet(firsts.size());
            sut.sink().firstTokenComplete(firsts);
        }
        if (!ok) {
            sut.failed.addAndGet(samples.size());
        }
        sut.completed.addAndGet(samples.size());
        sut.sink().querySamplesComplete(done, r -> payload(r, result, text));
    }

    /**
     * The full response of one sample: its output token ids as int32 LE, or its text as UTF-8. LoadGen asks only
     * for the samples it writes to the accuracy log, so a performance run never builds these arrays.
     */
    private QuerySampleResponse payload(QuerySampleResponse r, RequestResult result, boolean text) {
        for (int i = 0; i < samples.size(); i++) {
            if (samples.get(i).id() != r.id()) {
                continue;
            }
            ChoiceOutput c = result.ok() ? result.choice(i) : null;
            if (c == null) {
                return r;
            }
            if (text) {
                return new QuerySampleResponse(r.id(), Payloads.utf8(c.text()), r.nTokens());
            }
            return c.tokenIds() == null
                    ? r
                    : new QuerySampleResponse(r.id(), Payloads.int32le(c.tokenIds(), c.tokenIds().length), r.nTokens());
        }
        return r;
    }

    private static byte[] firstOf(ChoiceOutput c, boolean text) {
        if (c == null || text) {
            return Payloads.empty();
        }
        int[] ids = c.tokenIds();
        return ids == null ? Payloads.empty() : Payloads.int32le(ids, Math.min(1, ids.length));
    }
}
