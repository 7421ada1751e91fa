/**
 * What a run will issue, decided before issuing starts: the effective settings, the loadable sample sets and
 * the pre-generated queries ({@link io.llmharness.loadgen.schedule.QueryPlan}, primitive arrays, no object per
 * sample). Pure functions of settings and seeds; no clock, no I/O.
 */
package io.llmharness.loadgen.schedule;
