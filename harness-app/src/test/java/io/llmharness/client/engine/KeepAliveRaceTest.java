package io.llmharness.client.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.Transcripts;
import io.llmharness.client.fixture.Captured;
import io.llmharness.client.fixture.ClientRig;
import io.llmharness.client.record.RequestRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The keep-alive race: a server closes a kept-alive connection at the moment the client reuses it (its idle timer
 * fired as the request arrived), so the request is written and then met by a reset, unanswered. The client sends it
 * once more on a new connection and counts it; no request fails.
 */
class KeepAliveRaceTest {

    @RegisterExtension
    static final ClientRig rig = new ClientRig();

    /** The server's keep-alive idle time. */
    private static final long IDLE_MS = 40;

    @Test
    void aConnectionClosedAsItIsReusedIsRetriedOnceOnANewOneAndNothingFails() throws Exception {
        try (IdleClosingServer server = new IdleClosingServer(IDLE_MS)) {
            LlmClient client = rig.client(ClientOptions.builder()
                    .baseUrls(server.url())
                    .endpointType(EndpointType.COMPLETIONS)
                    .api(ApiSettings.of("m", SamplingParams.SERVER_DEFAULTS.withMaxTokens(8)))
                    .maxInFlight(4)
                    .eventLoops(2)
                    .build());
            List<CompletableFuture<List<RequestRecord>>> streams = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                long seed = s;
                // four senders, each waiting a gap from 0 to 1.25 x the idle time after each answer: many requests
                // reuse a connection as the server gives it up
                streams.add(CompletableFuture.supplyAsync(() -> sender(client, seed, 30)));
            }
            List<RequestRecord> all = new ArrayList<>();
            for (CompletableFuture<List<RequestRecord>> f : streams) {
                all.addAll(f.join());
            }
            long stale = client.endpointStats().get(0).staleRetries();
            assertThat(server.resetOnArrival())
                    .as("the server closed connections as requests arrived (the race happened)")
                    .isPositive();
            assertThat(all.stream().filter(r -> !r.ok()).map(r -> r.outcome() + " after " + r.retries() + " retries"))
                    .as("failed requests (%d stale retries)", stale)
                    .isEmpty();
            assertThat(all).allMatch(r -> r.retries() <= 1);
            assertThat(all.stream().mapToLong(RequestRecord::retries).sum())
                    .as("every retry counted")
                    .isEqualTo(stale);
            assertThat(stale)
                    .as("each request met by a reset was retried")
                    .isGreaterThanOrEqualTo(server.resetOnArrival());
            assertThat(client.endpointStats().get(0).failures()).isZero();
        }
    }

    private static List<RequestRecord> sender(LlmClient client, long seed, int n) {
        Random gaps = new Random(seed);
        List<RequestRecord> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Captured c = new Captured();
            client.submit(ClientRequest.of(new Prompt.TokenIds(new int[] {1, 2, 3}), false, c));
            out.add(c.await().record());
            // the gap is the load's shape (when the next request goes), not a wait for an event
            LockSupport.parkNanos((long) (gaps.nextDouble() * 1.25 * IDLE_MS * 1_000_000L));
        }
        return out;
    }

    /**
     * A loopback HTTP/1.1 server with a keep-alive idle time: it answers the first request of a connection at once;
     * the next one is answered when it comes within 80 % of the idle time, met by a reset (no answer) when it comes
     * in the last 20 % (the idle timer fired as it arrived), and the connection is closed when nothing comes.
     */
    private static final class IdleClosingServer implements AutoCloseable {
        private final ServerSocket socket;
        private final long idleMs;
        private final byte[] body = Transcripts.load("vllm-completions.json");
        private final AtomicInteger resets = new AtomicInteger();
        private final Thread acceptor;

        IdleClosingServer(long idleMs) throws IOException {
            this.idleMs = idleMs;
            socket = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
            acceptor = new Thread(this::accept, "idle-closing-server");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }

        int resetOnArrival() {
            return resets.get();
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    Thread t = new Thread(() -> serve(s), "idle-closing-connection");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        private void serve(Socket s) {
            try (s) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                boolean first = true;
                while (true) {
                    long idleFrom = System.nanoTime();
                    s.setSoTimeout(first ? 10_000 : (int) idleMs);
                    int b;
                    try {
                        b = in.read();
                    } catch (SocketTimeoutException e) {
                        return; // idle: closed with a FIN
                    }
                    if (b < 0) {
                        return;
                    }
                    if (!first && System.nanoTime() - idleFrom > idleMs * 800_000L) {
                        resets.incrementAndGet();
                        s.setSoLinger(true, 0); // closed with unread bytes: the client sees a reset
                        return;
                    }
                    s.setSoTimeout(10_000);
                    readRequest(in, b);
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                                    + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                    out.flush();
                    first = false;
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        /** Reads the rest of a request whose first byte was {@code b}: headers, then Content-Length bytes. */
        private static void readRequest(InputStream in, int b) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.write(b);
            int matched = 0;
            byte[] end = {'\r', '\n', '\r', '\n'};
            while (matched < 4) {
                int c = in.read();
                if (c < 0) {
                    throw new IOException("request cut short");
                }
                head.write(c);
                matched = c == end[matched] ? matched + 1 : (c == '\r' ? 1 : 0);
            }
            int length = 0;
            for (String line : head.toString(StandardCharsets.US_ASCII).split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).strip());
                }
            }
            in.readNBytes(length);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
