/**
 * The server manager: launches vLLM and SGLang servers from a
 * {@link io.llmharness.backend.config.ServerConfig}, waits for readiness, watches them with a heartbeat,
 * drives the profiler endpoints and stops them without leaving a process behind.
 *
 * <p>Entry points for commands: {@link io.llmharness.backend.ManagedServers} (start a config's servers for a
 * run, watch, stop — also from the JVM shutdown hook), {@link io.llmharness.backend.ProfilerClient}
 * ({@code /start_profile}, {@code /stop_profile}), {@link io.llmharness.backend.ServerStateStore} and
 * {@link io.llmharness.backend.RecordedServers} (servers that outlive the JVM that started them).
 * {@link io.llmharness.backend.LaunchPlanner} renders command lines without starting anything.
 *
 * <p>Threads: readiness waits run on the caller's thread (one helper thread per server when there are
 * several); each running server has one daemon heartbeat thread; failure callbacks run on that thread or on
 * the JDK's process-reaper thread. Stopping is idempotent and may race with the shutdown hook safely.
 */
package io.llmharness.backend;
