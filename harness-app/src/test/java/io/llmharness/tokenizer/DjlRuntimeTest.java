package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DjlRuntimeTest {

    @Test
    void cacheIsUnderTheUsersCacheNeverTheWorkingDirectory() {
        Path home = Path.of("/home/u");
        assertThat(DjlRuntime.cacheDir(Map.of(), home)).isEqualTo(home.resolve(".cache/llm-harness/djl"));
        assertThat(DjlRuntime.cacheDir(Map.of("XDG_CACHE_HOME", "/c"), home)).isEqualTo(Path.of("/c/llm-harness/djl"));
    }

    @Test
    void unwritableCacheFallsBackToTheTemporaryDirectory(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-folder"), "x");
        assertThat(DjlRuntime.writable(tmp.resolve("djl")))
                .isEqualTo(tmp.resolve("djl"))
                .isDirectory();
        assertThat(DjlRuntime.writable(file.resolve("djl")))
                .isEqualTo(Path.of(
                        System.getProperty("java.io.tmpdir"), "llm-harness-" + System.getProperty("user.name"), "djl"));
    }

    @Test
    void djlIsOfflineAndNeverWritesIntoTheWorkingDirectory() throws Exception {
        HfTokenizer.load(RealTokenizerFiles.llama3(), "--tokenizer", "given path")
                .close();
        assertThat(System.getProperty("ai.djl.offline")).isEqualTo("true");
        assertThat(System.getProperty("OPT_OUT_TRACKING")).isEqualTo("true");
        Path cache = Path.of(System.getProperty("DJL_CACHE_DIR"));
        assertThat(cache).isAbsolute();
        assertThat(cache.startsWith(Path.of("").toAbsolutePath()))
                .as(cache.toString())
                .isFalse();
        assertThat(Path.of(".djl.ai")).doesNotExist();
    }
}
