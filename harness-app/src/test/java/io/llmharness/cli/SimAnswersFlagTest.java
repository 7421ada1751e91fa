package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.accuracy.synth.SyntheticBenchmarkData;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.output.Answers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code harness sim --answers FILE}: flag parsing into the simulator's fixed answers (no server is started). */
class SimAnswersFlagTest {

    @TempDir
    Path dir;

    private static SimulatorOptions parse(String... args) {
        CommandLine cl = Main.commandLine();
        String[] all = new String[args.length + 1];
        all[0] = "sim";
        System.arraycopy(args, 0, all, 1, args.length);
        CommandLine.ParseResult pr = cl.parseArgs(all);
        SimCommand cmd = pr.subcommand().commandSpec().commandLine().getCommand();
        return cmd.options();
    }

    @Test
    void answersComeFromTheDatasetsReferenceColumn() {
        Path data = SyntheticBenchmarkData.write("llama2-70b", 7, dir.resolve("d.json"), 1)
                .file();
        Answers a = parse("--answers", data.toString()).streaming().answers();
        assertThat(a.size()).isEqualTo(7);
        assertThat(a.source()).isEqualTo(data.toString());
        assertThat(parse().streaming().answers()).isSameAs(Answers.NONE);
    }

    @Test
    void badAnswersAreOneLine() {
        Path data = SyntheticBenchmarkData.write("llama2-70b", 2, dir.resolve("d.json"), 1)
                .file();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int exit = cl.execute("sim", "--answers", data.toString(), "--answers-column", "nope", "--port", "0");
        assertThat(exit).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(err.toString().strip()).startsWith("harness: Column 'nope' not found in " + data);
        StringWriter err2 = new StringWriter();
        CommandLine cl2 = Main.commandLine();
        cl2.setErr(new PrintWriter(err2));
        cl2.setOut(new PrintWriter(new StringWriter()));
        assertThat(cl2.execute("sim", "--answers", dir.resolve("missing.json").toString(), "--port", "0"))
                .isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(err2.toString()).contains("missing.json");
    }
}
