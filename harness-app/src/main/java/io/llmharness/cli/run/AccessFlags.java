package io.llmharness.cli.run;

import io.llmharness.run.AccessRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How the client reaches the servers: API key, extra headers, TLS trust, timeouts. A mixin for every command that
 * sends requests ({@code harness run}, {@code harness bench}); see docs/run.md, "Failures, exit codes, auth, TLS
 * and timeouts".
 */
public final class AccessFlags {

    @Option(
            names = "--api-key",
            paramLabel = "KEY",
            description = "Send 'Authorization: Bearer KEY' (default: a server config's api_key, else the"
                    + " OPENAI_API_KEY or VLLM_API_KEY variable). Never written to any file.")
    String apiKey;

    @Option(
            names = "--header",
            paramLabel = "'NAME: VALUE'",
            description = "Extra request header, e.g. for a gateway (repeatable; a later one of the same name wins)."
                    + " Values of Authorization, *-Api-Key, *Token* headers are never written to any file.")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--insecure",
            description = "https://: accept any certificate and host name (self-signed test servers).")
    boolean insecure;

    @Option(
            names = "--ca-cert",
            paramLabel = "FILE",
            description = "https://: trust only the CA certificates in this PEM file (instead of the system's).")
    Path caCert;

    @Option(
            names = "--connect-timeout",
            paramLabel = "S",
            description = "Seconds to open a connection, TLS included (default 10).")
    Double connectTimeout;

    @Option(
            names = "--request-timeout",
            paramLabel = "S",
            description = "Seconds a whole request may take, from when the client sends it (default 0: no limit).")
    Double requestTimeout;

    @Option(
            names = "--idle-timeout",
            paramLabel = "S",
            description = "Seconds of silence while a response streams before it counts as stalled (default 600).")
    Double idleTimeout;

    /** The flags as an access request; the key variables are read from {@code environment}. */
    public AccessRequest toRequest(Map<String, String> environment) {
        return new AccessRequest(
                apiKey, headers, insecure, caCert, connectTimeout, requestTimeout, idleTimeout, environment);
    }
}
