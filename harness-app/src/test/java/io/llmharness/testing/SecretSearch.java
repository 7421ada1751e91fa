package io.llmharness.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Searches a run directory and what the run printed for secrets that must appear in neither. */
public final class SecretSearch {

    private SecretSearch() {}

    /**
     * Fails when any file below {@code runDir} (read byte for byte, so binary files count too) or {@code terminal}
     * holds one of {@code secrets}, or when {@code runDir} lacks one of {@code mustHold} (so that an empty directory
     * cannot pass).
     */
    public static void assertNowhere(Path runDir, List<String> mustHold, String terminal, String... secrets) {
        List<Path> files;
        try (Stream<Path> s = Files.walk(runDir)) {
            files = s.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).containsAll(mustHold);
        for (Path f : files) {
            String content;
            try {
                content = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (String secret : secrets) {
                assertThat(content).as("%s holds a secret", f).doesNotContain(secret);
            }
        }
        for (String secret : secrets) {
            assertThat(terminal).as("the terminal output holds a secret").doesNotContain(secret);
        }
    }
}
