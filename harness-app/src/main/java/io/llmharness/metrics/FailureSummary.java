package io.llmharness.metrics;

import io.llmharness.client.record.Outcome;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Failed requests of the measured window, never mixed into latency statistics.
 *
 * @param failed failed measured requests
 * @param rate {@code failure_rate}: failed / issued, NaN when nothing was issued
 * @param byKind failures per outcome kind; every kind but {@code OK}, in declaration order, zeros included
 * @param messages the most frequent failure messages, most frequent first (ties: by kind, then text), at most
 *     {@link #MAX_MESSAGES}
 */
public record FailureSummary(long failed, double rate, Map<Outcome.Kind, Long> byKind, List<Message> messages) {

    /** How many distinct messages a summary keeps. */
    public static final int MAX_MESSAGES = 10;

    public FailureSummary {
        EnumMap<Outcome.Kind, Long> kinds = new EnumMap<>(Outcome.Kind.class);
        kinds.putAll(byKind);
        byKind = Collections.unmodifiableMap(kinds);
        messages = List.copyOf(messages);
    }

    /**
     * One distinct failure message.
     *
     * @param kind outcome kind
     * @param message {@link Outcome#describe()}
     * @param count measured requests that failed with it
     */
    public record Message(Outcome.Kind kind, String message, long count) {}
}
