package io.llmharness.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code harness trace}: trace tools; {@code analyze} describes a trace file, {@code synth} writes the requests of a
 * workload profile as a Mooncake trace. See docs/traces.md.
 */
@Command(
        name = "trace",
        mixinStandardHelpOptions = true,
        description = "Trace tools: analyze a trace file, or write a workload profile's requests as a trace.",
        subcommands = {TraceAnalyzeCommand.class, TraceSynthCommand.class})
public final class TraceCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
