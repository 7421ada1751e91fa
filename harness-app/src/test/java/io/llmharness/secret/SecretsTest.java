package io.llmharness.secret;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The redaction function: by value, by name, on command lines and in log lines. */
class SecretsTest {

    private static String fresh() {
        return "sk-" + UUID.randomUUID();
    }

    @Test
    void aRegisteredValueIsReplacedWhereverItOccurs() {
        String key = fresh();
        Secrets.register(key);
        assertThat(Secrets.redact("401: Incorrect API key provided: " + key + "."))
                .isEqualTo("401: Incorrect API key provided: <redacted>.");
        assertThat(Secrets.redact(key + key)).isEqualTo("<redacted><redacted>");
        assertThat(Secrets.redact(List.of("a", key))).containsExactly("a", "<redacted>");
        assertThat(Secrets.containsSecret("x" + key)).isTrue();
        assertThat(Secrets.redact((String) null)).isNull();
    }

    @Test
    void aSecretPrintsAsRedactedAndRegistersItself() {
        String key = fresh();
        Secret s = Secret.of(key, "--api-key");
        assertThat(s).hasToString("<redacted>");
        assertThat(s.reveal()).isEqualTo(key);
        assertThat(s.source()).isEqualTo("--api-key");
        assertThat(Secrets.redact("record " + List.of(s) + " key " + key)).doesNotContain(key);
    }

    @Test
    void shortValuesAreNotSearchedInFreeTextButStillRedactedByName() {
        Secrets.register("K");
        assertThat(Secrets.redact("Keep Kilo")).isEqualTo("Keep Kilo");
        assertThat(Secrets.redactArgs(List.of("run", "--api-key", "K")))
                .containsExactly("run", "--api-key", "<redacted>");
    }

    @Test
    void secretNamesAreFoundByTheirWords() {
        assertThat(List.of(
                        "--api-key",
                        "api_key",
                        "X-Api-Key",
                        "OPENAI_API_KEY",
                        "HF_TOKEN",
                        "Authorization",
                        "Proxy-Authorization",
                        "db.password",
                        "Cookie",
                        "access_key",
                        "x-auth-token"))
                .allMatch(Secrets::isSecretName);
        assertThat(List.of("max_tokens", "tokenizer", "key_path", "--header", "model", "monkey", "X-Request-Id"))
                .noneMatch(Secrets::isSecretName);
    }

    @Test
    void commandLinesLoseTheirSecretsButKeepTheirShape() {
        String key = fresh();
        Secrets.register(key);
        List<String> argv = List.of(
                "harness",
                "run",
                "--api-key",
                "plain-unregistered",
                "--api-key=other",
                "--header",
                "Authorization: Bearer abc",
                "--header=X-Api-Key: zzz",
                "-H",
                "X-Route: gpu-pool-1",
                "--note",
                "uses " + key);
        assertThat(Secrets.redactArgs(argv))
                .containsExactly(
                        "harness",
                        "run",
                        "--api-key",
                        "<redacted>",
                        "--api-key=<redacted>",
                        "--header",
                        "Authorization: <redacted>",
                        "--header=X-Api-Key: <redacted>",
                        "-H",
                        "X-Route: gpu-pool-1",
                        "--note",
                        "uses <redacted>");
    }

    @Test
    void registeringACommandLineCoversKeysAndSensitiveHeadersBeforeParsing() {
        String key = fresh();
        String token = fresh();
        Secrets.registerArgs(List.of("run", "--bogus", "--api-key", key, "--header", "Authorization: Bearer " + token));
        assertThat(Secrets.redact("Unmatched argument '" + key + "'")).doesNotContain(key);
        assertThat(Secrets.redact("sent " + token)).doesNotContain(token);
    }

    @Test
    void namedValuesAndHeaderLines() {
        assertThat(Secrets.redactValue("VLLM_API_KEY", "abcd1234")).isEqualTo("<redacted>");
        assertThat(Secrets.redactValue("CUDA_VISIBLE_DEVICES", "0,1")).isEqualTo("0,1");
        assertThat(Secrets.redactHeaderLine("x-api-key: 1")).isEqualTo("x-api-key: <redacted>");
        assertThat(Secrets.redactHeaderLine("X-Route: a")).isEqualTo("X-Route: a");
    }

    @Test
    void theLogLayoutRedactsMessagesAndArguments() {
        String key = fresh();
        Secrets.register(key);
        LoggerContext ctx = new LoggerContext();
        RedactingLayout layout = new RedactingLayout();
        layout.setContext(ctx);
        layout.setPattern("%level %msg%n");
        layout.start();
        LoggingEvent event = new LoggingEvent(
                "x", ctx.getLogger("t"), Level.WARN, "server said {}", null, new Object[] {"bad key " + key});
        assertThat(layout.doLayout(event)).isEqualTo("WARN server said bad key <redacted>" + System.lineSeparator());
    }
}
