package io.llmharness.k8s.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.llmharness.k8s.cluster.PodState.Phase;
import org.junit.jupiter.api.Test;

class PodStatesTest {

    private static Pod pod(PodStatus status) {
        return new PodBuilder()
                .withNewMetadata()
                .withName("launcher-1-abcde")
                .addToAnnotations("batch.kubernetes.io/job-completion-index", "1")
                .endMetadata()
                .withStatus(status)
                .build();
    }

    private static PodStatus waiting(String phase, String reason, String message) {
        return new PodStatusBuilder()
                .withPhase(phase)
                .addToContainerStatuses(new ContainerStatusBuilder()
                        .withName("harness")
                        .withNewState()
                        .withNewWaiting()
                        .withReason(reason)
                        .withMessage(message)
                        .endWaiting()
                        .endState()
                        .build())
                .build();
    }

    private static PodStatus terminated(String phase, int code, String reason) {
        return new PodStatusBuilder()
                .withPhase(phase)
                .addToContainerStatuses(new ContainerStatusBuilder()
                        .withName("harness")
                        .withNewState()
                        .withNewTerminated()
                        .withExitCode(code)
                        .withReason(reason)
                        .endTerminated()
                        .endState()
                        .build())
                .build();
    }

    @Test
    void aPodWithoutStatusIsPendingAndKnowsItsIndex() {
        PodState s = PodStates.of(pod(null));
        assertThat(s.phase()).isEqualTo(Phase.PENDING);
        assertThat(s.index()).isEqualTo(1);
        assertThat(s.fatal()).isFalse();
    }

    @Test
    void imagePullAndCrashLoopsAreStuck() {
        for (String reason :
                new String[] {"ImagePullBackOff", "ErrImagePull", "CrashLoopBackOff", "InvalidImageName"}) {
            PodState s = PodStates.of(pod(waiting("Pending", reason, "why")));
            assertThat(s.phase()).as(reason).isEqualTo(Phase.STUCK);
            assertThat(s.describe()).isEqualTo("pod launcher-1-abcde: " + reason + " (why)");
        }
    }

    @Test
    void creatingAContainerIsPendingNotStuck() {
        PodState s = PodStates.of(pod(waiting("Pending", "ContainerCreating", "")));
        assertThat(s.phase()).isEqualTo(Phase.PENDING);
        assertThat(s.reason()).isEqualTo("ContainerCreating");
    }

    @Test
    void anUnschedulablePodIsPendingWithTheSchedulersMessage() {
        PodStatus status = new PodStatusBuilder()
                .withPhase("Pending")
                .addNewCondition()
                .withType("PodScheduled")
                .withStatus("False")
                .withReason("Unschedulable")
                .withMessage("0/3 nodes are available: 3 Insufficient cpu.")
                .endCondition()
                .build();
        PodState s = PodStates.of(pod(status));
        assertThat(s.phase()).isEqualTo(Phase.PENDING);
        assertThat(s.describe())
                .isEqualTo("pod launcher-1-abcde: Unschedulable (0/3 nodes are available: 3 Insufficient cpu.)");
    }

    @Test
    void exitCodesDecideBetweenDoneAndFailed() {
        assertThat(PodStates.of(pod(terminated("Succeeded", 0, "Completed"))).phase())
                .isEqualTo(Phase.SUCCEEDED);
        PodState failed = PodStates.of(pod(terminated("Failed", 1, "Error")));
        assertThat(failed.phase()).isEqualTo(Phase.FAILED);
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.describe()).isEqualTo("pod launcher-1-abcde: Error, exit code 1");
        assertThat(PodStates.of(pod(terminated("Failed", 4, "Error"))).exitCode())
                .isEqualTo(4);
    }

    @Test
    void anEvictedPodFailedWithItsReason() {
        PodStatus status = new PodStatusBuilder()
                .withPhase("Failed")
                .withReason("Evicted")
                .withMessage("The node was low on resource: ephemeral-storage.")
                .build();
        assertThat(PodStates.of(pod(status)).describe())
                .isEqualTo("pod launcher-1-abcde: Evicted (The node was low on resource: ephemeral-storage.)");
    }

    @Test
    void runningIsRunning() {
        PodStatus status = new PodStatusBuilder().withPhase("Running").build();
        assertThat(PodStates.of(pod(status)).phase()).isEqualTo(Phase.RUNNING);
    }
}
