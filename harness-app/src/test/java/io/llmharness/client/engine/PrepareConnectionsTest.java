package io.llmharness.client.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.client.EndpointType;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.fixture.ClientRig;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link LlmClient#prepareConnections} against a loopback server that counts the connections it accepts and every
 * byte it receives: the pool is filled with distinct connections, over every event loop, and nothing is sent on them
 * (a request of another shape right before the measured test deoptimised the client's hottest code).
 */
class PrepareConnectionsTest {

    @RegisterExtension
    static final ClientRig rig = new ClientRig();

    @Test
    void fillsThePoolWithDistinctConnectionsAndSendsNothingOnThem() throws Exception {
        try (CountingServer server = new CountingServer()) {
            LlmClient client = rig.client(ClientOptions.builder()
                    .baseUrls(server.url())
                    .endpointType(EndpointType.COMPLETIONS)
                    .api(ApiSettings.of("m", SamplingParams.SERVER_DEFAULTS.withMaxTokens(8)))
                    .maxInFlight(64)
                    .eventLoops(2)
                    .build());

            int opened = client.prepareConnections(20)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);

            assertThat(opened).isEqualTo(20);
            await().atMost(30, TimeUnit.SECONDS).until(() -> server.accepted() == 20);
            assertThat(client.counters().connectionsOpen()).isEqualTo(20);
            assertThat(client.endpointStats().get(0).connectionsOpened()).isEqualTo(20);

            // asked again for fewer or as many: nothing more is opened
            int again = client.prepareConnections(12)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            assertThat(again).isZero();
            assertThat(client.counters().connectionsOpen()).isEqualTo(20);

            // asked for more: only the difference
            int more = client.prepareConnections(26)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            assertThat(more).isEqualTo(6);
            await().atMost(30, TimeUnit.SECONDS).until(() -> server.accepted() == 26);
            assertThat(server.bytesReceived())
                    .as("no request was sent on the prepared connections")
                    .isZero();
            assertThat(client.endpointStats().get(0).requests()).isZero();
        }
    }

    /** Accepts connections, counts them and every byte that arrives on them, and never answers. */
    private static final class CountingServer implements AutoCloseable {
        private final ServerSocket socket;
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final AtomicLong bytes = new AtomicLong();

        CountingServer() throws IOException {
            socket = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("counting-server").start(this::accept);
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }

        int accepted() {
            return sockets.size();
        }

        long bytesReceived() {
            return bytes.get();
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    sockets.add(s);
                    Thread.ofPlatform().daemon().start(() -> read(s));
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void read(Socket s) {
            byte[] buf = new byte[4096];
            try (InputStream in = s.getInputStream()) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    bytes.addAndGet(n);
                }
            } catch (IOException e) {
                // closed
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : sockets) {
                s.close();
            }
        }
    }
}
