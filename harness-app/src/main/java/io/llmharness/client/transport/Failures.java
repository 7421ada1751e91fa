package io.llmharness.client.transport;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.StreamResetException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;

/** Maps network exceptions to outcome values. */
final class Failures {

    private Failures() {}

    /** The outcome for a failure while connecting or exchanging. */
    static Outcome classify(Throwable t, TransportOptions o) {
        if (t instanceof io.netty.channel.ConnectTimeoutException) {
            return new Outcome.Timeout(TimeoutPhase.CONNECT, o.connectTimeoutMs());
        }
        String tls = TlsProblems.describe(t);
        if (tls != null) {
            // a handshake that fails will fail for every request: as unreachable as a refused connection
            return new Outcome.TransportError(tls, true);
        }
        if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof NoRouteToHostException) {
            return new Outcome.TransportError(message(t), true);
        }
        if (t instanceof HttpClosedException || t instanceof ClosedChannelException) {
            return new Outcome.TransportError("connection closed by the server", false);
        }
        if (t instanceof StreamResetException) {
            return new Outcome.TransportError("stream reset", false);
        }
        if (t instanceof io.netty.handler.codec.TooLongFrameException) {
            return new Outcome.ProtocolError("response head too large: " + message(t));
        }
        return new Outcome.TransportError(message(t), false);
    }

    /** A reused connection that the server had already closed: safe to resend on a fresh one. */
    static boolean isStaleConnection(Throwable t) {
        if (t instanceof HttpClosedException || t instanceof ClosedChannelException) {
            return true;
        }
        return t instanceof IOException
                && t.getMessage() != null
                && (t.getMessage().contains("reset") || t.getMessage().contains("Broken pipe"));
    }

    private static String message(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }
}
