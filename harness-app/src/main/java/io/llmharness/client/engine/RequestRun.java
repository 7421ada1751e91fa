package io.llmharness.client.engine;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.api.ChoiceSink;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.record.ChunkGapRecorder;
import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.Endpoint;
import io.llmharness.client.transport.ExchangeListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The client side of one request while it runs: collects milestones from the transport and per-prompt output from
 * the decoder, then builds the {@link RequestRecord} and the {@link RequestResult}. Confined to one event loop.
 *
 * <p>The request's outcome refines the transport's: a clean stream that carried an error event, a
 * {@code finish_reason} of {@code abort}, a choice index outside the batch, or a prompt that got no answer at all
 * turns an OK exchange into a failure.
 */
final class RequestRun implements ChoiceSink, ExchangeListener {

    /** Where a finished run goes. */
    interface Completion {
        void finished(RequestRun run, RequestResult result);

        /** The server answered 429/503 and the retry policy allows another try: send again after this wait. */
        void retry(RequestRun run, long delayMs);
    }

    private final ClientRequest request;
    private final long requestId;
    private final Endpoint endpoint;
    private final long dispatchedNs;
    private final ClientWait clientWait;
    private final ChunkGapRecorder gaps;
    private final Completion completion;
    private final RetryPolicy retryPolicy;
    private final ChoiceState[] choices;
    private long[] chunkTimes;
    private int chunkTimeCount;

    private long connectedNs = ABSENT;
    private long sentNs = ABSENT;
    private long headersNs = ABSENT;
    private long roleNs = ABSENT;
    private long firstTokenNs = ABSENT;
    private long lastTokenNs = ABSENT;
    private long usagePrompt = -1;
    private long usageCompletion = -1;
    private Outcome contentError;
    private boolean finished;
    private int staleRetries;
    private int httpRetries;
    private String retryAfter;
    private String keptHeader;
    private Runnable send;
    private long sequence = -1;
    private int loop = -1;

    RequestRun(
            ClientRequest request,
            long requestId,
            Endpoint endpoint,
            long dispatchedNs,
            ClientWait clientWait,
            ChunkGapRecorder gaps,
            boolean keepChunkTimes,
            RetryPolicy retryPolicy,
            Completion completion) {
        this.request = request;
        this.requestId = requestId;
        this.endpoint = endpoint;
        this.dispatchedNs = dispatchedNs;
        this.clientWait = clientWait;
        this.gaps = gaps;
        this.completion = completion;
        this.retryPolicy = retryPolicy;
        this.choices = new ChoiceState[request.promptCount()];
        for (int i = 0; i < choices.length; i++) {
            choices[i] = new ChoiceState();
        }
        this.chunkTimes = keepChunkTimes ? new long[64] : null;
    }

    Endpoint endpoint() {
        return endpoint;
    }

    /** The request's place in the order requests were sent to its server ({@link Endpoint#begin()}). */
    long sequence() {
        return sequence;
    }

    /** The index of the event loop the request was dispatched to, or -1 when it never was. */
    int loop() {
        return loop;
    }

    void loop(int index) {
        loop = index;
    }

    void sequence(long s) {
        sequence = s;
    }

    ClientRequest request() {
        return request;
    }

    /** Sets what sends the request (again): a fresh exchange with a fresh decoder. */
    void sendWith(Runnable send) {
        this.send = send;
    }

    /** Sends the request: the first time, or again after a 429/503. Call on the run's event loop. */
    void send() {
        retryAfter = null;
        keptHeader = null;
        send.run();
    }

    // ---- ExchangeListener

    @Override
    public void connected(long nowNs, boolean reused) {
        connectedNs = nowNs;
    }

    @Override
    public void sent(long nowNs) {
        sentNs = nowNs;
    }

    @Override
    public void headers(int status, long nowNs) {
        headersNs = nowNs;
    }

    @Override
    public void responseHeaders(UnaryOperator<String> header) {
        if (request.keepHeader() != null) {
            keptHeader = header.apply(request.keepHeader());
        }
    }

    @Override
    public void retryAfter(String value) {
        retryAfter = value;
    }

    @Override
    public void done(Outcome transport, int status, int retries, long nowNs) {
        staleRetries += retries;
        Outcome outcome = transport.isOk() ? contentOutcome(status) : transport;
        if (!finished && send != null && retryPolicy.shouldRetry(outcome, httpRetries)) {
            long delayMs = retryPolicy.delayMs(httpRetries, retryAfter, System.currentTimeMillis());
            httpRetries++;
            completion.retry(this, delayMs);
            return;
        }
        complete(outcome, status, staleRetries + httpRetries, nowNs);
    }

    /** Ends a run that is waiting to be sent again: cancelled, keeping the resends made so far. */
    void cancelWaiting(String reason, long nowNs) {
        complete(new Outcome.Cancelled(reason), 0, staleRetries + httpRetries, nowNs);
    }

