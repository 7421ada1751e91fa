package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.cli.Main;
import io.llmharness.dataset.SyntheticDataset;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * Shared pieces of the end-to-end run tests: a small llama3.1-8b-shaped dataset with short prompts, short-run
 * user.conf files, {@code harness run} executed in process through {@link Main} with captured writers, and
 * readers for the run directory.
 */
final class RunFixture {

    static final ObjectMapper JSON = new ObjectMapper();

    /**
     * How long a test waits for a signalled {@code harness run} to exit: RunCommand gives the interrupted run up to
     * 2 minutes to write its files before the JVM exits, plus 30 s for the JVM to get there on a loaded machine. A
     * wait shorter than the product's own bound fails a run that is slow but correct.
     */
    static final long INTERRUPT_EXIT_S = 150;

    /** What a command printed and returned. */
    record Outcome(int exit, String out, String err) {
        /** The lines of stderr that start with "harness: " and are not warnings, notes or server events. */
        List<String> errorLines() {
            return err.lines()
                    .filter(l -> l.startsWith("harness: "))
                    .filter(l -> !l.startsWith("harness: warning:") && !l.startsWith("harness: note:"))
                    .filter(l -> !l.startsWith("harness: started") && !l.startsWith("harness: running"))
                    .toList();
        }
    }

    private RunFixture() {}

    /** {@code rows} rows with 16–48 prompt tokens, written as JSON. */
    static Path dataset(Path dir, int rows) {
        Path file = dir.resolve("data.json");
        new SyntheticDataset(rows, 7, new SyntheticDataset.LengthDistribution.Uniform(16, 48), 10).writeJson(file);
        return file;
    }

    /** A user.conf with these lines. */
    static Path conf(Path dir, String name, String... lines) {
        Path file = dir.resolve(name);
        try {
            Files.writeString(file, String.join("\n", lines) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** A generation config that keeps outputs between 2 and {@code max} tokens (LoadGen rejects 1-token outputs). */
    static Path shortOutputs(Path dir, int max) {
        Path file = dir.resolve("gen.json");
        try {
            Files.writeString(file, "{\"min_new_tokens\": 2, \"max_new_tokens\": " + max + "}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Runs {@code harness ARGS} in this JVM. */
    static Outcome harness(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    /** The one run directory inside {@code outputDir}. */
    static Path runDir(Path outputDir) {
        try (Stream<Path> s = Files.list(outputDir)) {
            List<Path> dirs = s.filter(Files::isDirectory).toList();
            assertThat(dirs).as("run directories in " + outputDir).hasSize(1);
            return dirs.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode summary(Path runDir) {
        try {
            return JSON.readTree(runDir.resolve("summary.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Data rows of requests.csv. */
    static List<String[]> requests(Path runDir) {
        try {
            List<String> lines = Files.readAllLines(runDir.resolve("requests.csv"));
            List<String> header = List.of(lines.get(0).split(","));
            List<String[]> rows = new ArrayList<>();
            for (String l : lines.subList(1, lines.size())) {
                rows.add(l.split(",", -1));
            }
            assertThat(header).contains("prompt_count", "outcome");
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sum of the {@code prompt_count} column of requests.csv. */
    static long promptCount(Path runDir) {
        return columnSum(runDir, "prompt_count");
    }

    /** Sum of a numeric column of requests.csv (simple rows only: no quoted commas before it). */
    static long columnSum(Path runDir, String column) {
        try {
            List<String> lines = Files.readAllLines(runDir.resolve("requests.csv"));
            int col = List.of(lines.get(0).split(",")).indexOf(column);
            assertThat(col).as("column " + column + " in requests.csv").isNotNegative();
            return lines.subList(1, lines.size()).stream()
                    .mapToLong(l -> Long.parseLong(l.split(",", -1)[col]))
                    .sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value of a detail-log key (first occurrence), as JSON. */
    static JsonNode detail(Path runDir, String key) {
        try {
            for (String line : Files.readAllLines(runDir.resolve("mlperf/mlperf_log_detail.txt"))) {
                JsonNode n = JSON.readTree(line.substring(line.indexOf('{')));
                if (key.equals(n.path("key").asText())) {
                    return n.path("value");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError("no " + key + " in the detail log of " + runDir);
    }

    /** Error lines in the detail log. */
    static long loadgenErrors(Path runDir) {
        try {
            return Files.readAllLines(runDir.resolve("mlperf/mlperf_log_detail.txt")).stream()
                    .filter(l -> l.contains("\"is_error\": true"))
                    .count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The four MLPerf logs, alone in the run's {@code mlperf/} folder (so it can be copied into a submission as it
     * is), and the harness's own files beside it.
     */
    static void assertRunFiles(Path runDir) {
        try (Stream<Path> logs = Files.list(runDir.resolve("mlperf"))) {
            assertThat(logs.map(p -> p.getFileName().toString()))
                    .as("mlperf/ holds LoadGen's logs and nothing else")
                    .containsExactlyInAnyOrder(
                            "mlperf_log_summary.txt",
                            "mlperf_log_detail.txt",
                            "mlperf_log_accuracy.json",
                            "mlperf_log_trace.json");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Stream<Path> top = Files.list(runDir)) {
            assertThat(top.map(p -> p.getFileName().toString()))
                    .as("no LoadGen log at the run directory's top level")
                    .noneMatch(n -> n.startsWith("mlperf_log_"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String f : List.of(
                "summary.json",
                "requests.csv",
                "requests.parquet",
                "config.resolved.yaml",
                "harness.log",
                "report.html")) {
            assertThat(runDir.resolve(f)).as(f).exists();
        }
        assertThat(runDir.resolve("charts")).as("charts/").isDirectoryContaining("glob:**.png");
    }

    /**
     * The flags that make {@code harness run} start the server of {@code config} (relative to the repository root)
     * through the fake launcher {@code launcher} on {@code port}, its processes marked {@code FAKE_TEST_ID=testId}
     * so a process scan finds whatever a test left behind.
     */
    static List<String> fakeServerFlags(String config, String launcher, int port, String testId) {
        Path root = Path.of("").toAbsolutePath().getParent();
        return fakeServerFlags(root.resolve(config), root.resolve(launcher), port, testId);
    }

    /**
     * The same flags for a server config anywhere; {@code launcher} null starts the config's own
     * {@code executable}.
     */
    static List<String> fakeServerFlags(Path config, Path launcher, int port, String testId) {
        List<String> flags =
                new ArrayList<>(List.of("--server-config", config.toString(), "--server-port", Integer.toString(port)));
        if (launcher != null) {
            flags.addAll(List.of("--server-executable", launcher.toString()));
        }
        flags.addAll(List.of(
                "--server-env",
                "HARNESS_CLASSPATH=" + System.getProperty("java.class.path"),
                "--server-env",
                "HARNESS_JAVA=" + ProcessHandle.current().info().command().orElse("java"),
                "--server-env",
                "FAKE_TEST_ID=" + testId));
        return flags;
    }
}
