package io.llmharness.workload.nop;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The hand-written vLLM logs under {@code src/test/resources/nop/}. */
final class Fixtures {

    /** V1 engine, TP 1, DEBUG level, a GPU scenario block, one sleep/wake cycle (vLLM 0.10.1.1). */
    static final String V1_DEBUG = "vllm-v1-debug.txt";
    /** V1 engine, TP 2 with worker processes, INFO level only (vLLM 0.9.2). */
    static final String TP2_INFO = "vllm-tp2-info.txt";
    /** A tensorizer pre-serialisation run, then the measured start-up. */
    static final String TENSORIZER = "vllm-tensorizer-preserialize.txt";

    private Fixtures() {}

    static List<String> lines(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/nop/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource nop/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static VllmLog log(String name) {
        return VllmLog.parse(lines(name), 2026);
    }

    static ServerLoad server(String name) {
        return ServerLogParser.parse(NopHarness.SERVER_NAME, name, log(name));
    }

    /** Copies a fixture to {@code dir} as {@code server.log}. */
    static Path copy(String name, Path dir) throws IOException {
        return Files.write(dir.resolve("server.log"), lines(name));
    }
}
