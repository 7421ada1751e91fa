package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.k8s.collect.ServerPodLog;
import io.llmharness.run.RunConsole;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.RenderedProfile;
import io.llmharness.workload.nop.NopHarness;
import io.llmharness.workload.nop.NopOutcome;
import io.llmharness.workload.nop.NopResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code harness bench -l nop}: llm-d-benchmark's nop harness. It sends no load; it renders the nop profile (which
 * it does not read, as llm-d), takes a vLLM server log — a file ({@code --server-log}: the {@code server.log} of a
 * {@code harness run --server-config}, the {@code server_logs/<name>.log} of {@code harness server start}, or any
 * vLLM log) or the log of the embedded simulator it starts and stops ({@code --simulate}) — and writes the
 * start-up and model-load report of {@link NopHarness} into the run directory, beside the rendered profile and
 * {@code config.resolved.yaml}. With {@code --server-pod} the log is a Kubernetes pod's, read through the API
 * server ({@link PodLogSource}) and saved in the run directory first. The model comes from {@code -m}/{@code
 * LLMDBENCH_DEPLOY_CURRENT_MODEL}, else the server's {@code /v1/models} when an endpoint is known, else the log's
 * engine arguments.
 */
public final class NopBench {

    /** Where the embedded simulator's log is written in the run directory. */
    static final String SIMULATOR_LOG = "server.log";

    private NopBench() {}

    /**
     * Runs the nop harness.
     *
     * @return the exit code: 0 when the log holds a vLLM start-up, 3 when it holds nothing of one (the files are
     *     written either way)
     * @throws HarnessException usage (no log named, or the file does not exist), config (bad profile, unreadable
     *     log), execution (the run directory cannot be written, the simulator does not start)
     */
    public static int execute(BenchRequest req, RunConsole console) {
        BenchRequest.TargetChoice t = req.target();
        List<String> sources = new ArrayList<>();
        if (t.serverLog() != null) {
            sources.add("--server-log " + t.serverLog());
        }
        if (t.serverPod() != null) {
            sources.add("--server-pod " + t.serverPod());
        }
        if (t.simulate()) {
            sources.add("--simulate");
        }
        if (sources.size() > 1) {
            throw HarnessException.usage(String.join(" and ", sources) + " each say which log to read: give one"
                    + " (--simulate reads the log of the simulator it starts)");
        }
        if (sources.isEmpty()) {
            throw HarnessException.usage("the nop harness reads a vLLM server log: give --server-log FILE (the"
                    + " server.log of a 'harness run --server-config' run, server_logs/<name>.log of 'harness server"
                    + " start', or any vLLM log), --server-pod NAME|auto to read a pod's log through the Kubernetes"
                    + " API, or --simulate to read the embedded simulator's");
        }
        if (t.serverLog() != null && !Files.isRegularFile(t.serverLog())) {
            throw HarnessException.usage("--server-log " + t.serverLog()
                    + (Files.isDirectory(t.serverLog()) ? ": a folder, not a log file" : ": no such file"));
        }
        ServerPodLog.Target pod =
                t.serverPod() == null ? null : PodLogSource.target(t, req.env().variables());
        ProfileSource source = req.env()
                .locator()
                .locate(HarnessKind.NOP, req.profile().workload(), req.profile().workloadFrom());
        boolean dry = req.options().dryRun();
        String model = blankOrAuto(t.model());
        String modelFrom = t.modelFrom();
        if (model == null && t.endpoint() != null && !dry) {
            try {
                model = BenchTarget.discoverModel(t.endpoint());
                modelFrom = "GET " + t.endpoint() + "/v1/models";
            } catch (HarnessException e) {
                console.note("harness: the model name comes from the log: " + t.endpointFrom() + " " + t.endpoint()
                        + " did not say (" + e.getMessage() + ")");
            }
        }
        Map<String, String> env = BenchResolver.env(req, model == null ? "auto" : model, t.endpoint());
        RenderedProfile rendered = RenderedProfile.render(
                source, req.profile().overrides(), req.profile().overridesFrom(), env);
        rendered.warnings().forEach(w -> console.note("harness: warning: " + w));
        String logLine = t.simulate()
                ? "the embedded vllm simulator's start-up log (started and stopped for this run)"
                : pod != null
                        ? "the log of " + pod.describe() + ", through the Kubernetes API"
                        : t.serverLog().toString();
        if (dry) {
            console.result("# rendered profile " + source.renderedName() + " (from " + source.display() + ")");
            console.result(rendered.text().stripTrailing());
            console.result("");
            plan(console, source, logLine, model, modelFrom);
            console.result("dry run: nothing was read or started");
            return 0;
        }
        Path dir = BenchFiles.create(
                req.options().outputDir(), BenchFiles.runId(HarnessKind.NOP.dirName(), source.workloadName(), null));
        Path log = t.serverLog();
        if (pod != null) {
            log = PodLogSource.save(pod, req.env().variables(), dir, console);
        }
        if (t.simulate()) {
            SimulatedLog sim = simulate(model, dir.resolve(SIMULATOR_LOG), console);
            log = sim.file();
            if (model == null) {
                model = sim.model();
                modelFrom = "the embedded simulator";
            }
        }
        plan(console, source, pod != null ? log + " (" + logLine + ")" : log.toString(), model, modelFrom);
        BenchFiles.write(
                dir, source.renderedName(), rendered.text(), resolved(dir, req, rendered, log, model, modelFrom));
        Map<String, String> nopEnv = new HashMap<>(req.env().variables());
        if (model != null) {
            nopEnv.put(NopResult.MODEL_ENV, model);
        } else if ("auto".equals(blankToEmpty(nopEnv.get(NopResult.MODEL_ENV)))) {
            nopEnv.remove(NopResult.MODEL_ENV);
        }
        NopOutcome o = NopHarness.run(log, dir, nopEnv, console.out(), console.err());
        return o.exitCode();
    }

