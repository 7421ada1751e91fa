package io.llmharness.client.engine;

import io.llmharness.client.record.ClientWait;

/**
 * The client's load counters at one moment ({@link LlmClient#counters()}), since the client started or since its
 * last {@link LlmClient#resetMeasurements()}.
 *
 * @param inFlight requests holding an in-flight slot now
 * @param queued requests waiting for a slot now
 * @param inFlightPeak most requests in flight at once
 * @param inFlightCap the in-flight cap: {@code maxInFlight}, or connections per server × servers when lower
 * @param capKind which limit the cap is ({@link ClientWait#IN_FLIGHT_CAP} or {@link ClientWait#CONNECTION_CAP})
 * @param capWaits requests that found the cap reached and waited for a slot
 * @param connectionsOpen connections open now, over all servers
 * @param connectionsOpened connections opened, over all servers
 * @param connectingPeak most connection attempts in progress at once to one server, since the client started (the
 *     pool bounds it with {@link io.llmharness.client.transport.TransportOptions#maxConnecting})
 * @param poolWaits requests that found no idle connection and waited for one, over all servers, since the client
 *     started (a closed loop on a full pool adds none)
 */
public record ClientCounters(
        int inFlight,
        int queued,
        int inFlightPeak,
        int inFlightCap,
        ClientWait capKind,
        long capWaits,
        int connectionsOpen,
        long connectionsOpened,
        int connectingPeak,
        long poolWaits) {}
