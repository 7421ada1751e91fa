package io.llmharness.client.engine;

import io.llmharness.client.Prompt;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.EndpointAdapter;
import io.llmharness.client.balance.LoadBalancer;
import io.llmharness.client.failure.FailureTracker;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.failure.RunAbort;
import io.llmharness.client.record.ChunkGapRecorder;
import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RecordStore;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.BaseUrl;
import io.llmharness.client.transport.BufferOutputStream;
import io.llmharness.client.transport.Endpoint;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.client.transport.EventLoopState;
import io.llmharness.client.transport.HttpExchange;
import io.llmharness.client.transport.Silence;
import io.vertx.core.Context;
import io.vertx.core.Deployable;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends LLM requests to one or more servers and records how each went. See the package documentation for the
 * threading model.
 *
 * <p>Life cycle: {@link #start} (parses the URLs, opens the pools, takes the event-loop contexts) →
 * {@link #submit} any number of times → {@link #snapshot()} / {@link #endpointStats()} at any time →
 * {@link #close()}. Every submitted request completes exactly once through its observer, also when the client is
 * shut down or the run is aborted (as {@link Outcome.Cancelled}).
 *
 * <p>Each request runs on one of the client's event loops: the one with the fewest of the client's requests beyond
 * the pooled connections open on it (ties in turn). A closed loop's next request then goes to the loop whose request
 * just ended, where that request's connection just became idle, and each loop's requests keep to the connections
 * opened on it (the pool's "Homes" in
 * {@link io.llmharness.client.transport.ConnectionPool}). With plain turns the next request went to either loop
 * whatever connection had just freed up, and a loop with more requests than connections of its own had to borrow
 * the other loop's (a thread hand-off per event and a copy of every body chunk).
 *
 * <p>A request answered with 429 or 503 before any data is sent again on the same server after a backoff, as the
 * {@link io.llmharness.client.failure.RetryPolicy} allows; it keeps its in-flight slot meanwhile, its record counts
 * the resends, and only its final outcome counts as a success or a failure.
 *
 * <p>When the {@link FailureTracker} decides to abort (unreachable server, N failures in a row), abort listeners
 * are told once, then the client shuts down: queued and in-flight requests complete as cancelled and new ones are
 * refused the same way, so a waiting load generator finishes promptly.
 */
public final class LlmClient {

    static final Logger LOG = LoggerFactory.getLogger(LlmClient.class);

    private final Vertx vertx;
    private final ClientOptions options;
    private final String deploymentId;
    private final EndpointAdapter adapter;
    private final List<Endpoint> endpoints;
    private final LoadBalancer balancer;
    private final EventLoopState[] loops;
    private final Dispatcher<ClientRequest> dispatcher;
    private final RecordStore records;
    private final ChunkGapRecorder gaps = new ChunkGapRecorder();
    private final FailureTracker failures;
    private final List<Consumer<RunAbort>> abortListeners = new CopyOnWriteArrayList<>();
    private final AtomicLong requestIds = new AtomicLong();
    private final AtomicLong nextLoop = new AtomicLong();
    /** Per event loop: requests dispatched to it that have not finished. */
    private final AtomicIntegerArray loopLoad;

    private final Map<RequestRun, Waiting> waitingRetries = new ConcurrentHashMap<>();
    private final RequestRun.Completion completion = new RequestRun.Completion() {
        @Override
        public void finished(RequestRun run, RequestResult result) {
            LlmClient.this.finished(run, result);
        }

        @Override
        public void retry(RequestRun run, long delayMs) {
            LlmClient.this.retry(run, delayMs);
        }
    };
    private final ClientWait capWait;
    private final Instant wallAnchor;
    private final long nanoAnchor;
    private volatile String shutdownReason;

    private LlmClient(Vertx vertx, ClientOptions options, List<BaseUrl> urls, List<Context> contexts, String depId) {
        this.vertx = vertx;
        this.options = options;
        this.deploymentId = depId;
        this.adapter = EndpointAdapter.of(options.endpointType());
        List<Endpoint> eps = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            eps.add(new Endpoint(
                    vertx, contexts, i, urls.get(i), options.poolSize(), options.closedLoop(), options.transport()));
        }
        this.endpoints = List.copyOf(eps);
        this.balancer = options.balancing().over(endpoints);
        this.loops = new EventLoopState[contexts.size()];
        for (int i = 0; i < loops.length; i++) {
            loops[i] = new EventLoopState(contexts.get(i), i, options.transport());
        }
        this.loopLoad = new AtomicIntegerArray(loops.length);
        this.dispatcher = new Dispatcher<>(options.effectiveInFlightCap(), this::dispatch);
        this.capWait = options.connectionCapped() ? ClientWait.CONNECTION_CAP : ClientWait.IN_FLIGHT_CAP;
        this.records = new RecordStore(options.expectedRequests());
        this.failures = new FailureTracker(endpoints.size(), options.maxConsecutiveFailures(), this::aborted);
        this.nanoAnchor = System.nanoTime();
        this.wallAnchor = Instant.now();
    }

    /**
     * Starts a client.
     *
     * @throws io.llmharness.error.HarnessException (config) right away when a base URL is unusable
     */
    public static Future<LlmClient> start(Vertx vertx, ClientOptions options) {
        List<BaseUrl> urls = options.baseUrls().stream()
                .map(u -> BaseUrl.parse(u, options.urlSource()))
                .toList();
        List<Context> contexts = Collections.synchronizedList(new ArrayList<>());
        Supplier<Deployable> grab = () -> ctx -> {
            contexts.add(ctx);
            return Future.succeededFuture();
        };
        return vertx.deployVerticle(grab, new DeploymentOptions().setInstances(options.eventLoops()))
                .map(id -> new LlmClient(vertx, options, urls, List.copyOf(contexts), id));
    }

    /** The options this client runs with. */
    public ClientOptions options() {
        return options;
    }

    /**
     * Submits a request. Thread-safe, never blocks: the request waits for an in-flight slot in a queue and then
     * runs on an event loop. Its observer hears back exactly once.
     */
    public void submit(ClientRequest request) {
        String reason = shutdownReason;
        if (reason != null) {
            cancelled(request, reason);
            return;
        }
        dispatcher.offer(request);
    }

    /** Adds a listener for the abort decision (called at most once, on an event loop; must not block). */
    public void onAbort(Consumer<RunAbort> listener) {
        abortListeners.add(listener);
        failures.abort().ifPresent(listener);
    }

    /** The abort decision, once the failure tracker made one. */
    public Optional<RunAbort> abort() {
        return failures.abort();
    }

    /** Per-server counters, in the order of the base URLs. */
    public List<EndpointStats> endpointStats() {
        return endpoints.stream().map(Endpoint::stats).toList();
    }

    /** Everything recorded so far (requests still running are not included). */
    public RecordSnapshot snapshot() {
        return new RecordSnapshot(wallAnchor, nanoAnchor, records.snapshot(), gaps.chunkGaps(), gaps.tokenGaps());
    }

    /** Requests holding an in-flight slot. */
    public int inFlight() {
        return dispatcher.inFlight();
    }

    /**
     * The requests in flight that have heard nothing from their server for at least {@code minSilentNs}, how many and
     * the oldest: a scan of each event loop's exchanges (not on the request path), for a periodic "requests silent"
     * line. Thread-safe; completes once every loop has been scanned.
     */
    public Future<Silence> silence(long minSilentNs) {
        Silence.Builder all = new Silence.Builder();
        List<Future<Void>> scans = new ArrayList<>(loops.length);
        for (EventLoopState loop : loops) {
            scans.add(Future.future(p -> loop.context().runOnContext(v -> {
                loop.silence(System.nanoTime(), minSilentNs, all);
                p.complete();
            })));
        }
        return Future.join(scans).transform(ar -> Future.succeededFuture(all.build()));
    }

    /** Requests waiting for an in-flight slot. */
    public int queued() {
        return dispatcher.queued();
    }

    /** Load counters: in flight, queued, peak, cap waits, connections. Thread-safe. */
    public ClientCounters counters() {
        int open = 0;
        long opened = 0;
        int connectingPeak = 0;
        long poolWaits = 0;
        long leases = 0;
        long foreign = 0;
        long tapped = 0;
        long untapped = 0;
        for (Endpoint e : endpoints) {
            poolWaits += e.poolWaits();
            leases += e.leases();
            foreign += e.foreignLeases();
            tapped += e.tappedBodies();
            untapped += e.untappedBodies();
            open += e.openConnections();
            opened += e.stats().connectionsOpened();
            connectingPeak = Math.max(connectingPeak, e.connectingPeak());
        }
        return new ClientCounters(
                dispatcher.inFlight(),
                dispatcher.queued(),
                dispatcher.peak(),
                dispatcher.cap(),
                capWait,
                dispatcher.waited(),
                open,
                opened,
                connectingPeak,
                poolWaits,
                leases,
                foreign,
                tapped,
                untapped);
    }

    /**
     * Lowers the in-flight cap to {@code max} until called again with {@link Integer#MAX_VALUE} (which restores the
     * configured cap). A warm-up uses it to run at a bounded concurrency whatever rate it is offered.
     */
    public void limitInFlight(int max) {
        dispatcher.limit(max);
    }

    /**
     * One executor per event loop of this client, in a fixed order: a task given to one runs on that loop's
     * thread (for probes such as the event-loop lag; it must not block).
     */
    public List<Executor> eventLoops() {
        List<Executor> out = new ArrayList<>(loops.length);
        for (EventLoopState loop : loops) {
            Context c = loop.context();
            out.add(task -> c.runOnContext(v -> task.run()));
        }
        return List.copyOf(out);
    }

    /**
     * Connections an open loop needs at {@code ratePerS} requests a second that take {@code latencyS} each: Little's
     * law with room for bursts, {@code ceil(rate × latency × 2) + 4} (the warm starts size the pool with it).
     */
    public static int connectionsFor(double ratePerS, double latencyS) {
        return (int) Math.min(Integer.MAX_VALUE / 2, Math.ceil(ratePerS * latencyS * 2) + 4);
    }

    /**
     * Opens connections until every server's pool holds {@code perServer} of them (at most its pool size), spread
     * over the event loops; they idle in the pool. No request is sent on them ({@code Endpoint#open} says why). Call
     * before a run, with no request in progress: a warm pool means the first measured requests neither wait for a
     * TCP handshake nor open connections in a burst.
     *
     * @return how many connections were newly opened
     */
    public Future<Integer> prepareConnections(int perServer) {
        List<Future<Void>> attempts = new ArrayList<>();
        long before = 0;
        for (Endpoint ep : endpoints) {
            int want = Math.min(perServer, ep.poolSize());
            before += ep.poolOpened();
            int missing = want - ep.openConnections();
            for (int i = 0; i < loops.length && missing > 0; i++) {
                int share = (missing + loops.length - 1 - i) / (loops.length - i);
                missing -= share;
                Context c = loops[i].context();
                attempts.add(Future.<Void>future(
                        p -> c.runOnContext(v -> ep.open(share).onComplete(p))));
            }
        }
        long opened0 = before;
        return Future.join(attempts)
                .transform(ar -> Future.succeededFuture((int)
                        (endpoints.stream().mapToLong(Endpoint::poolOpened).sum() - opened0)));
    }

    /**
     * Cancels the waiting and running requests (they complete as {@link Outcome.Cancelled} with this reason) but,
     * unlike {@link #shutdown}, keeps accepting new ones. Thread-safe, returns at once. A request dispatched at the
     * same moment may escape; call again, or wait for {@link #inFlight()} to reach zero.
     */
    public void cancelActive(String reason) {
        ClientRequest r;
        while ((r = dispatcher.pollWaiting()) != null) {
            cancelled(r, reason);
        }
        cancelRetries(reason);
        for (EventLoopState loop : loops) {
            loop.context().runOnContext(v -> loop.cancelAll(reason));
        }
    }

    /**
     * Forgets what was recorded so far (records, gap histograms, cap waits, per-server counters but not the open
     * connections), so a warm-up leaves nothing in the run's results. Request ids keep counting, so an id sent as
     * {@code X-Request-Id} is never reused. Call with no request in progress.
     */
    public void resetMeasurements() {
        records.clear();
        gaps.reset();
        dispatcher.resetCounters();
        for (Endpoint e : endpoints) {
            e.resetCounters();
        }
    }

    /**
     * Stops sending: waiting and running requests complete as cancelled with this reason, and so does every later
     * submission. Thread-safe, returns at once; the cancellations happen on the event loops.
     */
    public void shutdown(String reason) {
        if (shutdownReason != null) {
            return;
        }
        shutdownReason = reason;
        ClientRequest r;
        while ((r = dispatcher.pollWaiting()) != null) {
            cancelled(r, reason);
        }
        cancelRetries(reason);
        for (EventLoopState loop : loops) {
            loop.context().runOnContext(v -> loop.cancelAll(reason));
        }
    }

    private void cancelRetries(String reason) {
        for (RequestRun run : waitingRetries.keySet()) {
            Waiting w = waitingRetries.remove(run);
            if (w != null) {
                vertx.cancelTimer(w.timerId());
                w.context().runOnContext(v -> run.cancelWaiting(reason, System.nanoTime()));
            }
        }
    }

    /** Shuts down, then closes the connection pools and releases the event-loop contexts. */
    public Future<Void> close() {
        shutdown("client closed");
        List<Future<Void>> steps = new ArrayList<>();
        for (EventLoopState loop : loops) {
            steps.add(Future.future(p -> loop.context().runOnContext(v -> {
                loop.close("client closed");
                p.complete();
            })));
        }
        return Future.join(steps)
                .compose(
                        v -> Future.join(endpoints.stream().map(Endpoint::close).toList()))
                .compose(v -> vertx.undeploy(deploymentId))
                .mapEmpty();
    }

    // ---- data plane

    /** A loop's unfinished requests minus the pooled connections open on it, over all servers. */
    private int excess(int loop) {
        int e = loopLoad.get(loop);
        for (Endpoint ep : endpoints) {
            e -= ep.openOn(loop);
        }
        return e;
    }

    private void dispatch(ClientRequest r, boolean waited) {
        EventLoopState loop = loops[pickLoop()];
        ClientWait wait = waited ? capWait : ClientWait.NONE;
        loop.context().runOnContext(v -> run(r, loop, wait));
    }

    /**
     * The loop with the fewest unfinished requests beyond its open pooled connections, looking from the next one in
     * turn (so ties go round), counted as one more. See the class comment for why not plain turns.
     */
    private int pickLoop() {
        int n = loops.length;
        int best = 0;
        if (n > 1) {
            best = (int) Long.remainderUnsigned(nextLoop.getAndIncrement(), n);
            int least = excess(best);
            for (int k = 1; k < n; k++) {
                int i = (best + k) % n;
                int e = excess(i);
                if (e < least) {
                    least = e;
                    best = i;
                }
            }
        }
        loopLoad.incrementAndGet(best);
        return best;
    }

    /**
     * Starts a request on its event loop. Its dispatch time is taken here, when the loop takes it up, not when it was
     * handed to the loop: a burst (an Offline query issues every sample at once) queues behind the loop's other work,
     * and that time belongs to the client's queue (dispatched − issued) and shows as event-loop lag, not as waiting
     * for a connection (connected − dispatched), which would blame the pool for the loop's backlog.
     */
    private void run(ClientRequest r, EventLoopState loop, ClientWait wait) {
        long dispatchedNs = System.nanoTime();
        Endpoint ep = balancer.pick();
        long id = requestIds.getAndIncrement();
        RequestRun run = new RequestRun(
                r, id, ep, dispatchedNs, wait, gaps, options.keepChunkTimes(), options.retry(), completion);
        run.loop(loop.index());
        run.sequence(ep.begin());
        String reason = shutdownReason;
        if (reason != null) {
            run.complete(new Outcome.Cancelled(reason), 0, 0, System.nanoTime());
            return;
        }
        BufferOutputStream body;
        try {
            body = body(r);
        } catch (RuntimeException | IOException e) {
            String where = r.sampleIndex() >= 0 ? "sample " + r.sampleIndex() + ": " : "";
            run.complete(new Outcome.InvalidRequest(where + e.getMessage()), 0, 0, System.nanoTime());
            return;
        }
        String path = ep.url().path(options.endpointType());
        String prefix = options.transport().requestIdPrefix();
        String requestId = prefix == null ? null : prefix + id;
        run.sendWith(() -> new HttpExchange(
                        loop,
                        ep,
                        path,
                        body.buffer(),
                        r.stream(),
                        adapter.decoder(run, options.collectText()),
                        run,
                        options.transport(),
                        requestId,
                        r.headers())
                .start());
        run.send();
    }

    /** On the run's loop: wait, then send again, unless the client shuts down meanwhile. */
    private void retry(RequestRun run, long delayMs) {
        run.endpoint().overloadRetry();
        long id = vertx.setTimer(Math.max(1, delayMs), t -> {
            if (waitingRetries.remove(run) != null) {
                run.send();
            }
        });
        waitingRetries.put(run, new Waiting(Vertx.currentContext(), id));
        String reason = shutdownReason;
        if (reason != null && waitingRetries.remove(run) != null) {
            vertx.cancelTimer(id);
            run.cancelWaiting(reason, System.nanoTime());
        }
    }

    /** A request waiting to be sent again: its event-loop context and its timer. */
    private record Waiting(Context context, long timerId) {}

    private BufferOutputStream body(ClientRequest r) throws IOException {
        List<Prompt> prompts = r.prompts().get();
        if (prompts.size() != r.promptCount()) {
            throw new IllegalArgumentException(
                    "expected " + r.promptCount() + " prompts, the request source gave " + prompts.size());
        }
        if (prompts.size() > 1 && !adapter.supportsBatch()) {
            throw new IllegalArgumentException(options.endpointType().configName() + " cannot batch prompts");
        }
        for (Prompt p : prompts) {
            String why = adapter.reject(p);
            if (why != null) {
                throw new IllegalArgumentException(
                        why + " (endpoint " + options.endpointType().configName() + ")");
            }
        }
        BufferOutputStream out = new BufferOutputStream(1024);
        ApiSettings api = options.api();
        if (r.sampling() != null) {
            api = new ApiSettings(
                    api.model(), r.sampling(), api.returnTokenIds(), api.guided(), api.continuousUsageStats());
        }
        adapter.writeBody(out, prompts, api, r.stream());
        return out;
    }

    private void finished(RequestRun run, RequestResult result) {
        if (run.loop() >= 0) {
            loopLoad.decrementAndGet(run.loop()); // before the observer: a closed loop sends its next one from there
        }
        Endpoint ep = run.endpoint();
        boolean ok = result.ok();
        if (ep != null) {
            ep.end(ok);
        }
        records.add(result.record());
        if (ep != null) {
            failures.onOutcome(
                    ep.index(),
                    run.sequence(),
                    ep.url().display(),
                    result.record().outcome(),
                    ep.everSucceeded());
        }
        try {
            result.request().observer().onComplete(result);
        } catch (RuntimeException e) {
            LOG.warn("request observer failed on completion", e);
        }
        if (ep != null) {
            dispatcher.release();
        }
    }

    private void cancelled(ClientRequest r, String reason) {
        RequestRun run = new RequestRun(
                r,
                requestIds.getAndIncrement(),
                null,
                RequestRecord.ABSENT,
                ClientWait.NONE,
                gaps,
                false,
                RetryPolicy.NONE,
                completion);
        run.complete(new Outcome.Cancelled(reason), 0, 0, System.nanoTime());
    }

    private void aborted(RunAbort a) {
        LOG.error("{}", a.message());
        for (Consumer<RunAbort> l : abortListeners) {
            try {
                l.accept(a);
            } catch (RuntimeException e) {
                LOG.warn("abort listener failed", e);
            }
        }
        shutdown("run aborted: " + a.message());
    }
}
