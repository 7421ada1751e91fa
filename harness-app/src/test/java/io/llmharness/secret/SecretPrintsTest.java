package io.llmharness.secret;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SecretPrints}: values found again by their fingerprints only, also after a round trip through JSON. */
class SecretPrintsTest {

    private static final String KEY = "sk-live-7f3a9c2e11";
    private static final String TOKEN = "hf_Qx81LmZpw";

    @Test
    void everyOccurrenceOfAFingerprintedValueIsRedactedAndNothingElse() {
        SecretPrints p = SecretPrints.of(List.of(KEY, TOKEN));
        assertThat(p.redact("args: --api-key " + KEY + " --port 8000"))
                .isEqualTo("args: --api-key <redacted> --port 8000");
        assertThat(p.redact(KEY + "," + KEY)).isEqualTo("<redacted>,<redacted>");
        assertThat(p.redact("HF_TOKEN=" + TOKEN)).isEqualTo("HF_TOKEN=<redacted>");
        assertThat(p.redact("key " + KEY.substring(0, KEY.length() - 1) + "X"))
                .as("a near miss stays")
                .isEqualTo("key " + KEY.substring(0, KEY.length() - 1) + "X");
        assertThat(p.redact("short")).isEqualTo("short");
        assertThat(p.redact("")).isEmpty();
    }

    @Test
    void theFingerprintsHoldNoValueAndSurviveJson() throws Exception {
        ObjectMapper json = new ObjectMapper();
        String text = json.writeValueAsString(SecretPrints.of(List.of(KEY, TOKEN, "abc")));
        assertThat(text).doesNotContain(KEY, TOKEN);
        SecretPrints back = json.readValue(text, SecretPrints.class);
        assertThat(back.prints())
                .as("values shorter than the search minimum are left out")
                .hasSize(2);
        assertThat(back.redact("x" + TOKEN + "y" + KEY)).isEqualTo("x<redacted>y<redacted>");
    }

    @Test
    void aNonAsciiValueIsFoundInTextReadByteForByte() {
        String value = "pässwörd-42";
        String line = new String(("pw=" + value).getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertThat(SecretPrints.of(List.of(value)).redact(line)).isEqualTo("pw=<redacted>");
    }

    @Test
    void noFingerprintsStillRedactsUrlPasswords() {
        assertThat(SecretPrints.of(List.of()).redact("http://u:pw1234@host/")).isEqualTo("http://u:<redacted>@host/");
    }
}
