package io.llmharness.k8s.cluster;

import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reduces a pod's status to a {@link PodState}: a pure function, tested on hand-built statuses. */
public final class PodStates {

    /** Waiting reasons that do not clear by themselves; llm-d's launcher aborts on the first three too. */
    static final Set<String> STUCK_REASONS = Set.of(
            "CrashLoopBackOff",
            "ImagePullBackOff",
            "ErrImagePull",
            "ErrImageNeverPull",
            "InvalidImageName",
            "CreateContainerConfigError",
            "CreateContainerError",
            "RunContainerError");

    /** The annotation (and label) that carries an Indexed Job pod's index. */
    public static final String INDEX_KEY = "batch.kubernetes.io/job-completion-index";

    private PodStates() {}

    /** The state of one pod. */
    public static PodState of(Pod pod) {
        String name = pod.getMetadata().getName();
        int index = index(pod);
        PodStatus status = pod.getStatus();
        if (status == null) {
            return new PodState(name, index, PodState.Phase.PENDING, "", "", -1);
        }
        List<ContainerStatus> containers = new ArrayList<>();
        if (status.getInitContainerStatuses() != null) {
            containers.addAll(status.getInitContainerStatuses());
        }
        if (status.getContainerStatuses() != null) {
            containers.addAll(status.getContainerStatuses());
        }
        for (ContainerStatus c : containers) {
            ContainerState s = c.getState();
            if (s != null
                    && s.getWaiting() != null
                    && STUCK_REASONS.contains(s.getWaiting().getReason())) {
                return new PodState(
                        name,
                        index,
                        PodState.Phase.STUCK,
                        s.getWaiting().getReason(),
                        text(s.getWaiting().getMessage()),
                        -1);
            }
        }
        String phase = status.getPhase() == null ? "Pending" : status.getPhase();
        for (ContainerStatus c : containers) {
            ContainerState s = c.getState();
            if (s != null && s.getTerminated() != null) {
                int code = s.getTerminated().getExitCode() == null
                        ? -1
                        : s.getTerminated().getExitCode();
                if (code != 0 && !"Succeeded".equals(phase)) {
                    return new PodState(
                            name,
                            index,
                            PodState.Phase.FAILED,
                            text(s.getTerminated().getReason()),
                            text(s.getTerminated().getMessage()),
                            code);
                }
            }
        }
        return switch (phase) {
            case "Succeeded" -> new PodState(name, index, PodState.Phase.SUCCEEDED, "Completed", "", 0);
            case "Failed" ->
                new PodState(
                        name, index, PodState.Phase.FAILED, text(status.getReason()), text(status.getMessage()), -1);
            case "Running" -> new PodState(name, index, PodState.Phase.RUNNING, "", "", -1);
            default -> pending(name, index, status, containers);
        };
    }

    private static PodState pending(String name, int index, PodStatus status, List<ContainerStatus> containers) {
        if (status.getConditions() != null) {
            for (PodCondition c : status.getConditions()) {
                if ("PodScheduled".equals(c.getType()) && "False".equals(c.getStatus())) {
                    return new PodState(
                            name, index, PodState.Phase.PENDING, text(c.getReason()), text(c.getMessage()), -1);
                }
            }
        }
        for (ContainerStatus c : containers) {
            if (c.getState() != null && c.getState().getWaiting() != null) {
                return new PodState(
                        name,
                        index,
                        PodState.Phase.PENDING,
                        text(c.getState().getWaiting().getReason()),
                        text(c.getState().getWaiting().getMessage()),
                        -1);
            }
        }
        return new PodState(name, index, PodState.Phase.PENDING, "", "", -1);
    }

    private static int index(Pod pod) {
        for (Map<String, String> m : List.of(
                nullToEmpty(pod.getMetadata().getAnnotations()),
                nullToEmpty(pod.getMetadata().getLabels()))) {
            String v = m.get(INDEX_KEY);
            if (v != null) {
                try {
                    return Integer.parseInt(v);
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private static Map<String, String> nullToEmpty(Map<String, String> m) {
        return m == null ? Map.of() : m;
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
