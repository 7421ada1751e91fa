package io.llmharness.run;

import io.llmharness.backend.ServerListener;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a planned {@link RunSpec}: creates the run directory and {@code harness.log}, writes
 * {@code config.resolved.yaml}, starts or checks the servers, runs LoadGen over HTTP and writes the run's files;
 * the servers are stopped afterwards, also on failure and Ctrl-C.
 *
 * <p>Failures before LoadGen starts (a server that cannot be reached or does not start) are
 * {@link HarnessException}s; everything after is a {@link RunResult}. An interrupt while the servers start is
 * reported as such (exit 130), not as the failure of the server the shutdown stopped; from the warm-up on, an
 * interrupted run still writes its files.
 */
public final class RunExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(RunExecutor.class);

    private RunExecutor() {}

    /**
     * Executes the run.
     *
     * @param console where the run talks to the user
     * @param control interrupts the run from outside (Ctrl-C); the caller marks it finished once it has reported
     */
    public static RunResult execute(RunSpec spec, RunConsole console, RunControl control) {
        boolean quiet = spec.request().output().quiet();
        ServerListener listener = message -> {
            LOG.info("{}", message);
            if (!quiet) {
                console.note("harness: " + message);
            }
        };
        // External servers are checked before anything is written: an unreachable URL leaves no run directory.
        ServerSession external = spec.target() instanceof Target.External ? open(spec, listener, control) : null;
        createRunDir(spec);
        try (HarnessLog log = HarnessLog.open(spec.runDir().resolve("harness.log"));
                ServerSession servers = external != null ? external : open(spec, listener, control)) {
            return execute(spec, console, control, servers);
        }
    }

    private static void createRunDir(RunSpec spec) {
        try {
            Files.createDirectories(spec.runDir());
        } catch (IOException e) {
            throw HarnessException.execution(
                    "--output-dir " + spec.request().output().outputDir() + ": cannot create the run directory "
                            + spec.runDir() + " (" + why(e) + ")",
                    e);
        }
    }

    /** An I/O failure in words: {@code FileSystemException}'s message is often just the path. */
    static String why(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "permission denied on " + a.getFile();
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return f.getFile() + " exists and is not a directory";
        }
        if (e instanceof java.nio.file.NoSuchFileException n) {
            return n.getFile() + " does not exist";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason() + ": " + f.getFile();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static RunResult execute(RunSpec spec, RunConsole console, RunControl control, ServerSession servers) {
        LOG.info("run {}: {} ({})", spec.runId(), spec.title(), spec.target().describe());
        boolean quiet = spec.request().output().quiet();
        for (String w : spec.warnings()) {
            LOG.warn("{}", w);
            if (!quiet) {
                console.note("harness: warning: " + w);
            }
        }
        String model = requestModel(spec, servers, quiet ? null : console);
        ResolvedConfig.write(spec, model);
        if (!quiet) {
            console.note("harness: running " + spec.title() + " against " + String.join(", ", servers.urls()) + " ("
                    + spec.dataset().size() + " samples); files in " + spec.runDir());
        }
        RunResult r = new LoadGenRun(spec, console, control, servers, model).run();
        LOG.info("run {} ended: {}", spec.runId(), r.outcome());
        return r;
    }

    private static ServerSession open(RunSpec spec, ServerListener listener, RunControl control) {
        try {
            return ServerSession.open(spec.target(), spec.access(), listener);
        } catch (HarnessException e) {
            // The message reaches the user as the command's one error line; the log only keeps a copy (at info,
            // so that the console appender, active before harness.log is open, does not print it twice).
            LOG.info("servers unavailable: {}", e.getMessage());
            if (control.interrupted()) {
                // the shutdown stopped the server it was waiting for: that is the interrupt, not a server failure
                String phase = spec.target() instanceof Target.External ? "checked" : "starting";
                throw HarnessException.interrupted("interrupted while the servers were " + phase
                        + ", before LoadGen ran: nothing was measured"
                        + (Files.isDirectory(spec.runDir()) ? "; harness.log is in " + spec.runDir() : ""));
            }
            throw e;
        }
    }

    /** The model name the requests carry: the served one when the server serves another name than asked. */
    private static String requestModel(RunSpec spec, ServerSession servers, RunConsole console) {
        String served = servers.servedModel();
        String asked = spec.requestModel();
        if (served == null || served.equals(asked)) {
            return asked;
        }
        String line = "the server serves model '" + served + "', not '" + asked + "'; requests use '" + served + "'";
        LOG.warn("{}", line);
        if (console != null) {
            console.note("harness: note: " + line);
        }
        return served;
    }
}
