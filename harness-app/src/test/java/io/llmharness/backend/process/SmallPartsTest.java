package io.llmharness.backend.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.process.GpuMemoryCheck.GpuProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallPartsTest {

    @TempDir
    Path dir;

    @Test
    void parsesNvidiaSmiComputeApps() {
        List<GpuProcess> p = GpuMemoryCheck.parse("1234, 40536\n5678, 512\nNo running processes found\n[N/A], 1\n");
        assertThat(p).containsExactly(new GpuProcess(1234, 40536), new GpuProcess(5678, 512));
        assertThat(GpuMemoryCheck.heldBy(p, Set.of(5678L, 9L))).containsExactly(new GpuProcess(5678, 512));
    }

    @Test
    void logTailReturnsTheLastNonBlankLines() throws IOException {
        Path log = dir.resolve("server.log");
        String body = IntStream.rangeClosed(1, 5000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
        Files.writeString(log, body + "\n\n");
        assertThat(LogTail.lastLines(log, 3)).containsExactly("line 4998", "line 4999", "line 5000");
        assertThat(LogTail.oneLine(log, 2)).isEqualTo("line 4999 | line 5000");
        assertThat(LogTail.lastLines(dir.resolve("missing.log"), 3)).isEmpty();
        Files.writeString(log, "");
        assertThat(LogTail.oneLine(log, 2)).isEqualTo("(log is empty)");
    }

    @Test
    void portProbeSeesListeners() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            assertThat(Ports.isFree("127.0.0.1", s.getLocalPort())).isFalse();
            assertThat(Ports.awaitFree("127.0.0.1", s.getLocalPort(), Duration.ofMillis(200)))
                    .isFalse();
        }
    }
}
