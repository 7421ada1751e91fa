package io.llmharness.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.fixtures.GoldenCase;
import io.llmharness.loadgen.fixtures.Run;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our own snapshot, not a reference: the whole summary, detail and accuracy logs the Java LoadGen writes for each
 * {@link GoldenCase} on the virtual clock, byte for byte (detail log with file, line, pid, tid, build dates and
 * class hashes masked). It catches any unintended change in the figures and their formatting, which
 * {@link CppLoadGenGoldenTest} cannot pin because the C++ reference ran on the real clock. After an intended
 * change, rewrite the files with {@code -Dgolden.update=<absolute path of src/test/resources/snapshot>}; that
 * flag never touches the C++ LoadGen goldens in {@code golden/}.
 */
class JavaLogSnapshotTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(GoldenCase.class)
    void logsMatchTheSnapshot(GoldenCase c) throws IOException {
        Run run = c.run(dir, false).run();
        String summary = run.summary();
        String detail = mask(run.detail());
        String accuracy = run.accuracy();
        String update = System.getProperty("golden.update");
        if (update != null) {
            Path folder = Files.createDirectories(Path.of(update, c.fileName()));
            Files.writeString(folder.resolve("mlperf_log_summary.txt"), summary);
            Files.writeString(folder.resolve("mlperf_log_detail.txt"), detail);
            Files.writeString(folder.resolve("mlperf_log_accuracy.json"), accuracy);
        }
        assertThat(summary).isEqualTo(snapshot(c, "mlperf_log_summary.txt"));
        assertThat(detail).isEqualTo(snapshot(c, "mlperf_log_detail.txt"));
        assertThat(accuracy).isEqualTo(snapshot(c, "mlperf_log_accuracy.json"));
        assertThat(run.trace()).isEmpty();
    }

    static String mask(String detail) {
        return detail.replaceAll(
                        "\"file\": \"[^\"]*\", \"line_no\": \\d+, \"pid\": \\d+, \"tid\": \\d+",
                        "\"file\": \"F\", \"line_no\": 0, \"pid\": 0, \"tid\": 0")
                .replaceAll("(\"key\": \"loadgen_build_date_(local|utc)\", \"value\": )\"[^\"]*\"", "$1\"D\"")
                .replaceAll("(\"key\": \"loadgen_file_sha1\", \"value\": )\\{[^}]*}", "$1{}");
    }

    private static String snapshot(GoldenCase c, String file) throws IOException {
        String path = "/snapshot/" + c.fileName() + "/" + file;
        try (InputStream in = JavaLogSnapshotTest.class.getResourceAsStream(path)) {
            assertThat(in).as("snapshot file %s", path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
