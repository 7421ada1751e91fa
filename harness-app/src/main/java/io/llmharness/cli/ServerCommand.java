package io.llmharness.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code harness server}: start, stop and inspect vLLM / SGLang servers from YAML configs. */
@Command(
        name = "server",
        mixinStandardHelpOptions = true,
        description = "Start, stop and inspect vLLM / SGLang servers described by a YAML config.",
        subcommands = {ServerStartCommand.class, ServerStopCommand.class, ServerStatusCommand.class})
public final class ServerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
