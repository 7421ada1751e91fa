package io.llmharness.k8s.collect;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.cluster.Api;
import java.io.File;
import java.net.URI;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The vLLM standalone server's log, read through the API server as llm-d's nop harness finds it: the Deployment
 * named by the first DNS label of the endpoint's host ({@code http://<deployment>.<namespace>.svc.cluster.local}),
 * the {@code app} label of its selector, the first pod with that label (running ones first, by name), and the whole
 * log of that pod's first container. A pod can also be named. Reading needs {@code get} on
 * {@code apps/deployments} (unless the pod is named) and on {@code pods} and {@code pods/log}: the launchers' Role
 * grants them in the harness namespace.
 */
public final class ServerPodLog {

    /** The variable that holds the server's URL inside a launcher pod. */
    public static final String ENDPOINT_VAR = io.llmharness.k8s.PodCommand.ENDPOINT_VAR;
    /** The launcher pod's own namespace, set by {@code harness k8s run}. */
    public static final String NAMESPACE_VAR = "LLMDBENCH_HARNESS_NAMESPACE";
    /** The value of {@code --server-pod} that finds the pod from the endpoint. */
    public static final String AUTO = "auto";

    /**
     * A server pod's log.
     *
     * @param namespace where the pod is
     * @param pod the pod's name
     * @param container its first container, whose log this is
     * @param how how the pod was found, for the plan line
     * @param text the whole log
     */
    public record Found(String namespace, String pod, String container, String how, String text) {}

    private ServerPodLog() {}

    /**
     * Where the server is, before anything is read: the namespace and how the pod will be found.
     *
     * @param podName a pod name, or {@value #AUTO} to find it from {@code endpoint}
     * @param endpoint the server's URL (from {@value #ENDPOINT_VAR} or {@code --endpoint}), or null
     * @param endpointFrom the flag or variable {@code endpoint} came from, for messages
     * @param env the environment ({@value #NAMESPACE_VAR})
     * @throws K8sException (config) when {@code auto} has no endpoint to start from, or it is not a URL
     */
    public static Target target(String podName, String endpoint, String endpointFrom, Map<String, String> env) {
        String own = env.getOrDefault(NAMESPACE_VAR, "").isBlank()
                ? null
                : env.get(NAMESPACE_VAR).strip();
        if (!AUTO.equals(podName)) {
            return new Target(own, null, podName);
        }
        if (endpoint == null || endpoint.isBlank()) {
            throw new K8sException(
                    K8sException.CONFIG,
                    "--server-pod auto finds the vLLM standalone pod from the server's URL, and there is none: set "
                            + ENDPOINT_VAR + " (http://<deployment>.<namespace>.svc.cluster.local:80) or --endpoint,"
                            + " or name the pod: --server-pod NAME");
        }
        String host;
        try {
            host = URI.create(endpoint.strip()).getHost();
        } catch (IllegalArgumentException e) {
            host = null;
        }
        if (host == null || host.isBlank()) {
            throw K8sException.badValue(
                    endpointFrom,
                    endpointFrom + " '" + endpoint + "': no host name to take the server's Deployment from; write"
                            + " http://<deployment>.<namespace>.svc.cluster.local:80, or name the pod: --server-pod"
                            + " NAME");
        }
        String[] labels = host.split("\\.");
        boolean inCluster = labels.length == 2 || (labels.length >= 3 && labels[2].equals("svc"));
        return new Target(inCluster ? labels[1] : own, labels[0], null);
    }

    /**
     * Which pod to read.
     *
     * @param namespace where to look: the endpoint's ({@code <deployment>.<namespace>.svc…}), else
     *     {@value #NAMESPACE_VAR}, else null for the client's (the kubeconfig context's, or the pod's own)
     * @param deployment the Deployment whose selector finds the pod, or null when the pod is named
     * @param pod the pod's name, or null when it is found through the Deployment
     */
    public record Target(String namespace, String deployment, String pod) {

        /** How the pod is found, for the plan line. */
        public String describe() {
            String where = namespace == null ? "the current namespace" : "namespace " + namespace;
            return deployment == null
                    ? "pod " + pod + " in " + where
                    : "the first pod of Deployment " + deployment + ", by its selector's app label, in " + where;
        }

