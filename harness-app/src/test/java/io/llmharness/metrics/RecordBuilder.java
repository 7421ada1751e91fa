package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;

/**
 * Builds hand-made {@link RequestRecord}s for tests. Defaults describe a successful streamed single-prompt request
 * scheduled at {@code at}: issued +10, dispatched +20, connected +30, sent +40, headers +50, first token +100, last
 * token +900, done +1000 (ns), 11 output tokens from token ids, 5 input tokens, 4 chunks.
 */
public final class RecordBuilder {

    private long id;
    private int endpoint;
    private String url = "http://127.0.0.1:8000";
    private long sample = -1;
    private int prompts = 1;
    private boolean stream = true;
    private long scheduled;
    private long issued;
    private long dispatched;
    private long connected;
    private long sent;
    private long headers;
    private long role = ABSENT;
    private long first;
    private long last;
    private long done;
    private int chunks = 4;
    private long maxGap = 300;
    private long input = 5;
    private long output = 11;
    private TokenCountSource source = TokenCountSource.TOKEN_IDS;
    private int status = 200;
    private int retries;
    private Outcome outcome = Outcome.OK;
    private long[] chunkTimes;
    private io.llmharness.client.record.ClientWait clientWait = io.llmharness.client.record.ClientWait.NONE;

    private RecordBuilder(long at) {
        shiftTo(at);
    }

    /** A default request scheduled at {@code at} ns. */
    public static RecordBuilder at(long at) {
        return new RecordBuilder(at).id(at);
    }

    /** Shifts every milestone to the default offsets from {@code at}. */
    private void shiftTo(long at) {
        scheduled = at;
        issued = at + 10;
        dispatched = at + 20;
        connected = at + 30;
        sent = at + 40;
        headers = at + 50;
        first = at + 100;
        last = at + 900;
        done = at + 1000;
    }

    public RecordBuilder id(long v) {
        id = v;
        return this;
    }

    public RecordBuilder endpoint(int index, String u) {
        endpoint = index;
        url = u;
        return this;
    }

    public RecordBuilder sample(long v) {
        sample = v;
        return this;
    }

    public RecordBuilder prompts(int v) {
        prompts = v;
        return this;
    }

    public RecordBuilder stream(boolean v) {
        stream = v;
        return this;
    }

    public RecordBuilder scheduled(long v) {
        scheduled = v;
        return this;
    }

    public RecordBuilder issued(long v) {
        issued = v;
        return this;
    }

    public RecordBuilder dispatched(long v) {
        dispatched = v;
        return this;
    }

    public RecordBuilder connected(long v) {
        connected = v;
        return this;
    }

    public RecordBuilder sent(long v) {
        sent = v;
        return this;
    }

    public RecordBuilder headers(long v) {
        headers = v;
        return this;
    }

    public RecordBuilder role(long v) {
        role = v;
        return this;
    }

    public RecordBuilder firstToken(long v) {
        first = v;
        return this;
    }

    public RecordBuilder lastToken(long v) {
        last = v;
        return this;
    }

    public RecordBuilder done(long v) {
        done = v;
        return this;
    }

    public RecordBuilder chunks(int count, long maxGapNs) {
        chunks = count;
        maxGap = maxGapNs;
        return this;
    }

    public RecordBuilder tokens(long in, long out, TokenCountSource s) {
        input = in;
        output = out;
        source = s;
        return this;
    }

    public RecordBuilder outputTokens(long out) {
        output = out;
        return this;
    }

    public RecordBuilder status(int v) {
        status = v;
        return this;
    }

    public RecordBuilder retries(int v) {
        retries = v;
        return this;
    }

    public RecordBuilder outcome(Outcome o) {
        outcome = o;
        return this;
    }

    public RecordBuilder clientWait(io.llmharness.client.record.ClientWait v) {
        clientWait = v;
        return this;
    }

    public RecordBuilder chunkTimes(long... v) {
        chunkTimes = v;
        return this;
    }

    /** A failure that got no response at all: nothing after {@code issued}, no tokens. */
    public RecordBuilder failedBeforeSend(Outcome o, long doneAt) {
        connected = ABSENT;
        sent = ABSENT;
        headers = ABSENT;
        first = ABSENT;
        last = ABSENT;
        done = doneAt;
        chunks = 0;
        maxGap = 0;
        input = -1;
        output = -1;
        source = TokenCountSource.NONE;
        status = 0;
        outcome = o;
        return this;
    }

    public RequestRecord build() {
        return new RequestRecord(
                id,
                endpoint,
                url,
                sample,
                prompts,
                stream,
                scheduled,
                issued,
                dispatched,
                connected,
                sent,
                headers,
                role,
                first,
                last,
                done,
                chunks,
                maxGap,
                input,
                output,
                source,
                status,
                retries,
                outcome,
                chunkTimes,
                clientWait);
    }
}
