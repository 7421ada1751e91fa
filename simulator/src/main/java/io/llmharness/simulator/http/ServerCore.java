package io.llmharness.simulator.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.engine.EngineGroup;
import io.llmharness.simulator.fault.FaultInjector;
import io.llmharness.simulator.request.GenerateParser;
import io.llmharness.simulator.request.OpenAiParser;
import io.llmharness.simulator.timing.TimingRecorder;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * State shared by every event loop of one simulated server: options, engines, parsers, fault dice, recorded
 * timings, lifecycle. Thread-safe (immutable parts, volatile flags, atomics).
 */
public final class ServerCore {
    /** What {@code /health} says. */
    public enum Health {
        /** Listening but warming up: 503. */
        STARTING,
        READY,
        /** Shutting down: new requests get 503. */
        STOPPING,
        /** Simulated engine death: 503, generation fails. */
        DEAD
    }

    final SimulatorOptions options;
    final Vertx vertx;
    final EngineGroup engines;
    final FaultInjector faults;
    final TimingRecorder timings;
    final OpenAiParser openAi;
    final GenerateParser generate;
    final ObjectMapper mapper = new ObjectMapper();
    final long startMillis = System.currentTimeMillis();
    final AtomicLong answered = new AtomicLong();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger openConnections = new AtomicInteger();
    final Promise<String> crashed = Promise.promise();
    private final AtomicLong entropy =
            new AtomicLong(ThreadLocalRandom.current().nextLong());
    private final Consumer<Void> onCrash;
    volatile Health health = Health.STARTING;
    volatile boolean profiling;

    public ServerCore(SimulatorOptions options, Vertx vertx, EngineGroup engines, Consumer<Void> onCrash) {
        this.options = options;
        this.vertx = vertx;
        this.engines = engines;
        this.faults = new FaultInjector(options);
        this.timings = new TimingRecorder(options.recording().timingsCapacity());
        this.openAi = new OpenAiParser(options);
        this.generate = new GenerateParser(options);
        this.onCrash = onCrash;
    }

    public EngineGroup engines() {
        return engines;
    }

    public void health(Health h) {
        health = h;
    }

    public Health health() {
        return health;
    }

    /** Completes with a reason when the simulated engine dies ({@code exitAfterRequests}). */
    public io.vertx.core.Future<String> crashed() {
        return crashed.future();
    }

    /** Generation requests currently being answered. */
    public int inFlight() {
        return inFlight.get();
    }

    /** HTTP connections currently open, over all event loops. */
    public int openConnections() {
        return openConnections.get();
    }

    boolean sglang() {
        return options.identity().sglang();
    }

    /** Error shape of the OpenAI-compatible endpoints. */
    ErrorShape openAiErrorShape() {
        return sglang() || options.compatibility().legacyErrorShape() ? ErrorShape.FLAT : ErrorShape.NESTED;
    }

    long nextEntropy() {
        return entropy.addAndGet(0x9E3779B97F4A7C15L);
    }

    void log(String line) {
        Consumer<String> sink = options.logSink();
        if (sink != null) {
            sink.accept(line);
        }
    }

    /** Counts an answered generation request and triggers the simulated crash when the limit is reached. */
    void onAnswered() {
        long n = answered.incrementAndGet();
        long limit = options.lifecycle().exitAfterRequests();
        if (limit > 0 && n == limit && health != Health.DEAD) {
            health = Health.DEAD;
            log("ERROR [core.py] EngineCore encountered a fatal error (simulated: --exit-after-requests " + limit
                    + " reached).");
            onCrash.accept(null);
            crashed.tryComplete("exit-after-requests " + limit + " reached");
        }
    }
}