        /**
         * Finds the pod and reads its log.
         *
         * @throws K8sException (execution) when the Deployment or the pod is not there or the API server refuses;
         *     (config) when the log is empty
         */
        public Found read(KubernetesClient client) {
            String namespace = this.namespace != null
                    ? this.namespace
                    : client.getNamespace() != null ? client.getNamespace() : "default";
            Api api = new Api(client, namespace);
            String name = pod;
            String how = "named by --server-pod";
            if (deployment != null) {
                name = firstPod(api, namespace);
                how = "Deployment " + deployment + "'s pod";
            }
            String podName = name;
            Pod p = api.call(
                    "read pod " + podName,
                    () -> client.pods().inNamespace(namespace).withName(podName).get());
            if (p == null) {
                throw K8sException.execution("no pod " + podName + " in namespace " + namespace
                        + " (--server-pod): check the name with kubectl get pods -n " + namespace);
            }
            String container = p.getSpec().getContainers().get(0).getName();
            String text = api.call(
                    "read the log of pod " + podName + " (pods/log)",
                    () -> client.pods()
                            .inNamespace(namespace)
                            .withName(podName)
                            .inContainer(container)
                            .getLog());
            if (text == null || text.isBlank()) {
                throw new K8sException(
                        K8sException.CONFIG,
                        "the log of pod " + podName + " (container " + container + ") in namespace " + namespace
                                + " is empty: the nop harness needs the log of a vLLM server that has started (and"
                                + " was not restarted since: the log of a restarted container begins again)");
            }
            return new Found(namespace, podName, container, how, text);
        }

        private String firstPod(Api api, String namespace) {
            KubernetesClient client = api.client();
            Deployment d = api.call(
                    "read Deployment " + deployment + " (apps/deployments)",
                    () -> client.apps()
                            .deployments()
                            .inNamespace(namespace)
                            .withName(deployment)
                            .get());
            if (d == null) {
                throw K8sException.execution("no Deployment " + deployment + " in namespace " + namespace
                        + " (the first label of the server URL's host): is the vLLM standalone server deployed"
                        + " there? Otherwise name its pod: --server-pod NAME");
            }
            LabelSelector sel = d.getSpec() == null ? null : d.getSpec().getSelector();
            String app = sel == null || sel.getMatchLabels() == null
                    ? null
                    : sel.getMatchLabels().get("app");
            if (app == null) {
                throw K8sException.execution("Deployment " + deployment + " in namespace " + namespace
                        + " has no app label in spec.selector.matchLabels (llm-d's standalone Deployments have one):"
                        + " name the server pod instead: --server-pod NAME");
            }
            List<Pod> pods = api.call(
                    "list the pods labelled app=" + app,
                    () -> client.pods()
                            .inNamespace(namespace)
                            .withLabel("app", app)
                            .list()
                            .getItems());
            return pods.stream()
                    .min(Comparator.comparing((Pod p) -> !running(p))
                            .thenComparing(p -> p.getMetadata().getName()))
                    .map(p -> p.getMetadata().getName())
                    .orElseThrow(() -> K8sException.execution("no pod labelled app=" + app + " (the selector of"
                            + " Deployment " + deployment + ") in namespace " + namespace
                            + ": is the vLLM server running? (kubectl get pods -l app=" + app + " -n " + namespace
                            + ")"));
        }

        private static boolean running(Pod p) {
            return p.getStatus() != null && "Running".equals(p.getStatus().getPhase());
        }
    }

    /**
     * A client for reading the log: the kubeconfig named by {@code KUBECONFIG} in {@code env} when set, else
     * fabric8's own search (in a launcher pod: its service account). Three retries, as {@code harness k8s run}.
     */
    public static KubernetesClient client(Map<String, String> env) {
        String kubeconfig = env.get("KUBECONFIG");
        Config base;
        if (kubeconfig != null && !kubeconfig.isBlank()) {
            base = Config.fromKubeconfig(new File(kubeconfig.split(File.pathSeparator)[0]));
        } else {
            base = Config.autoConfigure(null);
        }
        return new KubernetesClientBuilder()
                .withConfig(
                        new ConfigBuilder(base).withRequestRetryBackoffLimit(3).build())
                .build();
    }
}
