package io.llmharness.client.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.EndpointType;
import io.llmharness.error.HarnessException;
import org.junit.jupiter.api.Test;

class BaseUrlTest {

    @Test
    void parsesTheUsualForms() {
        BaseUrl a = BaseUrl.parse("http://gpu-3:8000", "--api-server-url");
        assertThat(a).isEqualTo(new BaseUrl(false, "gpu-3", 8000, "", "http://gpu-3:8000"));
        assertThat(a.path(EndpointType.COMPLETIONS)).isEqualTo("/v1/completions");

        BaseUrl b = BaseUrl.parse("localhost:30000/", "x");
        assertThat(b.display()).isEqualTo("http://localhost:30000");
        assertThat(b.path(EndpointType.GENERATE)).isEqualTo("/generate");

        BaseUrl c = BaseUrl.parse("https://api.example.test/v1/", "x");
        assertThat(c.ssl()).isTrue();
        assertThat(c.port()).isEqualTo(443);
        assertThat(c.path(EndpointType.CHAT_COMPLETIONS)).as("no /v1/v1").isEqualTo("/v1/chat/completions");

        BaseUrl d = BaseUrl.parse("http://proxy:80/tenant-a", "x");
        assertThat(d.path(EndpointType.COMPLETIONS)).isEqualTo("/tenant-a/v1/completions");
    }

    @Test
    void badUrlsNameTheFlagAndHowToWriteIt() {
        assertThatThrownBy(() -> BaseUrl.parse("ftp://h:1", "--api-server-url"))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--api-server-url: 'ftp://h:1' is not a usable server URL (only http:// and https:// are "
                        + "supported); write it like http://localhost:8000");
        assertThatThrownBy(() -> BaseUrl.parse("http://", "k")).hasMessageContaining("not a usable server URL");
        assertThatThrownBy(() -> BaseUrl.parse("http:///v1", "k")).hasMessageContaining("no host");
        assertThatThrownBy(() -> BaseUrl.parse("http://h:1/?q=1", "k")).hasMessageContaining("query");
        assertThatThrownBy(() -> BaseUrl.parse("http://h h", "k")).isInstanceOf(HarnessException.class);
        assertThat(((HarnessException) catchConfig()).exitCode()).isEqualTo(3);
    }

    private static Throwable catchConfig() {
        try {
            BaseUrl.parse("", "k");
            return null;
        } catch (HarnessException e) {
            return e;
        }
    }
}
