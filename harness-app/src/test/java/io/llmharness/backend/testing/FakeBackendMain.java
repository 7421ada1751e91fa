package io.llmharness.backend.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for {@code vllm serve} / {@code python -m sglang.launch_server} in lifecycle tests, run in a
 * child JVM through the script {@link FakeBackend#writeLauncher} writes. It accepts the real command lines
 * (it only reads {@code --host}, {@code --port}, {@code --served-model-name} and the model) and is steered by
 * environment variables:
 *
 * <ul>
 *   <li>{@code FAKE_MODE}: {@code ready} (default), {@code exit} (exit during start-up), {@code never-ready}
 *       ({@code /health} always 503), {@code crash-after} (exits once the file {@code FAKE_CRASH_WHEN} exists:
 *       the test creates it when the harness has seen the server ready, so the crash never races the start-up);
 *   <li>{@code FAKE_EXIT_CODE} (default 3), {@code FAKE_START_DELAY_MS} (port closed: connection refused),
 *       {@code FAKE_WARMUP_503_MS} (listening, {@code /health} 503 like SGLang's warm-up),
 *       {@code FAKE_UNHEALTHY_WHEN} (a file: {@code /health} answers 503 from when it exists);
 *   <li>{@code FAKE_CHILDREN=N}: N worker children in the same group that survive a SIGKILL of this process;
 *       {@code FAKE_ESCAPING_CHILD=1}: one child in a session of its own (escapes the group);
 *       {@code FAKE_STUBBORN_CHILD=1}: one child that ignores SIGTERM; {@code FAKE_IGNORE_TERM=1}: this
 *       process ignores SIGTERM;
 *   <li>{@code FAKE_PROFILE=1}: {@code /start_profile} and {@code /stop_profile} answer 200 (else 404), the
 *       latter after {@code FAKE_STOP_PROFILE_DELAY_MS};
 *   <li>{@code FAKE_ARGS_FILE}: write the command-line arguments there, one per line;
 *   <li>{@code FAKE_ECHO=NAME,...}: print the command line and these environment variables to the log at start (as
 *       vLLM prints its non-default arguments), secrets and all.
 * </ul>
 */
public final class FakeBackendMain {

    private FakeBackendMain() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        String mode = env.getOrDefault("FAKE_MODE", "ready");
        String host = value(args, "--host", "127.0.0.1");
        int port = Integer.parseInt(value(args, "--port", "8000"));
        String model = model(args);
        String served = value(args, "--served-model-name", model);
        if (env.containsKey("FAKE_ARGS_FILE")) {
            Files.write(Path.of(env.get("FAKE_ARGS_FILE")), List.of(args));
        }
        if (env.containsKey("FAKE_IGNORE_TERM")) {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), s -> System.out.println("fake: ignoring SIGTERM"));
        }
        if (env.containsKey("FAKE_ECHO")) {
            System.out.println("fake: args: " + String.join(" ", args));
            for (String name : env.get("FAKE_ECHO").split(",")) {
                System.out.println("fake: env " + name + "=" + env.get(name));
            }
        }
        System.out.println("fake: starting model " + model + " on " + host + ":" + port + " mode " + mode);
        List<Process> children = spawnChildren(env);
        System.out.println("fake: spawned " + children.size() + " worker(s)");
        sleep(num(env, "FAKE_START_DELAY_MS", 0));
        if (mode.equals("exit")) {
            System.out.println("fake: RuntimeException: CUDA out of memory (simulated)");
            System.out.flush();
            System.exit((int) num(env, "FAKE_EXIT_CODE", 3));
        }
        long listenAt = System.currentTimeMillis();
        long warm = num(env, "FAKE_WARMUP_503_MS", 0);
        Path unhealthyWhen = env.containsKey("FAKE_UNHEALTHY_WHEN") ? Path.of(env.get("FAKE_UNHEALTHY_WHEN")) : null;
        boolean profile = env.containsKey("FAKE_PROFILE");
        HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 64);
        http.createContext("/health", ex -> {
            long age = System.currentTimeMillis() - listenAt;
            boolean bad =
                    mode.equals("never-ready") || age < warm || (unhealthyWhen != null && Files.exists(unhealthyWhen));
            reply(ex, bad ? 503 : 200, "");
        });
        http.createContext(
                "/v1/models",
                ex -> reply(
                        ex,
                        200,
                        "{\"object\":\"list\",\"data\":[{\"id\":\"" + served + "\",\"object\":\"model\",\"root\":\""
                                + model + "\",\"max_model_len\":4096}]}"));
        http.createContext("/start_profile", ex -> reply(ex, profile ? 200 : 404, ""));
        http.createContext("/stop_profile", ex -> {
            sleep(num(env, "FAKE_STOP_PROFILE_DELAY_MS", 0));
            reply(ex, profile ? 200 : 404, "");
        });
        http.start();
        System.out.println("fake: Application startup complete.");
        if (mode.equals("crash-after")) {
            Path crashWhen = Path.of(env.get("FAKE_CRASH_WHEN"));
            while (!Files.exists(crashWhen)) {
                sleep(20);
            }
            System.out.println("fake: engine core died (simulated)");
            System.out.flush();
            Runtime.getRuntime().halt((int) num(env, "FAKE_EXIT_CODE", 3));
        }
        Thread.currentThread().join();
    }

    private static List<Process> spawnChildren(Map<String, String> env) throws IOException {
        List<Process> out = new ArrayList<>();
        for (int i = 0; i < num(env, "FAKE_CHILDREN", 0); i++) {
            out.add(new ProcessBuilder("sleep", "86400").inheritIO().start());
        }
        if (env.containsKey("FAKE_ESCAPING_CHILD")) {
            out.add(new ProcessBuilder("setsid", "sleep", "86400").inheritIO().start());
        }
        if (env.containsKey("FAKE_STUBBORN_CHILD")) {
            out.add(new ProcessBuilder("bash", "-c", "trap '' TERM; while :; do sleep 1; done")
                    .inheritIO()
                    .start());
        }
        return out;
    }

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
        if (b.length > 0) {
            try (OutputStream os = ex.getResponseBody()) {
                os.write(b);
            }
        }
        ex.close();
    }

    private static String value(String[] args, String flag, String dflt) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(flag)) {
                return args[i + 1];
            }
        }
        return dflt;
    }

    private static String model(String[] args) {
        if (args.length > 1 && args[0].equals("serve") && !args[1].startsWith("--")) {
            return args[1];
        }
        return value(args, "--model-path", value(args, "--model", "unknown"));
    }

    private static long num(Map<String, String> env, String name, long dflt) {
        String v = env.get(name);
        return v == null ? dflt : Long.parseLong(v);
    }

    private static void sleep(long ms) {
        if (ms <= 0) {
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
