package io.llmharness.k8s.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Archives written by this machine's {@code tar} in its formats, and hand-made bad ones. */
class TarExtractorTest {

    @TempDir
    Path tmp;

    /** Under ustar's 100-byte name field, while the whole path is over it: ustar's prefix, GNU 'L', pax 'path'. */
    private static final String LONG = "stage_0_lifecycle_metrics_with_a_name_long_enough_for_long_path_records.json";

    private Path tree() throws IOException {
        Path src = tmp.resolve("src");
        Path run = src.resolve("inference-perf_1_x_0").resolve("20261126-100000-bench-inference-perf-sanity_random");
        Files.createDirectories(run.resolve("per_stage"));
        Files.writeString(run.resolve("summary.json"), "{\"ok\": true}\n");
        Files.writeString(run.resolve("per_stage").resolve(LONG), "x".repeat(70_000));
        Files.write(run.resolve("empty.csv"), new byte[0]);
        return src;
    }

    private byte[] tar(Path src, String... format) throws IOException, InterruptedException {
        String[] cmd = new String[format.length + 6];
        cmd[0] = "tar";
        System.arraycopy(format, 0, cmd, 1, format.length);
        System.arraycopy(
                new String[] {"-cf", "-", "-C", src.toString(), "inference-perf_1_x_0"}, 0, cmd, 1 + format.length, 5);
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).isZero();
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "--format=gnu", "--format=pax", "--format=ustar"})
    void everyFileArrivesWithItsContent(String format) throws Exception {
        Path src = tree();
        byte[] archive = format.isEmpty() ? tar(src) : tar(src, format);

        TarExtractor.Stats stats = TarExtractor.extract(new ByteArrayInputStream(archive), tmp.resolve("out"));

        Path run = tmp.resolve("out/inference-perf_1_x_0/20261126-100000-bench-inference-perf-sanity_random");
        assertThat(run.resolve("summary.json")).hasContent("{\"ok\": true}");
        assertThat(Files.size(run.resolve("per_stage").resolve(LONG))).isEqualTo(70_000);
        assertThat(run.resolve("empty.csv")).isEmptyFile();
        assertThat(stats.files()).isEqualTo(3);
        assertThat(stats.bytes()).isEqualTo(70_000 + 13);
    }

    @Test
    void aStreamThatArrivesInDribsAndDrabsGivesTheSameFiles() throws Exception {
        byte[] archive = tar(tree());
        InputStream dribble = new ByteArrayInputStream(archive) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 7));
            }
        };

        TarExtractor.Stats stats = TarExtractor.extract(dribble, tmp.resolve("out"));

        assertThat(stats.files()).isEqualTo(3);
    }

    @Test
    void aNameThatClimbsOutStopsTheExtraction() {
        byte[] archive = oneFile("../evil.txt", "boom");

        assertThatThrownBy(() -> TarExtractor.extract(new ByteArrayInputStream(archive), tmp.resolve("out")))
                .isInstanceOf(IOException.class)
                .hasMessage("unsafe entry name in the results archive: ../evil.txt");
        assertThat(tmp.resolve("evil.txt")).doesNotExist();
    }

    @Test
    void anAbsoluteNameStopsTheExtraction() {
        assertThatThrownBy(() ->
                        TarExtractor.extract(new ByteArrayInputStream(oneFile("/etc/passwd", "x")), tmp.resolve("out")))
                .hasMessageContaining("unsafe entry name");
    }

    @Test
    void aCutStreamIsAnErrorNotASilentlyShortFile() throws Exception {
        byte[] archive = tar(tree());
        byte[] cut = Arrays.copyOf(archive, 512 * 6 + 100);

        assertThatThrownBy(() -> TarExtractor.extract(new ByteArrayInputStream(cut), tmp.resolve("out")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("tar stream ends");
    }

    @Test
    void somethingThatIsNotTarSaysSo() {
        byte[] junk = "harness: command not found\n".repeat(40).getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> TarExtractor.extract(new ByteArrayInputStream(junk), tmp.resolve("out")))
                .hasMessageContaining("not a tar stream");
    }

    @Test
    void anEmptyStreamIsAnEmptyArchive() throws IOException {
        assertThat(TarExtractor.extract(InputStream.nullInputStream(), tmp.resolve("out"))
                        .files())
                .isZero();
    }

    /** A one-file ustar archive with any name (tar itself refuses to write unsafe names). */
    private static byte[] oneFile(String name, String content) {
        byte[] data = content.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[512 + 512 + 1024];
        byte[] h = new byte[512];
        put(h, 0, name);
        put(h, 100, "0000644");
        put(h, 108, "0000000");
        put(h, 116, "0000000");
        put(h, 124, String.format("%011o", data.length));
        put(h, 136, "00000000000");
        h[156] = '0';
        put(h, 257, "ustar");
        put(h, 263, "00");
        Arrays.fill(h, 148, 156, (byte) ' ');
        int sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, String.format("%06o", sum));
        h[154] = 0;
        System.arraycopy(h, 0, out, 0, 512);
        System.arraycopy(data, 0, out, 512, data.length);
        return out;
    }

    private static void put(byte[] h, int off, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, h, off, b.length);
    }
}