    private static void plan(RunConsole console, ProfileSource source, String log, String model, String modelFrom) {
        console.result("harness bench: nop profile " + source.display() + ", run with nop semantics (no load: the"
                + " vLLM start-up and model-load report of a server log)");
        console.result("  server log: " + log);
        console.result("  model     : "
                + (model == null ? "from the log's engine arguments" : model + " (" + modelFrom + ")"));
    }

    /** The log of the embedded simulator, and the model it served. */
    private record SimulatedLog(Path file, String model) {}

    /** Starts the embedded simulator, waits until it is ready, stops it, and writes its log lines to {@code file}. */
    private static SimulatedLog simulate(String model, Path file, RunConsole console) {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        String served;
        try (BenchTarget sim = BenchTarget.simulate(model, null, lines::add)) {
            console.note("harness: started the embedded vllm simulator at " + sim.baseUrl() + " for its start-up log");
            served = sim.servedModel();
        }
        try {
            synchronized (lines) {
                Files.write(file, lines);
            }
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
        console.note("harness: the embedded simulator logs its version and engine arguments but no timed start-up"
                + " phases; run a real vLLM server (VLLM_LOGGING_LEVEL=DEBUG) for phase times");
        return new SimulatedLog(file, served);
    }

    private static Map<String, Object> resolved(
            Path dir, BenchRequest req, RenderedProfile rendered, Path log, String model, String modelFrom) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run_id", dir.getFileName().toString());
        List<String> rerun = new ArrayList<>(List.of(
                "harness",
                "bench",
                "-l",
                "nop",
                "-w",
                dir.resolve(rendered.source().renderedName()).toAbsolutePath().toString()));
        if (req.target().simulate()) {
            rerun.add("--simulate");
        } else {
            // a pod's log was saved in the run directory: the rerun reads that copy
            rerun.addAll(List.of("--server-log", log.toAbsolutePath().toString()));
        }
        if (model != null) {
            rerun.addAll(List.of("-m", model));
        }
        rerun.addAll(List.of(
                "--output-dir", req.options().outputDir().toAbsolutePath().toString()));
        doc.put("rerun", String.join(" ", rerun.stream().map(BenchFiles::quote).toList()));
        doc.put("command_line", req.options().commandLine());
        doc.put("harness", "nop");
        doc.put("semantics", "run with nop semantics: no load, the start-up report of a vLLM server log");
        doc.put("profile", rendered.source().display());
        doc.put("rendered_profile", rendered.source().renderedName());
        doc.put("server_log", log.toString());
        doc.put(
                "server_log_from",
                req.target().simulate()
                        ? "--simulate"
                        : req.target().serverPod() != null
                                ? "--server-pod " + req.target().serverPod()
                                : "--server-log");
        doc.put("model", model);
        doc.put("model_from", model == null ? "the log's engine arguments" : modelFrom);
        Map<String, String> vars = new LinkedHashMap<>();
        Map<String, String> env = BenchResolver.env(
                req, model == null ? "auto" : model, req.target().endpoint());
        for (String v : rendered.variables().stream().sorted().toList()) {
            vars.put(v, env.get(v));
        }
        doc.put("environment", vars);
        doc.put("warnings", rendered.warnings());
        return doc;
    }

    private static String blankOrAuto(String s) {
        return s == null || s.isBlank() || s.strip().equals("auto") ? null : s.strip();
    }

    private static String blankToEmpty(String s) {
        return s == null ? "" : s.strip();
    }
}
