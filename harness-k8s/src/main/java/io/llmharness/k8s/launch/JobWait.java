package io.llmharness.k8s.launch;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.cluster.Api;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.cluster.LaunchClock;
import io.llmharness.k8s.cluster.PodState;
import io.llmharness.k8s.cluster.PodStates;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Polls the launcher Job and its pods until every launcher is done, one fails or gets stuck (CrashLoopBackOff,
 * ImagePullBackOff, ErrImagePull, a container that exited non-zero), the Job fails, or the timeout passes. Prints a
 * progress line whenever the pods' summary changes.
 */
final class JobWait {

    private final Api api;
    private final K8sRunSpec spec;
    private final LaunchClock clock;
    private final Console console;
    private final Duration poll;

    JobWait(Api api, K8sRunSpec spec, LaunchClock clock, Console console, Duration poll) {
        this.api = api;
        this.spec = spec;
        this.clock = clock;
        this.console = console;
        this.poll = poll;
    }

    /** Waits until {@code deadline} at most. */
    WaitResult await(Instant deadline) throws InterruptedException {
        String job = spec.names().job();
        int n = spec.control().parallelism();
        Instant start = clock.now();
        String last = "";
        while (true) {
            List<PodState> pods = pods();
            Job j = api.call(
                    "read Job " + job,
                    () -> api.client()
                            .batch()
                            .v1()
                            .jobs()
                            .inNamespace(api.namespace())
                            .withName(job)
                            .get());
            Optional<PodState> bad = pods.stream().filter(PodState::fatal).findFirst();
            if (bad.isPresent()) {
                return new WaitResult(WaitResult.Outcome.FAILED, bad.get().describe(), pods, bad);
            }
            if (j == null) {
                return new WaitResult(
                        WaitResult.Outcome.FAILED,
                        "the launcher Job " + job + " was deleted while the run was going on",
                        pods,
                        Optional.empty());
            }
            long succeeded = pods.stream()
                    .filter(p -> p.phase() == PodState.Phase.SUCCEEDED)
                    .count();
            if (condition(j, "Complete") || succeeded >= n) {
                return new WaitResult(
                        WaitResult.Outcome.DONE, "all " + n + " launchers finished", pods, Optional.empty());
            }
            Optional<JobCondition> failed = failedCondition(j);
            if (failed.isPresent()) {
                JobCondition c = failed.get();
                return new WaitResult(
                        WaitResult.Outcome.FAILED,
                        "the launcher Job " + job + " failed: " + c.getReason()
                                + (c.getMessage() == null ? "" : " (" + c.getMessage() + ")"),
                        pods,
                        Optional.empty());
            }
            String summary = summary(pods, n);
            if (!summary.equals(last)) {
                console.info("launchers: " + summary + " ("
                        + Duration.between(start, clock.now()).toSeconds() + " s)");
                last = summary;
            }
            if (!clock.now().isBefore(deadline)) {
                return new WaitResult(
                        WaitResult.Outcome.TIMED_OUT,
                        "the launchers did not finish within "
                                + spec.control().waitTimeout().toSeconds() + " s (-s/--wait); last seen: " + summary,
                        pods,
                        Optional.empty());
            }
            clock.pause(poll);
        }
    }

    /** The launcher pods of this run, by index then name. */
    List<PodState> pods() {
        Map<String, String> selector = spec.names().launcherSelector();
        List<Pod> pods = api.call(
                "list the launcher pods",
                () -> api.client()
                        .pods()
                        .inNamespace(api.namespace())
                        .withLabels(selector)
                        .list()
                        .getItems());
        return pods.stream()
                .map(PodStates::of)
                .sorted(Comparator.comparingInt(PodState::index).thenComparing(PodState::name))
                .toList();
    }

    static boolean condition(Job j, String type) {
        return j.getStatus() != null
                && j.getStatus().getConditions() != null
                && j.getStatus().getConditions().stream()
                        .anyMatch(c -> type.equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private static Optional<JobCondition> failedCondition(Job j) {
        if (j.getStatus() == null || j.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        return j.getStatus().getConditions().stream()
                .filter(c -> ("Failed".equals(c.getType()) || "FailureTarget".equals(c.getType()))
                        && "True".equals(c.getStatus()))
                .findFirst();
    }

    /** {@code 3 of 3 started: 2 running, 1 pending (ContainerCreating)}. */
    static String summary(List<PodState> pods, int n) {
        if (pods.isEmpty()) {
            return "0 of " + n + " pods created";
        }
        Map<String, Long> counts = pods.stream()
                .collect(Collectors.groupingBy(
                        p -> p.phase().name().toLowerCase(java.util.Locale.ROOT)
                                + (p.phase() == PodState.Phase.PENDING
                                                && !p.reason().isEmpty()
                                        ? " (" + p.reason() + ")"
                                        : ""),
                        TreeMap::new,
                        Collectors.counting()));
        String parts = counts.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", "));
        return pods.size() + " of " + n + " pods: " + parts;
    }
}
