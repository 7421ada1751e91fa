package io.llmharness.report.browser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's chromium, headless and kept off the network (no background networking, component updates, sync, QUIC
 * or first-run work, a fresh profile), with the DevTools endpoint on an ephemeral loopback port.
 */
final class HeadlessChromium implements AutoCloseable {

    static final List<String> OFFLINE_FLAGS = List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            "--disable-extensions",
            "--disable-default-apps",
            "--hide-scrollbars",
            "--mute-audio");

    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private final Process process;
    private final URI endpoint;
    private final StringBuffer stderr;

    private HeadlessChromium(Process process, URI endpoint, StringBuffer stderr) {
        this.process = process;
        this.endpoint = endpoint;
        this.stderr = stderr;
    }

    /** The chromium binary: {@code $CHROMIUM}, else the first of chromium, chromium-browser, google-chrome on PATH. */
    static Optional<Path> find() {
        String env = System.getenv("CHROMIUM");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Optional.of(Path.of(env));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : path.split(":")) {
                Path p = Path.of(dir, name);
                if (!dir.isEmpty() && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The chromium binary, installed first when missing: {@code scripts/test-deps.sh} runs {@code apt-get install
     * -y chromium} (as root or through {@code sudo -n}). Fails the test with what to run when it cannot be had;
     * {@code -Dharness.browser=skip} skips browser tests instead (a machine that cannot have a browser).
     */
    static Path findOrInstall(Duration timeout) throws Exception {
        Assumptions.assumeFalse(
                "skip".equals(System.getProperty("harness.browser")), "-Dharness.browser=skip: no browser tests");
        Optional<Path> found = find();
        if (found.isPresent()) {
            return found.get();
        }
        Path script = installScript();
        String log = "";
        if (script != null) {
            Path out = Files.createTempFile("test-deps", ".log");
            Process p = new ProcessBuilder(script.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                destroy(p);
            }
            log = Files.readString(out, StandardCharsets.UTF_8).strip();
            Files.delete(out);
        }
        String why = log.isEmpty() ? "" : " (" + log + ")";
        return find().orElseThrow(
                        () -> new AssertionError("chromium is needed to check report.html and could not be installed"
                                + why
                                + ": run apt-get install -y chromium (or set $CHROMIUM), or skip browser tests with"
                                + " -Dharness.browser=skip"));
    }

    /** scripts/test-deps.sh of the checkout the tests run in (the working directory is a module folder). */
    private static Path installScript() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path s = d.resolve("scripts/test-deps.sh");
            if (Files.isExecutable(s)) {
                return s;
            }
        }
        return null;
    }

    static HeadlessChromium start(Path binary, Path profile, Duration timeout) throws Exception {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(binary.toString());
        cmd.addAll(OFFLINE_FLAGS);
        cmd.add("--user-data-dir=" + profile);
        cmd.add("--remote-debugging-address=127.0.0.1");
        cmd.add("--remote-debugging-port=0");
        cmd.add("about:blank");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        StringBuffer err = new StringBuffer();
        CompletableFuture<URI> ws = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            err.append(line).append('\n');
                            Matcher m = LISTENING.matcher(line);
                            if (m.find()) {
                                ws.complete(URI.create(m.group(1)));
                            }
                        }
                    } catch (IOException e) {
                        ws.completeExceptionally(e);
                    }
                    ws.completeExceptionally(new IOException("chromium exited: " + err));
                },
                "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            return new HeadlessChromium(p, ws.get(timeout.toMillis(), TimeUnit.MILLISECONDS), err);
        } catch (Exception e) {
            destroy(p);
            throw new IllegalStateException("chromium did not start: " + e + "\n" + err, e);
        }
    }

    URI endpoint() {
        return endpoint;
    }

    String stderr() {
        return stderr.toString();
    }

    @Override
    public void close() {
        destroy(process);
    }

    private static void destroy(Process p) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
