package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.fixture.Captured;
import io.llmharness.client.fixture.ClientRig;
import io.llmharness.client.fixture.Reply;
import io.llmharness.client.fixture.ScriptedServer;
import io.llmharness.client.transport.Silence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link SilenceWatch}: requests a server never answers are named in one line per interval, with the oldest's age and
 * server; requests that are answered or still being sent are not silent.
 */
class SilenceWatchTest {

    @RegisterExtension
    static final ClientRig rig = new ClientRig();

    private static LlmClient client(ScriptedServer server) {
        return rig.client(ClientOptions.builder()
                .baseUrls(server.url())
                .endpointType(EndpointType.COMPLETIONS)
                .api(ApiSettings.of("m", SamplingParams.SERVER_DEFAULTS.withMaxTokens(8)))
                .maxInFlight(8)
                .eventLoops(2)
                .build());
    }

    private static Silence silence(LlmClient client, Duration atLeast) {
        return client.silence(atLeast.toNanos())
                .toCompletionStage()
                .toCompletableFuture()
                .join();
    }

    @Test
    void requestsNoServerAnswersGetOneLinePerIntervalNamingTheOldest() {
        // the headers would come after 10 minutes: the requests are sent and hear nothing
        ScriptedServer server = rig.server(r -> Reply.json(200, "{}").withHeadersDelay(600_000));
        LlmClient client = client(server);
        for (int i = 0; i < 3; i++) {
            client.submit(ClientRequest.of(new Prompt.Text("hi"), false, new Captured()));
        }
        await().atMost(30, TimeUnit.SECONDS).until(() -> server.requests().size() == 3);
        assertThat(silence(client, Duration.ofHours(1)).count())
                .as("not silent for an hour yet")
                .isZero();

        List<String> lines = new CopyOnWriteArrayList<>();
        Duration interval = Duration.ofMillis(300);
        long t0 = System.nanoTime();
        List<String> seen;
        long elapsed;
        try (SilenceWatch w = SilenceWatch.start(client, interval, lines::add)) {
            await().atMost(30, TimeUnit.SECONDS).until(() -> lines.size() >= 2);
            seen = new ArrayList<>(lines);
            elapsed = System.nanoTime() - t0;
        }
        assertThat(seen.get(0))
                .matches(
                        "harness: 3 requests silent for 0\\.3 s \\(oldest sent [0-9.]+ s ago to http://127\\.0\\.0\\.1:\\d+\\S*\\)");
        assertThat((long) seen.size())
                .as("at most one line per interval")
                .isLessThanOrEqualTo(elapsed / interval.toNanos());

        client.cancelActive("test over");
        await().atMost(30, TimeUnit.SECONDS).until(() -> client.inFlight() == 0);
        assertThat(silence(client, Duration.ZERO)).isEqualTo(Silence.NONE);
    }

    @Test
    void theLineSaysHowManyHowLongAndTheOldest() {
        long now = 500_000_000_000L;
        assertThat(SilenceWatch.line(
                        new Silence(37, now - 75_000_000_000L, "http://10.0.0.7:8000"), Duration.ofSeconds(60), now))
                .isEqualTo("harness: 37 requests silent for 60 s (oldest sent 75 s ago to http://10.0.0.7:8000)");
        assertThat(SilenceWatch.line(new Silence(1, now - 2_500_000_000L, "http://h:1"), Duration.ofSeconds(2), now))
                .isEqualTo("harness: 1 request silent for 2 s (oldest sent 2.5 s ago to http://h:1)");
    }

    @Test
    void theIntervalComesFromTheEnvironment() {
        assertThat(SilenceWatch.interval(Map.of())).isEqualTo(Duration.ofSeconds(60));
        assertThat(SilenceWatch.interval(Map.of(SilenceWatch.ENV, "0.5"))).isEqualTo(Duration.ofMillis(500));
        assertThat(SilenceWatch.interval(Map.of(SilenceWatch.ENV, "soon"))).isEqualTo(Duration.ofSeconds(60));
        assertThat(SilenceWatch.interval(Map.of(SilenceWatch.ENV, "-1"))).isEqualTo(Duration.ofSeconds(60));
    }
}
