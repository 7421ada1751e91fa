package io.llmharness.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code harness submission}: submission tools; {@code pack} builds the tree the MLCommons checker reads. */
@Command(
        name = "submission",
        mixinStandardHelpOptions = true,
        description = "MLPerf submission tools.",
        subcommands = {SubmissionPackCommand.class})
public final class SubmissionCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
