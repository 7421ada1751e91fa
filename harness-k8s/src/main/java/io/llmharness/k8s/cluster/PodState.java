package io.llmharness.k8s.cluster;

/**
 * What one pod is doing, reduced to what the launcher acts on.
 *
 * @param name the pod's name
 * @param index the Indexed Job's completion index, or -1
 * @param phase where it is
 * @param reason Kubernetes' short reason ({@code ContainerCreating}, {@code ImagePullBackOff}, {@code Error},
 *     {@code Completed}, …), or empty
 * @param detail Kubernetes' message for that reason, or empty
 * @param exitCode the container's exit code once it terminated, or -1
 */
public record PodState(String name, int index, Phase phase, String reason, String detail, int exitCode) {

    /** Where a pod is, as far as waiting for it goes. */
    public enum Phase {
        /** Not running yet: scheduling, pulling, creating. */
        PENDING,
        /** The container runs. */
        RUNNING,
        /** The container exited 0. */
        SUCCEEDED,
        /** The container exited non-zero, or the pod failed (evicted, deadline). */
        FAILED,
        /** It will not get anywhere without a fix: CrashLoopBackOff, ImagePullBackOff, ErrImagePull, … */
        STUCK
    }

    /** Whether the launcher should stop waiting because of this pod. */
    public boolean fatal() {
        return phase == Phase.FAILED || phase == Phase.STUCK;
    }

    /** One line: {@code pod x: ImagePullBackOff (Back-off pulling image "y")}. */
    public String describe() {
        StringBuilder sb = new StringBuilder("pod ").append(name).append(": ");
        sb.append(reason.isEmpty() ? phase.name().toLowerCase(java.util.Locale.ROOT) : reason);
        if (exitCode >= 0 && phase != Phase.SUCCEEDED) {
            sb.append(", exit code ").append(exitCode);
        }
        if (!detail.isEmpty()) {
            sb.append(" (").append(detail.strip().replaceAll("\\s+", " ")).append(')');
        }
        return sb.toString();
    }
}
