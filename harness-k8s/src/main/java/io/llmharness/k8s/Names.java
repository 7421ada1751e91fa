package io.llmharness.k8s;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Names, labels and paths of one run, following llm-d-benchmark's launcher where it has one: the pods carry
 * {@code app=llmdbench-harness-launcher} and {@code function=load_generator}, the profile ConfigMap is
 * {@code <harness>-profiles} mounted at {@code /workspace/profiles/<harness>}, the PVC is mounted at
 * {@code /requests} and each launcher writes {@code /requests/<harness>_<experiment id>_<workload>_<i>}.
 */
public final class Names {

    /** llm-d's launcher pod label value ({@code LLMDBENCH_HARNESS_POD_LABEL}). */
    public static final String LAUNCHER_APP = "llmdbench-harness-launcher";
    /** llm-d's {@code function} label value of launcher pods. */
    public static final String LOAD_GENERATOR = "load_generator";
    /** Where the results PVC is mounted in every pod. */
    public static final String RESULTS_MOUNT = "/requests";
    /** Where llm-d mounts the profiles ConfigMap, followed by {@code /<harness>}. */
    public static final String PROFILES_MOUNT = "/workspace/profiles";
    /** The ConfigMap key of the shared start instant (ISO-8601, UTC). */
    public static final String START_AT_KEY = "start-at";
    /** Label on every object this tool creates. */
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    /** Value of {@link #MANAGED_BY}. */
    public static final String MANAGER = "llm-harness";
    /** Label carrying the experiment id on every object of a run. */
    public static final String EXPERIMENT_LABEL = "llm-harness/experiment-id";

    private final K8sRunSpec spec;

    Names(K8sRunSpec spec) {
        this.spec = spec;
    }

    private String harness() {
        return spec.bench().harness();
    }

    /**
     * The launcher Job: {@code llmdbench-<harness>-launcher}, or llm-d's debug name
     * {@code llmdbench-harness-launcher}. Its pods are {@code <job>-<index>-<random>}.
     */
    public String job() {
        return spec.control().mode() == Mode.DEBUG ? LAUNCHER_APP : "llmdbench-" + dns(harness()) + "-launcher";
    }

    /** The profile ConfigMap, {@code <harness>-profiles}. */
    public String configMap() {
        return dns(harness()) + "-profiles";
    }

    /** The Role and RoleBinding that give the launchers read access to pods and their logs. */
    public String role() {
        return truncate(job() + "-" + dns(spec.control().experimentId()));
    }

    /** The short-lived pod that mounts the PVC so results can be copied out. */
    public String collector() {
        return truncate("llmdbench-harness-collector-" + dns(spec.control().experimentId()));
    }

    /** Where the launchers' profile ConfigMap is mounted. */
    public String profilesDir() {
        return PROFILES_MOUNT + "/" + harness();
    }

    /** {@code <harness>_<experiment id>_<workload>}: the results directory of launcher i is this plus {@code _<i>}. */
    public String resultsPrefix() {
        return harness() + "_" + spec.control().experimentId() + "_"
                + spec.bench().workloadName();
    }

    /** The results directory name of launcher {@code index} (a number or a {@code $(VAR)} reference). */
    public String resultsDir(String index) {
        return resultsPrefix() + "_" + index;
    }

    /** Labels of the launcher Job and its pods: llm-d's two, plus ours. */
    public Map<String, String> launcherLabels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("app", LAUNCHER_APP);
        labels.put("function", LOAD_GENERATOR);
        labels.putAll(runLabels());
        return labels;
    }

    /** Labels of the collector pod. */
    public Map<String, String> collectorLabels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("app", "llmdbench-harness-collector");
        labels.put("function", "data_access");
        labels.putAll(runLabels());
        return labels;
    }

    /** Labels on every object of this run. */
    public Map<String, String> runLabels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(MANAGED_BY, MANAGER);
        labels.put(EXPERIMENT_LABEL, spec.control().experimentId());
        return labels;
    }

    /** Label selector of this run's launcher pods. */
    public Map<String, String> launcherSelector() {
        Map<String, String> selector = new LinkedHashMap<>();
        selector.put("function", LOAD_GENERATOR);
        selector.put(EXPERIMENT_LABEL, spec.control().experimentId());
        return selector;
    }

    /** A workload name from a file name or a profile name: the last path part without its YAML extension. */
    public static String workloadName(String fileOrName) {
        String n = fileOrName;
        int slash = n.lastIndexOf('/');
        if (slash >= 0) {
            n = n.substring(slash + 1);
        }
        for (String ext : new String[] {".yaml.in", ".yml.in", ".yaml", ".yml"}) {
            if (n.endsWith(ext)) {
                return n.substring(0, n.length() - ext.length());
            }
        }
        return n;
    }

    /** Lower case, anything outside {@code [a-z0-9-]} becomes {@code -}, as Kubernetes object names need. */
    static String dns(String s) {
        String d = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        return d.replaceAll("^-+", "").replaceAll("-+$", "");
    }

    private static String truncate(String name) {
        String n = name.length() > 63 ? name.substring(0, 63) : name;
        return n.replaceAll("-+$", "");
    }
}
