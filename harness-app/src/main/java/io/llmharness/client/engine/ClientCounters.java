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
 * @param leases pooled connections handed to requests, over all servers, since the client started
 * @param foreignLeases of those, the ones to a request on another event loop than the connection's (a thread hand-off
 *     per event, and the body read through Vert.x's copy); near zero when each loop's requests use its own connections
 * @param tappedBodies 2xx response bodies read in place from the connection's receive buffers, since the start
 * @param untappedBodies 2xx response bodies read through Vert.x's copy of every chunk (a foreign lease, or a one-off
 *     connection for a resend), since the start
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
        long poolWaits,
        long leases,
        long foreignLeases,
        long tappedBodies,
        long untappedBodies) {}
