package io.llmharness.simulator;

import java.util.Objects;

/**
 * Where and how the simulator listens.
 *
 * @param host interface to bind, an IP address or host name ({@code --host}); default {@value #DEFAULT_HOST}
 * @param port TCP port, 0 = a free ephemeral port, see {@link SimulatorServer#port()} ({@code --port}); default
 *     {@value #DEFAULT_PORT} ({@code harness sim} defaults to the persona's port instead)
 * @param eventLoops HTTP event-loop threads; the engines run on the first one ({@code --event-loops}); default
 *     {@value #DEFAULT_EVENT_LOOPS}
 * @param maxRequestBodyBytes largest accepted request body in bytes, larger ones get 413
 *     ({@code --max-request-body-mb}); default {@value #DEFAULT_MAX_REQUEST_BODY_BYTES} (64 MiB)
 * @param keepAliveTimeoutMs idle keep-alive connections are closed after this many milliseconds, 0 = never
 *     ({@code --keep-alive-timeout-ms}); default {@value #DEFAULT_KEEP_ALIVE_TIMEOUT_MS}, as uvicorn
 */
public record Http(String host, int port, int eventLoops, long maxRequestBodyBytes, long keepAliveTimeoutMs)
        implements SimulatorOptions.Group {
    /** Default {@link #host()}. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** Default {@link #port()}: ephemeral. */
    public static final int DEFAULT_PORT = 0;
    /** Default {@link #eventLoops()}. */
    public static final int DEFAULT_EVENT_LOOPS = 1;
    /** Default {@link #maxRequestBodyBytes()}: 64 MiB. */
    public static final long DEFAULT_MAX_REQUEST_BODY_BYTES = 64L << 20;
    /** Default {@link #keepAliveTimeoutMs()}. */
    public static final long DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5000;
    /** The defaults: one event loop on an ephemeral loopback port. */
    public static final Http DEFAULTS = new Http(
            DEFAULT_HOST,
            DEFAULT_PORT,
            DEFAULT_EVENT_LOOPS,
            DEFAULT_MAX_REQUEST_BODY_BYTES,
            DEFAULT_KEEP_ALIVE_TIMEOUT_MS);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Http {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port (--port) must be 0..65535, got " + port);
        }
        Check.positive("eventLoops (--event-loops)", eventLoops);
        if (maxRequestBodyBytes < 1024) {
            throw new IllegalArgumentException(
                    "maxRequestBodyBytes (--max-request-body-mb) must be at least 1024 bytes");
        }
        Check.nonNegative("keepAliveTimeoutMs (--keep-alive-timeout-ms)", keepAliveTimeoutMs);
    }

    /** This bind address. */
    public Http withHost(String value) {
        return new Http(value, port, eventLoops, maxRequestBodyBytes, keepAliveTimeoutMs);
    }

    /** This port (0 = ephemeral). */
    public Http withPort(int value) {
        return new Http(host, value, eventLoops, maxRequestBodyBytes, keepAliveTimeoutMs);
    }

    /** This many event loops. */
    public Http withEventLoops(int value) {
        return new Http(host, port, value, maxRequestBodyBytes, keepAliveTimeoutMs);
    }

    /** This body limit, bytes. */
    public Http withMaxRequestBodyBytes(long value) {
        return new Http(host, port, eventLoops, value, keepAliveTimeoutMs);
    }

    /** This keep-alive timeout, milliseconds. */
    public Http withKeepAliveTimeoutMs(long value) {
        return new Http(host, port, eventLoops, maxRequestBodyBytes, value);
    }
}
