package io.llmharness.cli.sim;

import io.llmharness.simulator.Http;
import io.llmharness.simulator.Persona;
import picocli.CommandLine.Option;

/** {@link Http}: where and how the simulator listens. */
final class HttpFlags {
    @Option(names = "--host", description = "Address to bind (default: ${DEFAULT-VALUE}).")
    String host = Http.DEFAULTS.host();

    /** Unlike the embedded simulator (an ephemeral port), {@code harness sim} listens where the real server would. */
    @Option(
            names = "--port",
            description = "TCP port; 0 = ephemeral (default: " + Persona.VLLM_PORT + " for vllm, " + Persona.SGLANG_PORT
                    + " for sglang).")
    Integer port;

    @Option(names = "--event-loops", description = "HTTP event-loop threads (default: ${DEFAULT-VALUE}).")
    int eventLoops = Http.DEFAULTS.eventLoops();

    @Option(names = "--max-request-body-mb", description = "Largest request body, MiB (default: ${DEFAULT-VALUE}).")
    int maxRequestBodyMb = (int) (Http.DEFAULTS.maxRequestBodyBytes() >> 20);

    @Option(
            names = "--keep-alive-timeout-ms",
            description = "Idle keep-alive connections closed after, ms (default: ${DEFAULT-VALUE}).")
    long keepAliveTimeoutMs = Http.DEFAULTS.keepAliveTimeoutMs();

    Http toHttp(Persona persona) {
        int listen = port != null ? port : persona.defaultPort();
        return new Http(host, listen, eventLoops, maxRequestBodyMb * (1L << 20), keepAliveTimeoutMs);
    }
}
