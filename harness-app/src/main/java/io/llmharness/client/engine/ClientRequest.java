package io.llmharness.client.engine;

import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One request to submit.
 *
 * @param prompts supplies the prompt(s) when the request is dispatched (lazily, so queued requests hold no large
 *     bodies such as base64 images); one prompt, or a batch for endpoints that support batching
 * @param promptCount how many prompts {@code prompts} supplies
 * @param stream ask for an SSE stream
 * @param scheduledNs when the load generator intended this request to start ({@link System#nanoTime()})
 * @param issuedNs when it was handed to the client ({@link System#nanoTime()})
 * @param sampleIndex dataset index of the first prompt, for the record; -1 if none
 * @param observer hears the outcome
 * @param sampling generation parameters of this request instead of the client's (e.g. a per-request
 *     {@code max_tokens} in workload mode), or null for the client's
 * @param headers headers of this request only, sent after the client's own (one of the same name replaces it), e.g.
 *     a session id; empty for none
 * @param keepHeader the name of a response header whose value the result keeps
 *     ({@link RequestResult#keptHeader()}), e.g. a session token to echo on the session's next request; null for none
 */
public record ClientRequest(
        Supplier<List<Prompt>> prompts,
        int promptCount,
        boolean stream,
        long scheduledNs,
        long issuedNs,
        long sampleIndex,
        RequestObserver observer,
        SamplingParams sampling,
        Map<String, String> headers,
        String keepHeader) {

    public ClientRequest {
        if (promptCount < 1) {
            throw new IllegalArgumentException("promptCount must be >= 1");
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /** A request that keeps no response header. */
    public ClientRequest(
            Supplier<List<Prompt>> prompts,
            int promptCount,
            boolean stream,
            long scheduledNs,
            long issuedNs,
            long sampleIndex,
            RequestObserver observer,
            SamplingParams sampling,
            Map<String, String> headers) {
        this(prompts, promptCount, stream, scheduledNs, issuedNs, sampleIndex, observer, sampling, headers, null);
    }

    /** A request without headers of its own. */
    public ClientRequest(
            Supplier<List<Prompt>> prompts,
            int promptCount,
            boolean stream,
            long scheduledNs,
            long issuedNs,
            long sampleIndex,
            RequestObserver observer,
            SamplingParams sampling) {
        this(prompts, promptCount, stream, scheduledNs, issuedNs, sampleIndex, observer, sampling, Map.of(), null);
    }

    /** A request with the client's generation parameters. */
    public ClientRequest(
            Supplier<List<Prompt>> prompts,
            int promptCount,
            boolean stream,
            long scheduledNs,
            long issuedNs,
            long sampleIndex,
            RequestObserver observer) {
        this(prompts, promptCount, stream, scheduledNs, issuedNs, sampleIndex, observer, null, Map.of(), null);
    }

    /** A single-prompt request scheduled and issued now. */
    public static ClientRequest of(Prompt prompt, boolean stream, RequestObserver observer) {
        long now = System.nanoTime();
        return new ClientRequest(() -> List.of(prompt), 1, stream, now, now, -1, observer);
    }
}
