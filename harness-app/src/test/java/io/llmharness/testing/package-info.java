/**
 * Test fixtures shared across packages: the harness in a child JVM ({@link io.llmharness.testing.ChildHarness}), a
 * running server's request counters ({@link io.llmharness.testing.ServerProbe}) and a sample library that needs no
 * loading ({@link io.llmharness.testing.InMemoryQsl}).
 */
package io.llmharness.testing;
