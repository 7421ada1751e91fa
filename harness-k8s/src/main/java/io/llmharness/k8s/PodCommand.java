package io.llmharness.k8s;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a launcher pod, as a pure function of the run: the image's entry point is {@code harness},
 * so these are its arguments.
 *
 * <pre>
 * bench -l &lt;harness&gt; -w &lt;profile&gt; [-o &lt;overrides&gt;] --output-dir /requests/&lt;prefix&gt;_&lt;i&gt;
 *       [--shard &lt;i&gt;/&lt;N&gt; --start-at &lt;instant&gt;] [--server-pod auto] [extra args]
 * </pre>
 *
 * <p>{@code -w} is the ConfigMap file under {@code /workspace/profiles/<harness>/} when there is one, else the
 * profile name as given. {@code -o} is passed only when the pods render the profile themselves. With N &gt; 1 the
 * shard index is {@code $(JOB_COMPLETION_INDEX)} and the start instant {@code $(HARNESS_START_AT)}, which the
 * kubelet expands from the pod's environment (the Indexed Job's index and the ConfigMap's {@code start-at}). The
 * nop harness gets {@code --server-pod auto}: the launcher reads the vLLM standalone pod's log through the API
 * server, unless the extra args say where the log comes from ({@code --server-pod}, {@code --server-log},
 * {@code --simulate}).
 */
public final class PodCommand {

    /** The Indexed Job's completion index, set by Kubernetes (and declared in the pod spec). */
    public static final String INDEX_VAR = "JOB_COMPLETION_INDEX";
    /** The shared start instant, from the ConfigMap's {@code start-at} key. */
    public static final String START_AT_VAR = "HARNESS_START_AT";
    /** {@code harness bench}'s flag for share I of N (0 &lt;= I &lt; N). */
    public static final String SHARD_FLAG = "--shard";
    /** {@code harness bench}'s flag for the instant all shards start at (ISO-8601). */
    public static final String START_AT_FLAG = "--start-at";
    /** {@code harness bench -l nop}'s flag for the vLLM server pod whose log it reads ({@code auto}: find it). */
    public static final String SERVER_POD_FLAG = "--server-pod";
    /** llm-d's variable for the server's URL, which the nop launcher finds the server's Deployment from. */
    public static final String ENDPOINT_VAR = "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL";
    /** The nop harness: it reads a server log and sends no load. */
    public static final String NOP = "nop";
    /** {@code harness bench -l nop}'s flags that say where the log comes from; a user's one wins. */
    private static final List<String> LOG_SOURCES = List.of(SERVER_POD_FLAG, "--server-log", "--simulate");

    private PodCommand() {}

    /** The arguments of the launcher pods' container, with {@code $(VAR)} references for the index. */
    public static List<String> args(K8sRunSpec spec) {
        String index = spec.control().sharded() ? ref(INDEX_VAR) : "0";
        return args(spec, index, ref(START_AT_VAR));
    }

    /**
     * The arguments with a concrete index and start instant, as a user types them inside a debug pod.
     *
     * @param index the shard index (ignored when the run is not sharded)
     * @param startAt the start instant to pass with {@code --start-at} (ignored when not sharded)
     */
    public static List<String> args(K8sRunSpec spec, String index, String startAt) {
        K8sRunSpec.Bench bench = spec.bench();
        Names names = spec.names();
        List<String> args = new ArrayList<>();
        args.add("bench");
        args.add("-l");
        args.add(bench.harness());
        args.add("-w");
        args.add(bench.profile()
                .map(p -> names.profilesDir() + "/" + p.fileName())
                .orElse(bench.workload()));
        if (bench.podsRender()
                && bench.overrides() != null
                && !bench.overrides().isBlank()) {
            args.add("-o");
            args.add(bench.overrides());
        }
        String dirIndex = spec.control().sharded() ? index : "0";
        args.add("--output-dir");
        args.add(Names.RESULTS_MOUNT + "/" + names.resultsDir(dirIndex));
        if (spec.control().sharded()) {
            args.add(SHARD_FLAG);
            args.add(index + "/" + spec.control().parallelism());
            args.add(START_AT_FLAG);
            args.add(startAt);
        }
        if (bench.harness().equals(NOP)
                && bench.extraArgs().stream().noneMatch(a -> LOG_SOURCES.contains(a.split("=", 2)[0]))) {
            args.add(SERVER_POD_FLAG);
            args.add("auto");
        }
        args.addAll(bench.extraArgs());
        return List.copyOf(args);
    }

    /**
     * Whether the launchers would look for the server pod without an endpoint to start from: a nop run whose extra
     * args name no log source and no {@code --endpoint}, without {@code LLMDBENCH_HARNESS_STACK_ENDPOINT_URL} among
     * the variables copied into the pods.
     */
    public static boolean nopWithoutEndpoint(K8sRunSpec.Bench bench) {
        if (!bench.harness().equals(NOP)) {
            return false;
        }
        boolean named = bench.extraArgs().stream()
                .map(a -> a.split("=", 2)[0])
                .anyMatch(a -> LOG_SOURCES.contains(a) || a.equals("--endpoint"));
        String url = bench.forwardedEnv().get(ENDPOINT_VAR);
        return !named && (url == null || url.isBlank());
    }

    /** A Kubernetes {@code $(NAME)} reference, expanded by the kubelet from the container's environment. */
    public static String ref(String var) {
        return "$(" + var + ")";
    }

    /** The arguments as one shell line, single-quoting what needs it (for messages and {@code kubectl exec}). */
    public static String shellLine(List<String> words) {
        StringBuilder sb = new StringBuilder();
        for (String w : words) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(w.matches("[A-Za-z0-9_./:=,@%+-]+") ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }
}
