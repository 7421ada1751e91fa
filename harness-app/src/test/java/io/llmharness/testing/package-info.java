/**
 * Test fixtures shared across packages: the harness in a child JVM ({@link io.llmharness.testing.ChildHarness}) and a
 * running server's request counters ({@link io.llmharness.testing.ServerProbe}).
 */
package io.llmharness.testing;
