/**
 * Continuous-batching engines. An {@link io.llmharness.simulator.engine.Engine} owns a FIFO waiting queue, at most
 * {@code maxNumSeqs} running sequences and a block-granular {@link io.llmharness.simulator.engine.KvCache}
 * (admission waits for free blocks, decode growth preempts the newest sequence, nothing ever fails for lack of
 * cache). Time advances only through one {@link io.llmharness.simulator.engine.EngineClock} timer per engine:
 * {@code FixedEngine} arms it for the earliest per-sequence deadline, {@code StepEngine} for the end of the current
 * engine step. Engines are single-threaded and pure Java, so tests drive them on a virtual clock;
 * {@link io.llmharness.simulator.engine.EngineGroup} is the thread-safe entry point that forwards to the engine thread.
 */
package io.llmharness.simulator.engine;
