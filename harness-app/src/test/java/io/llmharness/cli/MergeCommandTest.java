package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code harness merge} given no shards: one line naming the directory or flag, and nothing written. */
class MergeCommandTest {

    @TempDir
    Path tmp;

    private record Run(int exit, String out, String err) {}

    private Run merge(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(o, true));
        cl.setErr(new PrintWriter(e, true));
        int code = cl.execute(Stream.concat(Stream.of("merge"), Stream.of(args)).toArray(String[]::new));
        return new Run(code, o.toString(), e.toString());
    }

    @Test
    void aMissingDirectoryOrOneWithoutShardsIsOneLineNamingIt() throws IOException {
        Path nothing = tmp.resolve("nothing");
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path out = tmp.resolve("out");
        for (var c : List.of(
                List.of(nothing.toString(), nothing + " is not a directory"),
                List.of(empty.toString(), empty + " holds no shard.json"))) {
            Run r = merge(c.get(0), "--output-dir", out.toString());
            assertThat(r.exit()).as(r.err()).isEqualTo(ExitCodes.INVALID_CONFIG);
            assertThat(r.err().lines().toList()).hasSize(1);
            assertThat(r.err()).contains(c.get(1)).doesNotContain("Exception");
        }
        assertThat(out).doesNotExist();
    }

    @Test
    void aShardWithoutItsSummaryNamesTheFile() throws IOException {
        Path shard = Files.createDirectories(tmp.resolve("shard0"));
        Files.writeString(shard.resolve("shard.json"), "{\"index\":0,\"count\":1}");
        Run r = merge(shard.toString(), "--output-dir", tmp.resolve("out").toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).contains(shard.resolve("summary.json").toString());
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertThat(merge().exit()).isEqualTo(ExitCodes.USAGE);
        Run r = merge(tmp.toString(), "--max-clock-offset-ms", "-5");
        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--max-clock-offset-ms");
    }
}
