package io.llmharness.cli;

import io.llmharness.accuracy.synth.ReferenceAnswers;
import io.llmharness.cli.sim.SimFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code harness sim}: runs the embedded vLLM / SGLang simulator as its own process until SIGTERM or SIGINT (clean
 * shutdown, exit 0, port released, worker processes stopped). A simulated crash ({@code --exit-after-requests})
 * exits 1. Log lines go to standard output in the impersonated server's wording.
 */
@Command(
        name = "sim",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        defaultValueProvider = SimFlags.EnumDefaults.class,
        description = {
            "Run the vLLM / SGLang simulator until SIGTERM or Ctrl-C.",
            "Flags follow vLLM, SGLang and llm-d-inference-sim names; see docs/simulator.md."
        })
public final class SimCommand implements Callable<Integer> {
    @Mixin
    SimFlags flags = new SimFlags();

    @Option(
            names = "--accept-unknown-flags",
            description = "Ignore flags the simulator does not model (for real vLLM/SGLang command lines).")
    boolean acceptUnknown;

    @Option(
            names = "--answers",
            paramLabel = "FILE",
            description = "Answer each prompt of this dataset with its reference output (output, gt_output or"
                    + " ground_truth column), tokenised with the simulator's vocabulary and returned whole; other"
                    + " prompts get generated text.")
    java.nio.file.Path answers;

    @Option(
            names = "--answers-column",
            paramLabel = "NAME",
            description = "The reference column of --answers (default: the first of output, gt_output, ground_truth).")
    String answersColumn;

    @Unmatched
    List<String> unmatched = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!unmatched.isEmpty() && !acceptUnknown) {
            throw HarnessException.usage("sim: unknown option or argument '" + unmatched.get(0)
                    + "' (add --accept-unknown-flags to ignore vLLM/SGLang flags the simulator does not model)");
        }
        SimulatorOptions options = options();
        quietLibraryLogs();
        PrintWriter out = spec.commandLine().getOut();
        options = options.withLogSink(line -> {
            out.println(line);
            out.flush();
        });
        ShutdownSignal signal = ShutdownSignal.install(Thread.currentThread());
        SimulatorServer server;
        try {
            server = SimulatorServer.start(options);
        } catch (IllegalStateException e) {
            signal.uninstall();
            if (signal.received()) {
                return ExitCodes.OK;
            }
            throw HarnessException.execution("sim: " + e.getMessage() + " (" + listenHint(e.getCause()) + ")");
        }
        try (server) {
            CompletableFuture<Object> end = CompletableFuture.anyOf(signal.future(), server.crashed());
            Object why = end.get();
            if (why instanceof String crash && !signal.received()) {
                out.println("ERROR: simulated engine crash: " + crash);
                out.flush();
                return ExitCodes.EXECUTION_FAILURE;
            }
            return ExitCodes.OK;
        } catch (InterruptedException e) {
            return signal.received() ? ExitCodes.OK : ExitCodes.INTERRUPTED;
        } catch (ExecutionException e) {
            throw HarnessException.execution("sim: " + e.getCause().getMessage(), e.getCause());
        } finally {
            signal.uninstall();
        }
    }

    /**
     * What to do about a failed bind, judged by its cause: a host that does not resolve or is not an address of this
     * machine needs another {@code --host}; a port in use needs another {@code --port}.
     */
    static String listenHint(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return "check --host: it is neither an IP address nor a name that resolves";
            }
            if (t instanceof BindException) {
                String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
                if (message.contains("in use")) {
                    return "choose another port with --port, or stop the process that holds it";
                }
                if (message.contains("assign")) {
                    return "check --host: it is not an address of this machine (0.0.0.0 listens on all of them)";
                }
                if (message.contains("permission")) {
                    return "ports below 1024 need privileges: choose another port with --port";
                }
            }
        }
        return "check --host and --port";
    }

    /**
     * Without a logging configuration logback logs everything at DEBUG, and Netty is chatty at that level: keep the
     * server's own lines readable by raising the libraries to INFO unless someone configured them.
     */
    private static void quietLibraryLogs() {
        if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext ctx) {
            ch.qos.logback.classic.Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            if (root.getLevel() == null
                    || root.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.DEBUG)
                            && !root.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.INFO)) {
                for (String name : new String[] {"io.netty", "io.vertx"}) {
                    ctx.getLogger(name).setLevel(ch.qos.logback.classic.Level.INFO);
                }
            }
        }
    }

    /**
     * The validated options; a value out of range becomes a one-line configuration error (exit 3) naming the flag as
     * it was typed.
     */
    SimulatorOptions options() {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        try {
            SimulatorOptions o = flags.toOptions(parsed::hasMatchedOption);
            if (answersColumn != null && answers == null) {
                throw HarnessException.usage("--answers-column needs --answers FILE");
            }
            return answers == null
                    ? o
                    : o.with(o.streaming().withAnswers(ReferenceAnswers.load(answers, answersColumn, "--answers")));
        } catch (IllegalArgumentException e) {
            throw HarnessException.config("sim: " + UsageErrors.asTyped(e.getMessage(), parsed));
        }
    }
}
