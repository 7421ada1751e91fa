package io.llmharness.run;

import io.llmharness.accuracy.compliance.GptOssAudit;
import io.llmharness.accuracy.test06.Test06Audit;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.health.ClientSampler;
import io.llmharness.client.health.ClientSamples;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.sut.HttpSut;
import io.llmharness.client.sut.SutMode;
import io.llmharness.client.sut.SutOptions;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.LoadGen;
import io.llmharness.loadgen.LogSettings;
import io.llmharness.loadgen.QuerySampleLibrary;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.clock.SystemClock;
import io.llmharness.loadgen.log.RunLogFolder;
import io.llmharness.report.progress.Progress;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The measured part of a run: the HTTP client and {@link HttpSut} under LoadGen, with progress, abort wiring
 * (a server that dies, a server that fails every request, Ctrl-C) and the run's files written afterwards,
 * whatever happened.
 */
final class LoadGenRun {

    private static final Logger LOG = LoggerFactory.getLogger(LoadGenRun.class);

    /** How long to wait for a server's own death notice after the client gave up on it. */
    private static final Duration DEATH_NOTICE_WAIT = Duration.ofSeconds(3);

    private final RunSpec spec;
    private final RunConsole console;
    private final RunControl control;
    private final ServerSession servers;
    private final String model;
    private final AtomicReference<String> clientAbort = new AtomicReference<>();
    private final AtomicReference<String> serverDeath = new AtomicReference<>();

    LoadGenRun(RunSpec spec, RunConsole console, RunControl control, ServerSession servers, String model) {
        this.spec = spec;
        this.console = console;
        this.control = control;
        this.servers = servers;
        this.model = model;
    }

