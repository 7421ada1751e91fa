package io.llmharness.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * A loopback port with nothing listening on it: the kernel hands out an ephemeral port, the socket is closed again
 * and the number returned. A connection to it is refused (an unreachable server), or a process the test starts is
 * told to listen on it. Another process could take it in between; on a test machine that is rare enough.
 */
public final class FreePort {

    private FreePort() {}

    /** A port no one listens on right now. */
    public static int pick() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
