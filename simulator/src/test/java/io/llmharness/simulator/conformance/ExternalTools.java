package io.llmharness.simulator.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.opentest4j.TestAbortedException;

/**
 * Runs third-party programs (Debian's {@code promtool}, Node with the {@code openai} SDK) against the simulator.
 * A program that is not installed skips the test with the reason and what to install, unless the environment
 * variable {@value #REQUIRED} is {@code true} ({@code .ci/run} sets it, after installing them): then it fails.
 */
final class ExternalTools {
    static final String REQUIRED = "HARNESS_REQUIRE_REAL_CLIENTS";

    private ExternalTools() {}

    /** The result of one run. */
    record Result(int exit, String output) {}

    /** Skips (or, in CI, fails) unless {@code command} is on the PATH. */
    static void require(String command, String install) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return;
            }
        }
        unavailable(command + " is not on the PATH; " + install);
    }

    /** Skips the test with {@code reason}, or fails it when {@value #REQUIRED} is true. */
    static void unavailable(String reason) {
        if (Boolean.parseBoolean(System.getenv(REQUIRED))) {
            fail(reason + " (" + REQUIRED + "=true, so this fails instead of skipping)");
        }
        throw new TestAbortedException(reason);
    }

    /**
     * Runs {@code command} in {@code dir} with {@code stdin} (may be null), output and errors merged, killing it
     * after {@code timeoutSeconds}.
     */
    static Result run(List<String> command, Path dir, String stdin, long timeoutSeconds)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
            try {
                return p.getInputStream().readAllBytes();
            } catch (IOException e) {
                return ("(reading the output failed: " + e.getMessage() + ")").getBytes(StandardCharsets.UTF_8);
            }
        });
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            fail(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
        }
        return new Result(p.exitValue(), new String(out.join(), StandardCharsets.UTF_8));
    }
}
