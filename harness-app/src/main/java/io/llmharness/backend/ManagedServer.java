package io.llmharness.backend;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.process.LogTail;
import io.llmharness.backend.process.OrphanGuard;
import io.llmharness.backend.process.ProcTable;
import io.llmharness.backend.process.ProcessTree;
import io.llmharness.backend.process.ShutdownReaper;
import io.llmharness.backend.process.Terminator;
import io.llmharness.client.transport.TlsOptions;
import io.llmharness.error.HarnessException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One server process this JVM started: launched in a session of its own ({@code setsid}) with its output
 * appended to its log file, waited for until {@code /health} answers 200, watched by a {@link Heartbeat}, and
 * stopped with its whole process tree. Registered with the JVM shutdown hook from before the launch until it
 * is stopped or {@linkplain #detach() detached}, so SIGINT/SIGTERM of the harness stops it too.
 */
public final class ManagedServer {

    private static final Duration READY_REQUEST_TIMEOUT = Duration.ofSeconds(2);
    private static final int TAIL_LINES = 20;

    private final ServerConfig cfg;
    private final LaunchSpec spec;
    private final ServerListener listener;
    private final HealthProbe probe;
    private final CompletableFuture<ServerFailure> failure = new CompletableFuture<>();
    private final ShutdownReaper.Cleanup cleanup;
    private volatile Process process;
    private volatile ProcessTree tree;
    private volatile Process guard;
    private volatile ModelInfo modelInfo = ModelInfo.UNKNOWN;
    private volatile boolean stopping;
    private Heartbeat heartbeat;
    private StopReport stopReport;

    private ManagedServer(ServerConfig cfg, LaunchSpec spec, ServerListener listener) {
        this.cfg = cfg;
        this.spec = spec;
        this.listener = listener;
        this.probe = new HealthProbe(
                TlsOptions.DEFAULT,
                cfg.apiKey() == null
                        ? Map.of()
                        : Map.of("Authorization", "Bearer " + cfg.apiKey().reveal()));
        Duration max = cfg.shutdownGrace()
                .plus(Terminator.KILL_WINDOW)
                .plus(ServerStopper.PORT_RELEASE)
                .plus(ServerStopper.GPU_RELEASE);
        this.cleanup = new ShutdownReaper.Cleanup() {
            @Override
            public void cleanUp() {
                stop();
            }

            @Override
            public Duration maxDuration() {
                return max;
            }
        };
    }

    /** Starts the process (without waiting for readiness). */
    public static ManagedServer launch(ServerConfig cfg, LaunchSpec spec, ServerListener listener) {
        ManagedServer s = new ManagedServer(cfg, spec, listener);
        if (!ShutdownReaper.register(s.cleanup)) {
            throw HarnessException.execution("not starting " + spec.name() + ": the harness is shutting down");
        }
        try {
            s.start();
        } catch (RuntimeException e) {
            ShutdownReaper.unregister(s.cleanup);
            throw e;
        }
        return s;
    }

    private synchronized void start() {
        ProcessLauncher.Launched l = ProcessLauncher.launch(spec, cfg.shutdownGrace());
        tree = l.tree();
        process = l.process();
        guard = l.guard();
        listener.event("started " + spec.name() + " (pid " + process.pid() + ", log " + spec.logFile() + "): "
                + spec.commandLine());
    }

    /**
     * Waits until {@code GET /health} returns 200 (connection refused and SGLang's 503 mean "not yet"), then
     * reads {@code /v1/models}. Gives up as soon as the process exits, or after {@code startup_timeout}; in
     * both cases the server is stopped and the exception names the reason, the log and its last lines.
     */
    public ModelInfo awaitReady() {
        long t0 = System.nanoTime();
        long deadline = t0 + cfg.startupTimeout().toNanos();
        long pollMs = cfg.startupPollInterval().toMillis();
        HealthProbe.Check last;
        while (true) {
            if (!process.isAlive()) {
                throw startupFailure(
                        "exited with code " + ExitStatus.describe(process.exitValue()) + " during start-up");
            }
            last = probe.health(spec.baseUrl(), READY_REQUEST_TIMEOUT);
            if (last.ok()) {
                break;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw startupFailure("did not become ready within " + seconds(cfg.startupTimeout()) + " s (last check: "
                        + last + ")");
            }
            try {
                process.onExit().get(Math.min(pollMs, TimeUnit.NANOSECONDS.toMillis(left) + 1), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // not exited: poll again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
                throw HarnessException.execution("interrupted while waiting for " + spec.name() + "; stopped it");
            }
        }
        modelInfo = probe.models(spec.baseUrl(), Duration.ofSeconds(10));
        listener.event("ready: " + spec.name() + " at " + spec.baseUrl() + " after "
                + String.format("%.1f", (System.nanoTime() - t0) / 1e9) + " s (" + modelInfo + ")");
        if (cfg.debugMode()) {
            listener.event("debug: " + spec.name() + " processes: "
                    + tree.members().stream().map(ProcTable.Proc::toString).toList());
        }
        return modelInfo;
    }

    private HarnessException startupFailure(String reason) {
        List<String> tail = LogTail.lastLines(spec.logFile(), TAIL_LINES);
        stop();
        String lines = tail.isEmpty()
                ? "(log is empty)"
                : String.join(" | ", tail.subList(Math.max(0, tail.size() - 8), tail.size()));
        return HarnessException.execution(spec.name() + " at " + spec.baseUrl() + " " + reason + " (log: "
                + spec.logFile() + "); last log lines: " + lines);
    }

    /**
     * Starts watching: process exit is reported at once, {@code /health} every {@code heartbeat_interval}
     * (unless 0). Failures complete {@link #failure()}.
     */
    public synchronized void startWatching() {
        if (stopping || heartbeat != null) {
            return;
        }
        process.onExit().thenAccept(p -> fail("exited with code " + ExitStatus.describe(p.exitValue()), p.exitValue()));
        heartbeat = new Heartbeat(spec.name(), spec.baseUrl(), cfg.heartbeat(), probe, tree, r -> fail(r, null));
        if (cfg.heartbeat().enabled()) {
            heartbeat.start();
        }
    }

    private void fail(String reason, Integer exitCode) {
        if (stopping || failure.isDone()) {
            return;
        }
        ServerFailure f = new ServerFailure(
                spec.name(),
                spec.baseUrl(),
                reason,
                exitCode,
                spec.logFile(),
                LogTail.lastLines(spec.logFile(), TAIL_LINES));
        listener.failure(f);
        failure.complete(f);
    }

    /**
     * Completes when the server dies while in use; cancelled when it is stopped or detached on purpose.
     * Callbacks run on the heartbeat or process-reaper thread: keep them short (e.g. abort the run).
     */
    public CompletableFuture<ServerFailure> failure() {
        return failure;
    }

    /**
     * Stops the server and everything it started: SIGTERM, {@code shutdown_grace}, SIGKILL for survivors,
     * port check, and in debug mode a verification report. Idempotent and thread-safe; returns the same
     * report on every call.
     */
    public synchronized StopReport stop() {
        if (stopReport != null) {
            return stopReport;
        }
        stopping = true;
        failure.cancel(false);
        if (heartbeat != null) {
            heartbeat.stop();
        }
        Process p = process;
        if (p == null) {
            ShutdownReaper.unregister(cleanup);
            stopReport = new StopReport(
                    spec.name(), spec.baseUrl(), null, List.of(), List.of(), List.of(), true, null, Duration.ZERO);
            return stopReport;
        }
        boolean leaderOnly = cfg.profile().tool().wrapsCommand();
        endGuard();
        stopReport = ServerStopper.stop(
                new ServerStopper.Target(spec.name(), spec.baseUrl(), spec.host(), spec.port(), tree),
                cfg.shutdownGrace(),
                leaderOnly,
                cfg.debugMode(),
                listener,
                () -> exitCode(p));
        ShutdownReaper.unregister(cleanup);
        probe.close();
        return stopReport;
    }

    private static Integer exitCode(Process p) {
        try {
            return p.waitFor(1, TimeUnit.SECONDS) ? p.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return p.isAlive() ? null : p.exitValue();
        }
    }

    /** What a later stop needs to find this server again (pid, group, marker, port, log). */
    public ServerState.Instance instance() {
        return new ServerState.Instance(
                spec.name(),
                spec.baseUrl(),
                spec.host(),
                spec.port(),
                tree.leaderPid(),
                tree.pgid(),
                tree.leaderStartTicks(),
                spec.marker(),
                spec.logFile().toAbsolutePath().toString(),
                spec.commandLine());
    }

    /**
     * Leaves the server running when this JVM exits ({@code harness server start}): the heartbeat stops and
     * the shutdown hook forgets it. Record {@link #instance()} first.
     */
    public synchronized void detach() {
        stopping = true;
        failure.cancel(false);
        if (heartbeat != null) {
            heartbeat.stop();
        }
        endGuard();
        ShutdownReaper.unregister(cleanup);
    }

    private void endGuard() {
        Process g = guard;
        if (g != null) {
            OrphanGuard.end(g);
            guard = null;
        }
    }

    /** Whether the leader process still runs. */
    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    public LaunchSpec spec() {
        return spec;
    }

    public String baseUrl() {
        return spec.baseUrl();
    }

    /** What {@code /v1/models} reported once ready. */
    public ModelInfo modelInfo() {
        return modelInfo;
    }

    public long pid() {
        return process.pid();
    }

    /** The server's process tree (for diagnostics and tests). */
    public ProcessTree tree() {
        return tree;
    }

    private static long seconds(Duration d) {
        return Math.max(1, Math.round(d.toMillis() / 1000.0));
    }
}
