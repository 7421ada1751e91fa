package io.llmharness.backend.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;

/** Whether a TCP port can be bound; used before a launch and to confirm a stopped server released it. */
public final class Ports {

    private Ports() {}

    /**
     * Whether {@code host:port} can be bound now. The probe socket uses {@code SO_REUSEADDR}, like the
     * servers do, so connections lingering in TIME_WAIT after a previous server do not count as "in use".
     */
    public static boolean isFree(String host, int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(bindAddress(host), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Polls {@link #isFree} every 100 ms until it is true or {@code timeout} has passed. */
    public static boolean awaitFree(String host, int port, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (isFree(host, port)) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return isFree(host, port);
            }
        }
    }

    private static InetAddress bindAddress(String host) throws IOException {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return h.isEmpty() || h.equals("0.0.0.0") || h.equals("::")
                ? new InetSocketAddress(0).getAddress()
                : InetAddress.getByName(h);
    }
}
