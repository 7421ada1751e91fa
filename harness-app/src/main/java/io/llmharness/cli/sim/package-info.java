/**
 * The flags of {@code harness sim}: one picocli mixin per group of {@link io.llmharness.simulator.SimulatorOptions}
 * ({@code IdentityFlags} builds an {@link io.llmharness.simulator.Identity}, {@code CapacityFlags} a
 * {@link io.llmharness.simulator.Capacity}, …), gathered by {@link io.llmharness.cli.sim.SimFlags}. Every default
 * comes from the group's own defaults (a field starts at the group's value and the help shows it through
 * {@code ${DEFAULT-VALUE}}); only the command line's own choices differ from the embedded simulator's (the
 * persona's port, worker processes on). The groups check the values; their messages name the flag.
 */
package io.llmharness.cli.sim;
