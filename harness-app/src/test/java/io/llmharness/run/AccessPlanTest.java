package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.transport.TransportOptions;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.Secret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The API key's precedence, header checks, TLS flags and timeouts, and what the resolved config shows. */
class AccessPlanTest {

    @TempDir
    Path dir;

    private static AccessRequest flags(String key, List<String> headers, Map<String, String> env) {
        return new AccessRequest(key, headers, false, null, null, null, null, env);
    }

    @Test
    void theFlagWinsOverTheEnvironment() {
        AccessPlan p = AccessPlan.resolve(
                flags("from-flag-1", List.of(), Map.of("OPENAI_API_KEY", "from-env-1")), null, false);
        assertThat(p.apiKey().reveal()).isEqualTo("from-flag-1");
        assertThat(p.apiKey().source()).isEqualTo("--api-key");
    }

    @Test
    void theEnvironmentOrderDependsOnWhoRunsTheServer() {
        Map<String, String> env = Map.of("OPENAI_API_KEY", "openai-key-1", "VLLM_API_KEY", "vllm-key-1", "HOME", "/x");
        AccessPlan external = AccessPlan.resolve(flags(null, List.of(), env), null, false);
        assertThat(external.apiKey().reveal()).isEqualTo("openai-key-1");
        assertThat(external.apiKey().source()).isEqualTo("environment variable OPENAI_API_KEY");
        AccessPlan managed = AccessPlan.resolve(flags(null, List.of(), env), null, true);
        assertThat(managed.apiKey().reveal()).isEqualTo("vllm-key-1");
        assertThat(AccessPlan.resolve(flags(null, List.of(), Map.of("HOME", "/x")), null, false)
                        .apiKey())
                .isNull();
    }

    @Test
    void aServerConfigKeyWinsAndMustAgreeWithTheFlag() {
        Secret config = Secret.of("config-key-1", "vllm.yaml: key 'api_key'");
        Map<String, String> env = Map.of("VLLM_API_KEY", "vllm-key-1");
        assertThat(AccessPlan.resolve(flags(null, List.of(), env), config, true).apiKey())
                .isSameAs(config);
        assertThat(AccessPlan.resolve(flags("config-key-1", List.of(), env), config, true)
                        .apiKey())
                .isSameAs(config);
        assertThatThrownBy(() -> AccessPlan.resolve(flags("other-key-1", List.of(), env), config, true))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("--api-key differs from vllm.yaml: key 'api_key'")
                .hasMessageNotContaining("other-key-1")
                .hasMessageNotContaining("config-key-1");
    }

    @Test
    void headersAreCheckedAndALaterOneOfTheSameNameWins() {
        AccessPlan p = AccessPlan.resolve(
                flags(null, List.of("X-Route: a", "x-route:  b ", "X-Api-Key: hdr-secret-1"), Map.of()), null, false);
        assertThat(p.headers()).containsExactly(Map.entry("x-route", "b"), Map.entry("X-Api-Key", "hdr-secret-1"));
        assertThat(p.describe().get("headers")).isEqualTo(Map.of("x-route", "b", "X-Api-Key", "<redacted>"));
        for (String bad : List.of("no colon", ": v", "Bad Name: v")) {
            assertThatThrownBy(() -> AccessPlan.resolve(flags(null, List.of(bad), Map.of()), null, false))
                    .hasMessageContaining("write it as 'Name: value'");
        }
        assertThatThrownBy(() ->
                        AccessPlan.resolve(flags(null, List.of("Content-Type: text/plain"), Map.of()), null, false))
                .hasMessage("--header Content-Type: the client sets this header itself; leave it out");
        assertThatThrownBy(() ->
                        AccessPlan.resolve(flags("k-12345", List.of("Authorization: Bearer x"), Map.of()), null, false))
                .hasMessageContaining("give one");
        assertThatThrownBy(() -> AccessPlan.resolve(flags("  ", List.of(), Map.of()), null, false))
                .hasMessageContaining("--api-key: the key is empty");
    }

    @Test
    void theKeyBecomesTheAuthorizationHeaderUnlessOneIsGiven() {
        AccessPlan p = AccessPlan.resolve(flags("bearer-key-1", List.of("X-Route: a"), Map.of()), null, false);
        TransportOptions t = p.applyTo(TransportOptions.defaults());
        assertThat(t.requestHeaders())
                .containsExactly(Map.entry("X-Route", "a"), Map.entry("Authorization", "Bearer bearer-key-1"));
        assertThat(t.toString()).doesNotContain("bearer-key-1");
        AccessPlan own = AccessPlan.resolve(
                flags(null, List.of("Authorization: Token own-1"), Map.of("OPENAI_API_KEY", "env-key-1")), null, false);
        assertThat(own.controlHeaders()).containsExactly(Map.entry("Authorization", "Token own-1"));
        assertThat(own.describe()).containsEntry("api_key", "<redacted>");
    }

    @Test
    void timeoutsAreSecondsAboveZero() {
        AccessPlan p = AccessPlan.resolve(
                new AccessRequest(null, List.of(), false, null, 2.5, 30.0, 0.25, Map.of()), null, false);
        TransportOptions t = p.applyTo(TransportOptions.defaults());
        assertThat(t.connectTimeoutMs()).isEqualTo(2500);
        assertThat(t.totalTimeoutMs()).isEqualTo(30_000);
        assertThat(t.idleTimeoutMs()).isEqualTo(250);
        assertThat(AccessPlan.resolve(AccessRequest.NONE, null, false).applyTo(TransportOptions.defaults()))
                .isEqualTo(TransportOptions.defaults());
        assertThatThrownBy(() -> AccessPlan.resolve(
                        new AccessRequest(null, List.of(), false, null, null, null, 0.0, Map.of()), null, false))
                .hasMessage("--idle-timeout 0.0: must be a number of seconds above 0");
        assertThatThrownBy(() -> AccessPlan.resolve(
                        new AccessRequest(null, List.of(), false, null, null, -1.0, null, Map.of()), null, false))
                .hasMessage("--request-timeout -1.0: must be a number of seconds above 0 (or 0 for no limit)");
    }

    @Test
    void tlsFlagsAreCheckedBeforeAnySocketOpens() throws Exception {
        assertThatThrownBy(() -> AccessPlan.resolve(
                        new AccessRequest(null, List.of(), true, dir.resolve("ca.pem"), null, null, null, Map.of()),
                        null,
                        false))
                .hasMessageContaining("--insecure and --ca-cert: give one");
        assertThatThrownBy(() -> AccessPlan.resolve(
                        new AccessRequest(null, List.of(), false, dir.resolve("ca.pem"), null, null, null, Map.of()),
                        null,
                        false))
                .hasMessage("--ca-cert " + dir.resolve("ca.pem") + ": no such file");
        Path notPem = Files.writeString(dir.resolve("x.pem"), "hello");
        assertThatThrownBy(() -> AccessPlan.resolve(
                        new AccessRequest(null, List.of(), false, notPem, null, null, null, Map.of()), null, false))
                .hasMessageStartingWith("--ca-cert " + notPem + ": ");
        assertThat(AccessPlan.resolve(
                                new AccessRequest(null, List.of(), true, null, null, null, null, Map.of()), null, false)
                        .tls()
                        .isInsecure())
                .isTrue();
    }
}
