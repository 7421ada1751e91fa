package io.llmharness.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code harness dataset}: dataset tools; {@code synth} writes a synthetic dataset of a benchmark's shape. */
@Command(
        name = "dataset",
        mixinStandardHelpOptions = true,
        description = "Dataset tools.",
        subcommands = {DatasetSynthCommand.class})
public final class DatasetCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
