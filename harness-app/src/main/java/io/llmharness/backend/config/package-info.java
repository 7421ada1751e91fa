/**
 * Server configuration: the YAML format of {@code configs/backends/*.yaml}, its environment variables
 * ({@code HARNESS_SERVER_*}) and command-line options, merged with the precedence CLI &gt; environment &gt;
 * YAML &gt; defaults into one immutable {@link io.llmharness.backend.config.ServerConfig}.
 *
 * <p>Everything is validated before a process starts: unknown keys (with a "did you mean"), wrong types,
 * missing backend or model, ports in use, programs not found. Each error is one line naming the file and key,
 * the environment variable or the option it came from. {@link io.llmharness.backend.config.ArgumentRenderer}
 * turns the list or mapping form of the server arguments into a command line.
 */
package io.llmharness.backend.config;
