package io.llmharness.submission;

import io.llmharness.loadgen.config.MlperfRound;
import java.util.stream.Collectors;

/** The {@code README.md} of one result: what was run, with which tool, and the exact commands. */
final class ResultReadme {

    private ResultReadme() {}

    static String of(ResultRuns r, MlperfRound round) {
        StringBuilder b = new StringBuilder();
        b.append("# ")
                .append(r.benchmarkDir())
                .append(", ")
                .append(r.scenario().displayName())
                .append("\n\n");
        b.append("Produced with llm-harness ")
                .append(r.any().toolVersion())
                .append(" (Java port of MLPerf LoadGen 6.0.17) under the ")
                .append(round.label())
                .append(" rules. Reference model: ")
                .append(r.benchmark().referenceModel())
                .append(".\n");
        for (PackedRun run : r.all()) {
            if (run == null) {
                continue;
            }
            b.append("\n## ").append(run.mode().cliName()).append(" run\n\n```\n");
            b.append(run.commandLine().stream().map(ResultReadme::quote).collect(Collectors.joining(" ")));
            b.append("\n```\n");
        }
        return b.toString();
    }

    private static String quote(String arg) {
        return arg.matches("[A-Za-z0-9_./:=@%+,-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
