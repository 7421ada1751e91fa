package io.llmharness.metrics;

import io.llmharness.client.record.RequestRecord;
import java.util.function.ToLongFunction;

/**
 * The latency metrics of a summary, with their report names exactly as in the design's metric table. All values
 * are durations in nanoseconds inside the model; report formats convert them (to milliseconds in summary.json).
 */
public enum LatencyMetric {
    /** First token − scheduled (MLPerf TTFT). */
    TTFT("ttft", Population.SUCCESSFUL, RequestMetrics::ttftNs),
    /** First token − sent. */
    TTFT_FROM_SEND("ttft_from_send", Population.SUCCESSFUL, RequestMetrics::ttftFromSendNs),
    /** Done − scheduled. */
    E2E_LATENCY("e2e_latency", Population.SUCCESSFUL, RequestMetrics::e2eNs),
    /** Done − sent. */
    E2E_LATENCY_FROM_SEND("e2e_latency_from_send", Population.SUCCESSFUL, RequestMetrics::e2eFromSendNs),
    /** (done − first token) / (output tokens − 1). */
    TPOT("tpot", Population.SUCCESSFUL, RequestMetrics::tpotNs),
    /** Gaps between consecutive streamed chunks, pooled over requests. */
    ITL_CHUNK("itl_chunk", Population.POOLED, null),
    /** Chunk gaps spread over the tokens of the chunk, pooled over requests. */
    ITL_TOKEN("itl_token", Population.POOLED, null),
    /** e2e_latency / output tokens. */
    NTPOT("ntpot", Population.SUCCESSFUL, RequestMetrics::ntpotNs),
    /** ttft + tpot × output tokens. */
    TIME_PER_REQUEST("time_per_request", Population.SUCCESSFUL, RequestMetrics::timePerRequestNs),
    /** Issued − scheduled: the harness's own lateness. */
    SCHEDULE_DELAY("schedule_delay", Population.ISSUED, RequestMetrics::scheduleDelayNs),
    /** Connected − issued: waiting for an in-flight slot and a connection. */
    CONNECTION_WAIT("connection_wait", Population.ISSUED, RequestMetrics::connectionWaitNs);

    /** Which requests a metric is computed over. */
    public enum Population {
        /** Successful requests in the measured window. */
        SUCCESSFUL,
        /** Every request in the measured window, failed ones included (the harness's own delays). */
        ISSUED,
        /** Pooled by the client over every streamed chunk of the run (not filtered by window or outcome). */
        POOLED
    }

    private final String key;
    private final Population population;
    private final ToLongFunction<RequestRecord> value;

    LatencyMetric(String key, Population population, ToLongFunction<RequestRecord> value) {
        this.key = key;
        this.population = population;
        this.value = value;
    }

    /** The report name, e.g. {@code ttft}. */
    public String key() {
        return key;
    }

    /** Which requests the metric is computed over. */
    public Population population() {
        return population;
    }

    /** Whether the metric has one value per request (false for the pooled ITL histograms). */
    public boolean perRequest() {
        return population != Population.POOLED;
    }

    /**
     * The metric's value for one request in nanoseconds, or {@link RequestRecord#ABSENT}.
     *
     * @throws IllegalStateException for a pooled metric
     */
    public long valueNs(RequestRecord r) {
        if (value == null) {
            throw new IllegalStateException(key + " is pooled over requests and has no per-request value");
        }
        return value.applyAsLong(r);
    }

    /** The metric with the given report name. */
    public static LatencyMetric byKey(String key) {
        for (LatencyMetric m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown latency metric '" + key + "'");
    }
}
