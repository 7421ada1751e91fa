/**
 * Operating-system side of the server manager, independent of any backend: reading {@code /proc}, tracking a
 * launched process tree (group, environment marker, descendants), stopping it with SIGTERM then SIGKILL,
 * checking ports and GPU memory, and the JVM shutdown hook that stops servers when the harness is interrupted.
 *
 * <p>Nothing here depends on the configuration or lifecycle packages; they depend on this one.
 */
package io.llmharness.backend.process;