    RunResult run() {
        // No class-path file resolving: it would add a JVM shutdown hook for its cache folder, which throws when a
        // Ctrl-C has already started the shutdown (a signal right after the run starts); the client serves no files.
        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setFileSystemOptions(new FileSystemOptions()
                        .setClassPathResolvingEnabled(false)
                        .setFileCachingEnabled(false)));
        try {
            return run(vertx);
        } finally {
            vertx.close().await();
        }
    }

    private RunResult run(Vertx vertx) {
        ClientOptions options = clientOptions();
        LlmClient client = LlmClient.start(vertx, options).await();
        LoadGen loadGen = loadGen();
        PeakProbes peak = new PeakProbes(console);
        loadGen.onPeakProbe(peak);
        List<LoadGen> warmLoadGens = new java.util.concurrent.CopyOnWriteArrayList<>();
        QuerySampleLibrary qsl =
                new DatasetQsl(spec.datasetName(), spec.dataset().size());
        Instant start;
        TestResult result;
        HttpSut sut;
        WarmStart.Report warm;
        ClientSamples samples;
        try (Progress progress = progress(client);
                ServerMetricsScraper scraper = ServerMetricsScraper.start(spec, servers.urls());
                SilenceWatch silence = SilenceWatch.start(
                        client, SilenceWatch.interval(System.getenv()), SilenceWatch.logged(console::note))) {
            CountingSink sink = new CountingSink(loadGen, progress);
            sut = new HttpSut(client, sink, spec.prompts(), sutOptions());
            Runnable abortBoth = () -> {
                warmLoadGens.forEach(LoadGen::abortTest);
                loadGen.abortTest();
            };
            client.onAbort(a -> {
                clientAbort.compareAndSet(null, a.message());
                abortBoth.run();
            });
            servers.failure().thenAccept(message -> {
                serverDeath.compareAndSet(null, message);
                abortBoth.run();
                client.shutdown("server died");
            });
            control.onInterrupt(() -> {
                abortBoth.run();
                client.shutdown("interrupted");
            });
            try {
                warm = WarmStart.run(new WarmStart.Inputs(
                        client,
                        sut,
                        sink,
                        () -> {
                            LoadGen g = loadGen();
                            warmLoadGens.add(g);
                            return g;
                        },
                        qsl,
                        spec.settings(),
                        spec.sut().warmsUp() ? spec.sut().warmupTime() : Duration.ZERO,
                        spec.sut().warmupQueries(),
                        () -> control.interrupted() || failed(),
                        spec.sut().jitNice()));
                warm.stallWarning(spec.sut().warmupTime()).ifPresent(w -> console.note("harness: warning: " + w));
                warm.end().jit().warning().ifPresent(w -> console.note("harness: warning: " + w));
                sink.target(loadGen, true);
                servers.startProfile(console);
                start = Instant.now();
                ClientSampler sampler = ClientSampler.start(client);
                try {
                    result = loadGen.startTest(sut, qsl, spec.settings(), logSettings(), auditConfig());
                } finally {
                    samples = sampler.stop();
                }
            } finally {
                control.onInterrupt(null);
            }
            servers.stopProfile(console);
        }
        Instant end = Instant.now();
        client.close().await();
        RecordSnapshot snapshot = client.snapshot();
        List<EndpointStats> endpoints = client.endpointStats();
        RunResult r = new RunResult(
                spec,
                spec.runDir(),
                result,
                null,
                sut.stats(),
                model,
                failure(),
                control.interrupted(),
                Duration.between(start, end),
                null,
                servers.profileProblem(),
                null,
                null);
        return RunFiles.write(r, snapshot, endpoints, start, end, new RunFiles.Health(samples, warm, peak.probes()));
    }

    /**
     * A LoadGen on the real clock. With one usable CPU its waits only park: the last-stretch spin would take the
     * core from the client's event loop (at 7k queries/s a 150 µs spin before each one is the whole core).
     */
    private static LoadGen loadGen() {
        return Runtime.getRuntime().availableProcessors() == 1 ? new LoadGen(new SystemClock(0)) : new LoadGen();
    }

    private boolean failed() {
        return clientAbort.get() != null || serverDeath.get() != null;
    }

    /**
     * Compliance runs apply the official audit.config, written into the run directory (beside, not in, LoadGen's
     * folder); others the user's (if any).
     */
    private String auditConfig() {
        switch (spec.benchmark().mode()) {
            case TEST06 -> {
                return Test06Audit.write(spec.runDir()).toString();
            }
            case TEST07 -> {
                return GptOssAudit.TEST07.write(spec.runDir()).toString();
            }
            case TEST09 -> {
                return GptOssAudit.TEST09.write(spec.runDir()).toString();
            }
            default -> {
                // the user's --audit-config below
            }
        }
        return spec.request().loadgen().auditConfig();
    }

    /** The server's own death notice beats the client's "failed N requests in a row". */
    private String failure() {
        String client = clientAbort.get();
        if (serverDeath.get() == null && client != null && !(spec.target() instanceof Target.External)) {
            try {
                servers.failure().get(DEATH_NOTICE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
                // the server is alive: the client's reason stands
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String server = serverDeath.get() != null
                ? serverDeath.get()
                : servers.failure().getNow(null);
        return server != null ? server : client;
    }

    private ClientOptions clientOptions() {
        return ClientOptions.builder()
                .baseUrls(servers.urls())
                .urlSource(
                        spec.target() instanceof Target.External
                                ? "--api-server-url"
                                : spec.target().describe())
                .endpointType(spec.endpoint())
                .api(ApiSettings.of(model, spec.benchmark().generation().params()))
                .responseEncoding(spec.benchmark().spec().responseEncoding())
                .maxInFlight(spec.sut().maxInFlight())
                .closedLoop(spec.sut().mode() != SutMode.PER_SAMPLE_STREAMING)
                .balancing(spec.sut().balancing())
                .maxConsecutiveFailures(spec.sut().maxConsecutiveFailures())
                .retry(RetryPolicy.ofRetries(spec.sut().maxRetries()))
                .maxConnections(spec.sut().maxConnections())
                .transport(spec.access()
                        .applyTo(TransportOptions.defaults()
                                .withRequestIdPrefix(spec.sut().requestIdPrefix())))
                .expectedRequests(Math.max(1024, spec.dataset().size()))
                .build();
    }

    private SutOptions sutOptions() {
        return new SutOptions(
                spec.sut().mode(),
                spec.sut().batchSize(),
                null,
                spec.sut().firstTokens(),
                spec.benchmark().spec().responseEncoding(),
                "llm-harness " + spec.endpoint().configName() + " client");
    }

    /** LoadGen writes into the run's {@code mlperf/} folder, which holds its four logs and nothing else. */
    private LogSettings logSettings() {
        Path folder = RunLogFolder.of(spec.runDir());
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw HarnessException.execution("cannot create " + folder + " (" + e.getMessage() + ")", e);
        }
        return LogSettings.defaults()
                .withOutdir(folder)
                .withEnableTrace(spec.request().loadgen().trace());
    }

    private Progress progress(LlmClient client) {
        long total = ExpectedSamples.of(spec.settings(), spec.dataset().size());
        String task = spec.benchmark().loadGen().scenario().displayName();
        Supplier<Progress.Status> status = () -> new Progress.Status(
                client.inFlight() + client.queued(),
                client.endpointStats().stream()
                        .mapToLong(EndpointStats::failures)
                        .sum());
        Duration every = Progress.DEFAULT_LINE_INTERVAL;
        return switch (spec.request().output().progress()) {
            case OFF -> Progress.off();
            case BAR -> Progress.start(task, total, Progress.Mode.BAR, every, status);
            case LINES -> Progress.lines(task, total, console.errStream(), every, status);
            case AUTO ->
                Progress.interactiveTerminal()
                        ? Progress.start(task, total, Progress.Mode.BAR, every, status)
                        : Progress.lines(task, total, console.errStream(), every, status);
        };
    }

    static HarnessException unexpected(String what, Throwable t) {
        LOG.error("{}", what, t);
        return HarnessException.execution(what + ": " + t, t);
    }
}
