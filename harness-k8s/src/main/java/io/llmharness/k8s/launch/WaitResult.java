package io.llmharness.k8s.launch;

import io.llmharness.k8s.cluster.PodState;
import java.util.List;
import java.util.Optional;

/**
 * How waiting for the launchers ended.
 *
 * @param outcome done, failed or timed out
 * @param message one line for the user
 * @param pods the launcher pods as last seen
 * @param culprit the pod that made the run fail, when one did
 */
public record WaitResult(Outcome outcome, String message, List<PodState> pods, Optional<PodState> culprit) {

    /** How waiting ended. */
    public enum Outcome {
        /** Every launcher exited 0. */
        DONE,
        /** A launcher failed or is stuck, or the Job failed. */
        FAILED,
        /** The wait timeout passed first. */
        TIMED_OUT
    }

    public WaitResult {
        pods = List.copyOf(pods);
    }

    /**
     * Whether the failure is only launchers that finished with an INVALID result (exit code 4): the benchmark
     * ran and its files are complete.
     */
    public boolean onlyInvalidResults() {
        List<PodState> failed = pods.stream().filter(PodState::fatal).toList();
        return outcome == Outcome.FAILED
                && !failed.isEmpty()
                && failed.stream().allMatch(p -> p.phase() == PodState.Phase.FAILED && p.exitCode() == 4);
    }
}