    /** Ends the run without any exchange (invalid request, cancelled before start). */
    void complete(Outcome outcome, int status, int retries, long nowNs) {
        if (finished) {
            return;
        }
        finished = true;
        List<ChoiceOutput> outputs = new ArrayList<>(choices.length);
        long single = choices.length == 1 ? usageCompletion : -1;
        long chunks = 0;
        long maxGap = 0;
        long outputTokens = 0;
        long metaPrompt = 0;
        boolean anyMeta = false;
        boolean anyOutput = false;
        TokenCountSource source = TokenCountSource.TOKEN_IDS;
        for (int i = 0; i < choices.length; i++) {
            ChoiceState c = choices[i];
            ChoiceOutput o = c.toOutput(i, single);
            outputs.add(o);
            chunks += c.chunks;
            maxGap = Math.max(maxGap, c.maxGapNs);
            anyOutput |= c.seen;
            outputTokens += o.outputTokens();
            metaPrompt += Math.max(0, c.serverPrompt);
            if (o.tokenSource().ordinal() > source.ordinal()) {
                source = o.tokenSource();
            }
            anyMeta |= c.serverPrompt >= 0;
        }
        long prompt = usagePrompt >= 0 ? usagePrompt : (anyMeta ? metaPrompt : -1);
        if (!anyOutput) {
            source = TokenCountSource.NONE;
            outputTokens = outcome.isOk() ? 0 : -1;
        }
        RequestRecord record = new RequestRecord(
                requestId,
                endpoint == null ? -1 : endpoint.index(),
                endpoint == null ? null : endpoint.url().display(),
                request.sampleIndex(),
                choices.length,
                request.stream(),
                request.scheduledNs(),
                request.issuedNs(),
                dispatchedNs,
                connectedNs,
                sentNs,
                headersNs,
                roleNs,
                firstTokenNs,
                lastTokenNs,
                nowNs,
                (int) Math.min(Integer.MAX_VALUE, chunks),
                maxGap,
                prompt,
                outputTokens,
                source,
                status,
                retries,
                outcome,
                chunkTimes == null ? null : Arrays.copyOf(chunkTimes, chunkTimeCount),
                clientWait);
        completion.finished(this, new RequestResult(request, record, anyOutput ? outputs : List.of(), keptHeader));
    }

    private Outcome contentOutcome(int status) {
        if (contentError != null) {
            return contentError;
        }
        for (int i = 0; i < choices.length; i++) {
            ChoiceState c = choices[i];
            if ("abort".equals(c.finish)) {
                return new Outcome.HttpError(
                        status, "the server aborted the request (finish_reason abort)", null, true);
            }
            if (!c.seen && c.finish == null) {
                return new Outcome.ProtocolError(
                        "no answer for prompt " + i + " of " + choices.length + " in the response");
            }
        }
        return Outcome.OK;
    }

    // ---- ChoiceSink

    private ChoiceState choice(int index) {
        if (index >= choices.length) {
            if (contentError == null) {
                contentError = new Outcome.ProtocolError(
                        "response has choice index " + index + " but the request had " + choices.length + " prompts");
            }
            return null;
        }
        return choices[index];
    }

    @Override
    public void role(int index, long nowNs) {
        if (roleNs == ABSENT) {
            roleNs = nowNs;
        }
    }

    @Override
    public void output(int index, int[] ids, int idCount, String text, int tokens, long nowNs) {
        ChoiceState c = choice(index);
        if (c == null) {
            return;
        }
        boolean first = c.firstNs == ABSENT;
        long gap = c.add(ids, idCount, text, nowNs);
        if (gap >= 0) {
            gaps.record(gap, tokens);
        }
        if (firstTokenNs == ABSENT) {
            firstTokenNs = nowNs;
        }
        lastTokenNs = nowNs;
        if (chunkTimes != null) {
            if (chunkTimeCount == chunkTimes.length) {
                chunkTimes = Arrays.copyOf(chunkTimes, chunkTimeCount * 2);
            }
            chunkTimes[chunkTimeCount++] = nowNs;
        }
        if (first && request.stream()) {
            try {
                request.observer().onFirstOutput(index, ids, idCount, text);
            } catch (RuntimeException e) {
                LlmClient.LOG.warn("request observer failed on first output", e);
            }
        }
    }

    @Override
    public void finish(int index, String reason) {
        ChoiceState c = choice(index);
        if (c != null) {
            c.finish = reason;
            c.seen = true;
        }
    }

    @Override
    public void choiceUsage(int index, long promptTokens, long completionTokens) {
        ChoiceState c = choice(index);
        if (c != null) {
            c.serverPrompt = promptTokens;
            c.serverCompletion = completionTokens;
        }
    }

    @Override
    public void usage(long promptTokens, long completionTokens) {
        usagePrompt = promptTokens;
        usageCompletion = completionTokens;
    }

    @Override
    public void error(int code, String message, String type) {
        if (contentError == null) {
            int status = code >= 100 && code <= 599 ? code : 200;
            contentError = new Outcome.HttpError(status, message, type, true);
        }
    }
}
