package io.llmharness.submission;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The official truncation tool's behaviour: hash of the whole log appended, then 4096 + marker + 4096 bytes. */
class AccuracyLogTruncationTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    @Test
    void aLargeLogIsHashedWholeThenCut() throws Exception {
        String head = "[\n" + "A".repeat(4094);
        String middle = "B".repeat(5000);
        String tail = "C".repeat(4093) + "\n]\n";
        Path log = write("log.json", head + middle + tail);
        Path txt = write("accuracy.txt", "\nResults\n\n{'rouge1': 44.5}\n");
        String expectedHash = AccuracyLogTruncation.sha256(log);

        assertThat(AccuracyLogTruncation.apply(txt, log)).isEqualTo(expectedHash);

        assertThat(Files.readString(txt)).isEqualTo("\nResults\n\n{'rouge1': 44.5}\n\nhash=" + expectedHash + "\n");
        assertThat(Files.readString(log)).isEqualTo(head + "\n\n...\n\n" + tail);
        assertThat(Files.size(log)).isEqualTo(8199);
    }

    @Test
    void aTest07OrTest09LogGetsAnAccuracyTxtOfItsHashAlone() throws Exception {
        String head = "[\n" + "A".repeat(4094);
        String tail = "C".repeat(4093) + "\n]\n";
        Path log = write("log.json", head + "B".repeat(3000) + tail);
        Path txt = dir.resolve("accuracy.txt");
        String expectedHash = AccuracyLogTruncation.sha256(log);

        assertThat(AccuracyLogTruncation.applyCompliance(txt, log)).isEqualTo(expectedHash);

        assertThat(Files.readString(txt)).isEqualTo("hash=" + expectedHash + "\n");
        assertThat(Files.readString(log)).isEqualTo(head + "\n\n...\n\n" + tail);
    }

    @Test
    void aLogUnder4096BytesStaysWhole() throws Exception {
        Path log = write("log.json", "[\n]\n");
        Path txt = write("accuracy.txt", "{'rouge1': 44.5}");
        // sha256 of the 4 bytes "[\n]\n" (an empty LoadGen accuracy log)
        String hash = AccuracyLogTruncation.sha256(log);
        assertThat(hash).hasSize(64).matches("[0-9a-f]+");
        AccuracyLogTruncation.apply(txt, log);
        assertThat(Files.readString(log)).isEqualTo("[\n]\n");
        assertThat(Files.readString(txt)).isEqualTo("{'rouge1': 44.5}\nhash=" + hash + "\n");
    }

    @Test
    void anAlreadyHashedSmallLogIsLeftAlone() throws Exception {
        Path log = write("log.json", "x".repeat(8199));
        Path txt = write("accuracy.txt", "{'rouge1': 44.5}\n\nhash=abc123\n");
        assertThat(AccuracyLogTruncation.apply(txt, log)).isNull();
        assertThat(Files.readString(txt)).isEqualTo("{'rouge1': 44.5}\n\nhash=abc123\n");
        assertThat(Files.size(log)).isEqualTo(8199);
    }

    @Test
    void sha256MatchesAKnownDigest() throws Exception {
        // SHA-256("abc"), FIPS 180-2 appendix B.1
        assertThat(AccuracyLogTruncation.sha256(write("abc", "abc")))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
