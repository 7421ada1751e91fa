package io.llmharness.k8s.fake;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.http.ByteString;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * fabric8's mock API server in CRUD mode, plus what CRUD mode lacks and the launcher uses: pod logs (served from
 * {@link #logs}) and exec (run on this machine against a local directory that stands for the PVC, with the real
 * {@code tar}, streamed back over the exec web socket protocol: channel 1 stdout, 2 stderr, 3 exit status).
 */
public final class MockCluster implements AutoCloseable {

    private final Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
    private final KubernetesMockServer server;
    private final Path pvc;
    private final Map<String, String> logs = new ConcurrentHashMap<>();
    private final List<List<String>> execs = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();

    /** @param pvc the local directory standing for the PVC's root ({@code /requests} in pods) */
    public MockCluster(Path pvc) {
        this.pvc = pvc;
        KubernetesMixedDispatcher dispatcher = new KubernetesMixedDispatcher(responses) {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                requests.add(request.getMethod() + " " + request.getPath());
                String path = request.getPath();
                if (path.contains("/exec?")) {
                    return exec(path);
                }
                if (path.matches(".*/pods/[^/]+/log(\\?.*)?")) {
                    return log(path);
                }
                return super.dispatch(request);
            }
        };
        server = new KubernetesMockServer(
                new Context(Serialization.jsonMapper()), new MockWebServer(), responses, dispatcher, false);
        server.init();
    }

    /** A new client for the mock server (the launcher closes the one it gets). */
    public KubernetesClient client() {
        return server.createClient();
    }

    public KubernetesMockServer server() {
        return server;
    }

    /** Pod name → log text; {@code tailLines} is honoured. */
    public Map<String, String> logs() {
        return logs;
    }

    /** Every exec'd command line, in order. */
    public List<List<String>> execs() {
        return execs;
    }

    /** Every request as {@code METHOD path}, in order. */
    public List<String> requests() {
        return requests;
    }

    public Path pvc() {
        return pvc;
    }

    @Override
    public void close() {
        server.destroy();
    }

    private MockResponse log(String path) {
        String pod = path.replaceAll(".*/pods/([^/]+)/log.*", "$1");
        String text = logs.getOrDefault(pod, "");
        Map<String, List<String>> q = query(path);
        if (q.containsKey("tailLines")) {
            int n = Integer.parseInt(q.get("tailLines").get(0));
            List<String> lines = text.lines().toList();
            text = String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size())) + "\n";
        }
        return new MockResponse().setResponseCode(200).setBody(text);
    }

    private MockResponse exec(String path) {
        List<String> command = query(path).getOrDefault("command", List.of());
        execs.add(command);
        return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
            @Override
            public void onOpen(WebSocket ws, Response response) {
                Thread t = new Thread(() -> stream(ws, command), "mock-exec");
                t.setDaemon(true);
                t.start();
            }
        });
    }

    private void stream(WebSocket ws, List<String> command) {
        try {
            Result r = runLocally(command);
            byte[] out = r.stdout;
            for (int off = 0; off < out.length; off += 32 * 1024) {
                int len = Math.min(32 * 1024, out.length - off);
                ws.send(ByteString.of(channel(1, out, off, len)));
            }
            if (r.stderr.length > 0) {
                ws.send(ByteString.of(channel(2, r.stderr, 0, r.stderr.length)));
            }
            byte[] status = statusJson(r.exitCode).getBytes(StandardCharsets.UTF_8);
            ws.send(ByteString.of(channel(3, status, 0, status.length)));
        } catch (IOException | InterruptedException e) {
            byte[] msg = e.toString().getBytes(StandardCharsets.UTF_8);
            ws.send(ByteString.of(channel(2, msg, 0, msg.length)));
            byte[] status = statusJson(126).getBytes(StandardCharsets.UTF_8);
            ws.send(ByteString.of(channel(3, status, 0, status.length)));
        }
        ws.close(1000, "done");
    }

    private record Result(byte[] stdout, byte[] stderr, int exitCode) {}

    /** {@code ls -1 -A /requests} and {@code tar -cf - -C /requests names...}, with /requests mapped to the PVC dir. */
    private Result runLocally(List<String> command) throws IOException, InterruptedException {
        if (command.size() == 4 && command.get(0).equals("ls") && command.get(3).equals("/requests")) {
            StringBuilder sb = new StringBuilder();
            try (Stream<Path> s = Files.list(pvc)) {
                s.map(p -> p.getFileName().toString())
                        .sorted()
                        .forEach(n -> sb.append(n).append('\n'));
            }
            return new Result(sb.toString().getBytes(StandardCharsets.UTF_8), new byte[0], 0);
        }
        if (command.size() >= 5
                && command.get(0).equals("tar")
                && command.get(4).equals("/requests")) {
            List<String> local = new ArrayList<>(command);
            local.set(4, pvc.toString());
            Process p = new ProcessBuilder(local).start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread drain = new Thread(() -> {
                try (InputStream e = p.getErrorStream()) {
                    e.transferTo(err);
                } catch (IOException ignored) {
                    // the exit code tells
                }
            });
            drain.start();
            byte[] out = p.getInputStream().readAllBytes();
            int code = p.waitFor();
            drain.join();
            return new Result(out, err.toByteArray(), code);
        }
        return new Result(
                new byte[0], ("mock exec: unsupported command " + command).getBytes(StandardCharsets.UTF_8), 127);
    }

    private static byte[] channel(int ch, byte[] data, int off, int len) {
        byte[] b = new byte[len + 1];
        b[0] = (byte) ch;
        System.arraycopy(data, off, b, 1, len);
        return b;
    }

    private static String statusJson(int exitCode) {
        StatusBuilder b = new StatusBuilder().withStatus(exitCode == 0 ? "Success" : "Failure");
        if (exitCode != 0) {
            b.withReason("NonZeroExitCode")
                    .withNewDetails()
                    .addNewCause()
                    .withReason("ExitCode")
                    .withMessage(Integer.toString(exitCode))
                    .endCause()
                    .endDetails();
        }
        return Serialization.asJson(b.build());
    }

    private static Map<String, List<String>> query(String path) {
        Map<String, List<String>> q = new HashMap<>();
        int i = path.indexOf('?');
        if (i < 0) {
            return q;
        }
        for (String kv : path.substring(i + 1).split("&")) {
            int eq = kv.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8);
            q.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
        }
        return q;
    }
}
