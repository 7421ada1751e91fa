/**
 * Test fixtures shared across packages: the harness in a child JVM ({@link io.llmharness.testing.ChildHarness}), a
 * running server's request counters ({@link io.llmharness.testing.ServerProbe}), a sample library that needs no
 * loading ({@link io.llmharness.testing.InMemoryQsl}), the demo's verdicts ({@link io.llmharness.testing.DemoVerdicts})
 * and the search of a run's files and terminal for secrets
 * ({@link io.llmharness.testing.SecretSearch}).
 */
package io.llmharness.testing;
