package io.llmharness.cli;

import static io.llmharness.accuracy.AccuracyFixtures.Response.tokens;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.accuracy.AccuracyFixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code harness accuracy} through the command line: verdict lines, accuracy.txt and exit codes. */
class AccuracyCommandTest {

    @TempDir
    Path dir;

    private record Outcome(int exit, String out, String err) {}

    private static Outcome harness(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    /**
     * A llama2-70b run of four rows whose responses are the reference answers (or other text), with the log at the
     * run directory's top level, as runs wrote it before LoadGen's logs got their {@code mlperf/} folder.
     */
    private Path run(boolean reference) throws IOException {
        return run(reference, false);
    }

    /** The same run, with the log in the run's {@code mlperf/} folder (as runs write it now) when asked. */
    private Path run(boolean reference, boolean inFolder) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        List<AccuracyFixtures.Response> log = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String answer = AccuracyFixtures.answerOfTokens(294, i);
            rows.add(Map.of("output", answer));
            log.add(tokens(i, reference ? answer : AccuracyFixtures.answerOfTokens(294, 100 + i), false));
        }
        Path data = AccuracyFixtures.dataset(dir.resolve("data"), rows);
        Path run = dir.resolve("run");
        AccuracyFixtures.log(inFolder ? run.resolve("mlperf") : run, log);
        AccuracyFixtures.config(run, "llama2-70b", data, true);
        return run;
    }

    @Test
    void aRunWithItsMlperfFolderIsScoredFromTheRunItsFolderOrTheLog() throws IOException {
        Path run = run(true, true);
        String punkt = AccuracyFixtures.punkt(dir).toString();
        for (Path given : List.of(run, run.resolve("mlperf"), run.resolve("mlperf/mlperf_log_accuracy.json"))) {
            Outcome o = harness("accuracy", given.toString(), "--punkt-dir", punkt);
            assertThat(o.exit()).as(given + ": " + o.out() + o.err()).isEqualTo(ExitCodes.OK);
            assertThat(o.out())
                    .as(given.toString())
                    .contains("llama2-70b-99: PASS")
                    .contains("accuracy.txt: " + run.resolve("accuracy.txt"));
        }
        // accuracy.txt stays beside the folder: mlperf/ keeps only LoadGen's files
        try (var files = Files.list(run.resolve("mlperf"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("mlperf_log_accuracy.json");
        }
    }

    @Test
    void referenceAnswersPassBothTargets() throws IOException {
        Path run = run(true);
        Outcome o = harness(
                "accuracy",
                run.toString(),
                "--punkt-dir",
                AccuracyFixtures.punkt(dir).toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out())
                .contains("llama2-70b accuracy: 4 responses scored")
                .contains("decoded with the simulator's vocabulary")
                .contains("llama2-70b-99: PASS", "llama2-70b-99.9: PASS")
                .contains("accuracy.txt: " + run.resolve("accuracy.txt"));
        assertThat(Files.readString(run.resolve("accuracy.txt"))).startsWith("\nResults\n\n{'rouge1': 100.0,");
    }

    @Test
    void otherAnswersFailWithExitCode4() throws IOException {
        Path run = run(false);
        Path out = dir.resolve("elsewhere.txt");
        Outcome o = harness(
                "accuracy",
                run.toString(),
                "--punkt-dir",
                AccuracyFixtures.punkt(dir).toString(),
                "--output",
                out.toString());
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        assertThat(o.out()).contains("llama2-70b-99: FAIL").containsPattern("rouge1 +\\S+ +>= 43\\.98\\S* +FAIL");
        assertThat(out).exists();
        assertThat(run.resolve("accuracy.txt")).doesNotExist();
    }

    @Test
    void aBareLogNeedsTheBenchmarkAndTheDataset() throws IOException {
        Path run = run(true);
        Files.delete(run.resolve("config.resolved.yaml"));
        Outcome o = harness("accuracy", run.resolve("mlperf_log_accuracy.json").toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err().strip())
                .isEqualTo("harness: " + run.resolve("mlperf_log_accuracy.json") + ": no config.resolved.yaml beside it"
                        + " (not a harness run directory): pass --model-category and --dataset-path");
        Outcome ok = harness(
                "accuracy",
                run.resolve("mlperf_log_accuracy.json").toString(),
                "--model-category",
                "llama2-70b",
                "--dataset-path",
                dir.resolve("data/dataset.json").toString(),
                "--tokenizer",
                "sim",
                "--punkt-dir",
                AccuracyFixtures.punkt(dir).toString());
        assertThat(ok.exit()).as(ok.out() + ok.err()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void badFlagsAreOneLine() throws IOException {
        Path run = run(true);
        Outcome dtype = harness("accuracy", run.toString(), "--dtype", "float32");
        assertThat(dtype.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(dtype.err())
                .startsWith("harness: --dtype 'float32': use int32, int64 or int16")
                .hasLineCount(1);
        Outcome tok = harness(
                "accuracy", run.toString(), "--tokenizer", dir.resolve("nope").toString());
        assertThat(tok.exit()).as(tok.err()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(tok.err())
                .startsWith("harness: --tokenizer " + dir.resolve("nope") + ": no tokenizer.json there")
                .hasLineCount(1);
        Outcome missing = harness("accuracy", dir.resolve("absent").toString());
        assertThat(missing.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(missing.err().strip())
                .isEqualTo("harness: " + dir.resolve("absent") + ": no such run directory or log file");
    }
}
