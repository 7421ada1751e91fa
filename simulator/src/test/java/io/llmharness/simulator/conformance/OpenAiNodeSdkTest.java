package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official {@code openai} Node SDK against the vLLM persona: models, completions, chat, streams (the SDK's own
 * stream helper accumulates chunks and logprobs), {@code n}, usage, logprobs, json_schema and its typed errors
 * ({@code NotFoundError}, {@code BadRequestError}, {@code AuthenticationError}). The SDK, pinned to
 * {@value #SDK_VERSION}, is installed with npm under {@code target/openai-sdk/} on first use (no lockfile, nothing
 * committed); the checks are {@code openai-sdk-check.mjs} next to this class. Skipped without node and npm.
 */
class OpenAiNodeSdkTest extends SimTestSupport {
    static final String SDK_VERSION = "6.49.0";
    private static final Path DIR = Path.of("target", "openai-sdk").toAbsolutePath();
    private static final List<String> CHECKS = List.of(
            "models",
            "completions",
            "chat",
            "completions-stream-usage",
            "chat-stream-helper",
            "n",
            "completions-logprobs",
            "chat-logprobs",
            "json-schema",
            "error-not-found",
            "error-bad-request",
            "error-max-logprobs",
            "error-validation",
            "error-authentication");

    @BeforeAll
    static void installSdk() throws Exception {
        ExternalTools.require("node", "install Node.js 18 or later (apt-get install -y nodejs npm)");
        ExternalTools.require("npm", "install npm (apt-get install -y npm)");
        Path installed = DIR.resolve("node_modules/openai/package.json");
        if (Files.isRegularFile(installed) && Files.readString(installed).contains("\"version\": \"" + SDK_VERSION)) {
            return;
        }
        Files.createDirectories(DIR);
        ExternalTools.Result r = ExternalTools.run(
                List.of(
                        "npm",
                        "install",
                        "--no-save",
                        "--no-package-lock",
                        "--no-audit",
                        "--no-fund",
                        "--prefix",
                        DIR.toString(),
                        "openai@" + SDK_VERSION),
                DIR,
                null,
                600);
        if (r.exit() != 0 || !Files.isRegularFile(installed)) {
            String[] lines = r.output().strip().split("\n");
            ExternalTools.unavailable("npm could not install openai@" + SDK_VERSION + ": " + lines[lines.length - 1]);
        }
    }

    @Test
    void theOfficialSdkAcceptsEverythingTheSimulatorSends() throws Exception {
        String base =
                start(SimulatorOptions.defaults().with(Latency.fixed(2, 1))).baseUrl();
        String keyed = start(
                        SimulatorOptions.defaults().with(Latency.zero()).with(Admission.DEFAULTS.withApiKey("sdk-key")))
                .baseUrl();
        Path script = DIR.resolve("openai-sdk-check.mjs");
        try (InputStream in = OpenAiNodeSdkTest.class.getResourceAsStream("openai-sdk-check.mjs")) {
            if (in == null) {
                throw new IOException("openai-sdk-check.mjs is missing from the test resources");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        ExternalTools.Result r = ExternalTools.run(List.of("node", script.toString(), base, keyed), DIR, null, 180);
        List<String> lines = r.output().lines().toList();
        assertThat(lines).as(r.output()).noneMatch(l -> l.startsWith("FAIL "));
        for (String check : CHECKS) {
            assertThat(lines).as(r.output()).contains("ok " + check);
        }
        assertThat(r.exit()).as(r.output()).isZero();
    }
}
