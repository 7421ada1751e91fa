package io.llmharness.cli;

import io.llmharness.client.health.JitPriority;
import io.llmharness.error.HarnessException;
import io.llmharness.k8s.cli.K8sCommand;
import io.llmharness.k8s.cli.K8sEnvironment;
import io.llmharness.secret.Secrets;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code harness} command. Subcommands are one class each; this class only wires them,
 * maps errors to one-line messages and exit codes (secrets redacted), and is the only place that calls
 * {@link System#exit}.
 */
@Command(
        name = "harness",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Benchmark LLM inference servers: MLPerf LoadGen runs, workload profiles, server management.",
        subcommands = {
            CommandLine.HelpCommand.class,
            RunCommand.class,
            BenchCommand.class,
            MergeCommand.class,
            AccuracyCommand.class,
            DatasetCommand.class,
            TraceCommand.class,
            DemoCommand.class,
            LoadgenCommand.class,
            SimCommand.class,
            ServerCommand.class,
            SubmissionCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            HistoryCommand.class
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Builds the configured command line; tests call this and capture the writers. */
    public static CommandLine commandLine() {
        return commandLine(CommandLine.defaultFactory());
    }

    /** Builds the command line with subcommands made by {@code factory} (tests inject their surroundings). */
    public static CommandLine commandLine(CommandLine.IFactory factory) {
        CommandLine cl = new CommandLine(new Main(), factory);
        cl.addSubcommand(
                "k8s", K8sCommand.commandLine(K8sEnvironment.system().withMerger(MergeCommand::mergeCollected)));
        cl.setExecutionExceptionHandler(Main::handleExecutionException);
        cl.setParameterExceptionHandler(Main::handleParameterException);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // as with Python's argparse (vLLM, SGLang, the seed harness): a repeated flag's last value wins
        cl.setOverwrittenOptionsAllowed(true);
        return cl;
    }

    /** Runs the command line and returns the exit code (never exits the JVM). */
    public static int execute(String... args) {
        Secrets.registerArgs(java.util.Arrays.asList(args));
        return commandLine().execute(args);
    }

    /**
     * The {@code harness} process. Only here do runs lower the JIT compiler threads after their warm start by
     * default ({@code --jit-nice 10}): that is one-way for the process, and tests that run the CLI in-process
     * through {@link #execute} keep their JIT at full priority.
     */
    public static void main(String[] args) {
        JitPriority.lowerByDefault();
        System.exit(execute(args));
    }

    private static int handleParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getColorScheme().errorText(Secrets.redact("harness: " + UsageErrors.line(e, args))));
        err.flush();
        return ExitCodes.USAGE;
    }

    private static int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        if (e instanceof HarnessException he) {
            return printError(err, he);
        }
        // A bug, not a user mistake: keep the trace, but say so plainly.
        err.println(Secrets.redact("harness: internal error: " + e));
        err.print(trace(e));
        err.flush();
        return ExitCodes.EXECUTION_FAILURE;
    }

    /**
     * Prints the one error line of a command that failed (its trace too with {@code HARNESS_DEBUG} set) and returns
     * its exit code. A command that holds a shutdown hook calls it itself, before it lets the hook go: once the hook
     * returns, the JVM may exit before picocli's handler would have printed the line.
     */
    static int printError(PrintWriter err, HarnessException he) {
        err.println(Secrets.redact("harness: " + he.getMessage()));
        if (System.getenv("HARNESS_DEBUG") != null) {
            err.print(trace(he));
        }
        err.flush();
        return he.exitCode();
    }

    /** A stack trace with its secrets redacted. */
    private static String trace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return Secrets.redact(w.toString());
    }
}
