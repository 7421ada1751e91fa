package io.llmharness.workload.data;

/** The prompts of one data section. Implementations are safe to call from the scheduling thread. */
public interface PromptFeed {

    /**
     * The request at a position of the run.
     *
     * @param stage stage index
     * @param indexInStage request index within the stage (inference-perf starts every stage at prompt 0)
     * @param runIndex request index within the run
     */
    WorkloadRequest request(int stage, long indexInStage, long runIndex);

    /** One line for the plan and the summary: the data type and what was generated. */
    String describe();
}
