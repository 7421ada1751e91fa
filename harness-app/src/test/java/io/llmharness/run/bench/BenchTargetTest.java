package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.sun.net.httpserver.HttpServer;
import io.llmharness.run.AccessPlan;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The check of an external server before a bench run writes anything. */
class BenchTargetTest {

    /**
     * A server that is alive ({@code /health} answers) but does not answer the first {@code GET /v1/models} within
     * the probe's 5 s — as a test JVM's own server once did on a machine under a load of 20 — is asked again, for
     * longer, instead of being called not ready.
     */
    @Test
    void aServerSlowToListItsModelsIsAskedAgain() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        AtomicInteger listed = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        byte[] models =
                "{\"object\":\"list\",\"data\":[{\"id\":\"m\",\"object\":\"model\"}]}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/v1/models", ex -> {
            try {
                if (listed.incrementAndGet() == 1) {
                    release.await(30, TimeUnit.SECONDS); // the first one hangs until the test ends
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            send(ex, models);
        });
        server.createContext("/health", ex -> send(ex, new byte[0]));
        server.start();
        try (BenchTarget target =
                BenchTarget.external("http://127.0.0.1:" + server.getAddress().getPort())) {
            assertThatCode(() -> target.check("--endpoint", AccessPlan.DEFAULT)).doesNotThrowAnyException();
            assertThat(listed).hasValue(2);
        } finally {
            release.countDown();
            server.stop(0);
        }
    }

    private static void send(com.sun.net.httpserver.HttpExchange ex, byte[] body) throws IOException {
        ex.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            ex.getResponseBody().write(body);
        }
        ex.close();
    }
}
