/**
 * Time for LoadGen. {@link io.llmharness.loadgen.clock.SystemClock} waits precisely (park for the far part,
 * spin the last stretch) so Server issue times land on schedule; {@link io.llmharness.loadgen.clock.VirtualClock}
 * simulates time with an event queue so tests run an hour of traffic in seconds, deterministically.
 */
package io.llmharness.loadgen.clock;
