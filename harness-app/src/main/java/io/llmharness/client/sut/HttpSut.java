package io.llmharness.client.sut;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.QuerySample;
import io.llmharness.loadgen.ResponseSink;
import io.llmharness.loadgen.SystemUnderTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * LoadGen's system under test, backed by an {@link LlmClient}.
 *
 * <p>{@link #issueQuery} returns at once: it only builds request descriptions (prompts are looked up lazily, when
 * a request is dispatched) and submits them; the client's event loops send them and report back through the
 * {@link ResponseSink}. See {@link SutMode} for how samples become requests and {@link SampleGroup} for what is
 * reported.
 *
 * <p>Wiring (the run command):
 *
 * <pre>{@code
 * ClientOptions co = ClientOptions.builder()
 *         .baseUrls(urls).urlSource("--api-server-url").endpointType(type)
 *         .api(ApiSettings.of(model, sampling))
 *         .responseEncoding(encoding)
 *         .maxInFlight(cap).build();
 * LlmClient client = LlmClient.start(vertx, co).await();
 * client.onAbort(a -> loadGen.abort());           // optional: stop issuing at once
 * HttpSut sut = new HttpSut(client, loadGenSink, i -> dataset.prompt(i), SutOptions.of(mode, batchSize, encoding));
 * // ... LoadGen runs ...
 * client.abort().ifPresent(a -> { throw HarnessException.execution(a.message()); });
 * RecordSnapshot records = client.snapshot();      // per-request timing for summary.json / requests.parquet
 * List<EndpointStats> perServer = client.endpointStats();
 * client.close().await();
 * }</pre>
 */
public final class HttpSut implements SystemUnderTest {

    private static final Logger LOG = LoggerFactory.getLogger(HttpSut.class);

    private final LlmClient client;
    private final ResponseSink sink;
    private final IntFunction<Prompt> prompts;
    private final SutOptions options;
    private final boolean batching;

    final AtomicLong issued = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong firstTokens = new AtomicLong();
    final AtomicLong requests = new AtomicLong();
    final AtomicLong missingIds = new AtomicLong();

    /**
     * @param client sends the requests; its options decide the endpoint, sampling and servers
     * @param sink LoadGen's completion interface
     * @param prompts the prompt of a QSL sample index; called on an event loop when the request is dispatched
     * @param options mode, batch size, streaming, first tokens, encoding
     * @throws IllegalArgumentException when the client does not collect text but the encoding needs it
     */
    public HttpSut(LlmClient client, ResponseSink sink, IntFunction<Prompt> prompts, SutOptions options) {
        this.client = client;
        this.sink = sink;
        this.prompts = prompts;
        this.options = options;
        ClientOptions co = client.options();
        if (options.encoding() == ResponseEncoding.TEXT_UTF8 && !co.collectText()) {
            throw new IllegalArgumentException("TEXT_UTF8 responses need a client that collects text");
        }
        if (options.encoding() == ResponseEncoding.TOKEN_IDS_INT32
                && co.endpointType() != EndpointType.GENERATE
                && !co.api().returnTokenIds()) {
            LOG.warn("token-id responses without return_token_ids: payloads will be empty, counts from usage");
        }
        this.batching = options.mode() == SutMode.OFFLINE_BATCHED
                && options.batchSize() > 1
                && co.endpointType() != EndpointType.CHAT_COMPLETIONS;
    }

    @Override
    public String name() {
        return options.name();
    }

    /** Submits the samples' requests, each with the scheduled time LoadGen handed over for its sample. */
    @Override
    public void issueQuery(IssuedQuery query) {
        long now = System.nanoTime();
        List<QuerySample> samples = query.samples();
        issued.addAndGet(samples.size());
        int step = batching ? options.batchSize() : 1;
        for (int from = 0; from < samples.size(); from += step) {
            List<QuerySample> group = List.copyOf(samples.subList(from, Math.min(samples.size(), from + step)));
            submit(group, query.scheduledNanos(from), now);
        }
    }

    private void submit(List<QuerySample> group, long scheduledNs, long issuedNs) {
        QuerySample first = group.get(0);
        SampleGroup observer = new SampleGroup(this, group);
        requests.incrementAndGet();
        client.submit(new ClientRequest(
                () -> lookup(group),
                group.size(),
                options.streaming(),
                scheduledNs,
                issuedNs,
                first.index(),
                observer));
    }

    private List<Prompt> lookup(List<QuerySample> group) {
        List<Prompt> out = new ArrayList<>(group.size());
        for (QuerySample s : group) {
            Prompt p = prompts.apply(Math.toIntExact(s.index()));
            if (p == null) {
                throw new IllegalArgumentException("no prompt for sample index " + s.index());
            }
            out.add(p);
        }
        return out;
    }

    /** Nothing is held back: every issued sample was submitted in {@link #issueQuery}. */
    @Override
    public void flushQueries() {}

    /** Sample counters so far. */
    public SutStats stats() {
        return new SutStats(
                issued.get(), completed.get(), failed.get(), firstTokens.get(), requests.get(), missingIds.get());
    }

    /** Zeroes the sample counters (after a warm-up test, before the measured one). */
    public void resetStats() {
        issued.set(0);
        completed.set(0);
        failed.set(0);
        firstTokens.set(0);
        requests.set(0);
        missingIds.set(0);
    }

    /** The client this SUT sends through (records, per-server counts, abort decision). */
    public LlmClient client() {
        return client;
    }

    ResponseSink sink() {
        return sink;
    }

    SutOptions options() {
        return options;
    }
}
