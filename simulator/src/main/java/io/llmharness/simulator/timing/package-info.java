/**
 * Ground truth for client timing tests: per-request server-side timelines in {@link System#nanoTime()} units
 * (arrival, headers, every chunk with its token count, end), kept in a bounded store.
 */
package io.llmharness.simulator.timing;
