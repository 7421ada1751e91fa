package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.cli.BenchCommand;
import io.llmharness.cli.Main;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.workload.ProfileLocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * End-to-end fixture for {@code harness bench}: the CLI in this JVM through {@link Main}, with an environment map,
 * a profile folder and a control injected into {@link BenchCommand}; a fast simulator on a loopback port; readers
 * for the run directory.
 */
final class BenchFixture {

    static final ObjectMapper JSON = new ObjectMapper();

    /** What a command printed and returned, and the run directories it created. */
    record Outcome(int exit, String out, String err, List<Path> runs) {
        /** The only run directory. */
        Path run() {
            if (runs.size() != 1) {
                throw new AssertionError(
                        "expected one run directory, got " + runs + "\nstdout:\n" + out + "\nstderr:\n" + err);
            }
            return runs.get(0);
        }

        /** stderr lines starting with "harness: " that are errors (not warnings or progress). */
        List<String> errorLines() {
            return err.lines()
                    .filter(l -> l.startsWith("harness: "))
                    .filter(l -> !l.startsWith("harness: warning:")
                            && !l.startsWith("harness: stage")
                            && !l.startsWith("harness: started")
                            && !l.startsWith("harness: prompts")
                            && !l.startsWith("harness: warm start"))
                    .toList();
        }
    }

    /** A home folder without a Hugging Face cache, so that no test finds a real tokenizer by accident. */
    static final Path NO_HOME = Path.of(System.getProperty("java.io.tmpdir"), "bench-fixture-home-without-hf-cache");

    private BenchFixture() {}

    /** A simulator with small fixed latencies, serving {@code sim-model}. */
    static SimulatorServer fastSimulator() {
        SimulatorServer s = SimulatorServer.start(SimulatorOptions.defaults().with(Latency.fixed(5, 0.5)));
        if (!s.awaitReady(30_000)) {
            s.close();
            throw new AssertionError("simulator not ready within 30 s");
        }
        return s;
    }

    /** The repository root (the folder holding profiles/). */
    static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("profiles/inference-perf"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new AssertionError("no profiles/ folder above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    /**
     * Runs {@code harness bench ARGS} with profiles from the class path. Unless the arguments name {@code
     * --warmup-seconds} (or the nop harness, which has no warm-up), the warm-up is the {@code --warmup-requests}
     * alone ({@code --warmup-seconds 0}): a test JVM's JIT is rarely idle, and waiting for it would add seconds to
     * every run for nothing the test checks ({@code BenchWarmupTest} checks the warm-up itself).
     */
    static Outcome bench(Path outputDir, Map<String, String> env, BenchControl control, String... args) {
        return bench(outputDir, env, new ProfileLocator(null), control, args);
    }

    static Outcome bench(
            Path outputDir, Map<String, String> env, ProfileLocator locator, BenchControl control, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine(new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                if (cls == BenchCommand.class) {
                    return cls.cast(new BenchCommand(env, locator, NO_HOME, control));
                }
                return CommandLine.defaultFactory().create(cls);
            }
        });
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        List<String> given = List.of(args);
        boolean nop = given.contains("nop") || "nop".equals(env.get("LLMDBENCH_HARNESS_NAME"));
        boolean quick = !given.contains("--warmup-seconds") && !nop;
        String[] full = Stream.of(
                        Stream.of("bench", "--output-dir", outputDir.toString()),
                        quick ? Stream.of("--warmup-seconds", "0") : Stream.<String>empty(),
                        given.stream())
                .flatMap(x -> x)
                .toArray(String[]::new);
        int code = cl.execute(full);
        return new Outcome(code, out.toString(), err.toString(), runs(outputDir));
    }

    static List<Path> runs(Path outputDir) {
        if (!Files.isDirectory(outputDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(outputDir)) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
