/**
 * Arrival plans: when each request of an open-loop stage is scheduled, as pure functions of the stage, the seed
 * and the request's index ({@link io.llmharness.workload.schedule.ArrivalPlan}). Nothing here reads a clock; the
 * code that waits for these times takes one, so a whole stage runs on a virtual clock in tests.
 * {@link io.llmharness.workload.schedule.SweepPlanner} turns a sweep's probe measurements into stages.
 * {@link io.llmharness.workload.schedule.Rng} gives every (seed, stream, index) its own reproducible random numbers.
 */
package io.llmharness.workload.schedule;
