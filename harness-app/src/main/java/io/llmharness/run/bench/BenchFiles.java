package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.llmharness.error.HarnessException;
import io.llmharness.metrics.HealthThresholds;
import io.llmharness.secret.PrivateFiles;
import io.llmharness.secret.Secrets;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.workload.spec.Stage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run directory and the files written before the load starts: the rendered profile (under its llm-d name,
 * e.g. {@code sanity_random.yaml}) and {@code config.resolved.yaml}, whose {@code rerun} line repeats the run from
 * the rendered profile.
 */
final class BenchFiles {

    static final String RESOLVED = "config.resolved.yaml";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private BenchFiles() {}

    /** {@code <date>-<time>-bench-<harness>-<workload>[-<model>]}. */
    static String runId(ResolvedBench r, boolean withModel) {
        return runId(r.spec().harness().dirName(), r.profile().source().workloadName(), withModel ? r.model() : null);
    }

    /** {@code <date>-<time>-bench-<harness>-<workload>[-<model>]}; {@code model} null for none. */
    static String runId(String harness, String workload, String model) {
        String id = STAMP.format(LocalDateTime.now()) + "-bench-" + harness + "-" + workload;
        if (model != null) {
            id += "-" + model.substring(model.lastIndexOf('/') + 1);
        }
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Creates the run directory, with a suffix when one of the same name exists. */
    static Path create(Path outputDir, String runId) {
        Path dir = outputDir.resolve(runId);
        for (int i = 2; Files.exists(dir); i++) {
            dir = outputDir.resolve(runId + "-" + i);
        }
        try {
            PrivateFiles.createFolder(dir);
        } catch (IOException e) {
            String message = "--output-dir " + outputDir + ": cannot create the run directory " + dir + " ("
                    + io.llmharness.run.RunExecutor.why(e) + ")";
            throw io.llmharness.run.RunExecutor.badOutputDir(e)
                    ? HarnessException.config(message)
                    : HarnessException.execution(message, e);
        }
        return dir;
    }

    /** Writes the rendered profile and config.resolved.yaml; returns the profile's file name. */
    static String writeInputs(Path dir, ResolvedBench r, BenchRequest req, ResolvedTokenizer tokenizer, String target) {
        String name = r.profile().source().renderedName();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run_id", dir.getFileName().toString());
        doc.put("rerun", rerun(dir.resolve(name), r, req));
        doc.put("command_line", Secrets.redactArgs(req.options().commandLine()));
        doc.put("harness", r.spec().harness().dirName());
        doc.put("semantics", "read and run with " + r.spec().harness().dirName() + " semantics");
        doc.put("profile", r.profile().source().display());
        doc.put("rendered_profile", name);
        doc.put(
                "overrides",
                req.profile().overrides().entries().stream()
                        .map(e -> e.key() + "=" + Secrets.redactValue(e.key(), e.value()))
                        .toList());
        Map<String, String> vars = new LinkedHashMap<>();
        Map<String, String> env = BenchResolver.env(req, r.model(), r.baseUrl());
        for (String v : r.profile().variables().stream().sorted().toList()) {
            vars.put(v, env.get(v) == null ? null : Secrets.redactValue(v, env.get(v)));
        }
        doc.put("environment", vars);
        doc.put("target", Secrets.redact(target));
        doc.put("base_url", Secrets.redact(r.baseUrl()));
        if (r.baseUrls().size() > 1) {
            doc.put("base_urls", r.baseUrls().stream().map(Secrets::redact).toList());
        }
        doc.put("access", r.access().describe());
        if (r.spec().api().sessionIdHeader() != null) {
            doc.put("session_id_header", r.spec().api().sessionIdHeader());
        }
        if (r.spec().api().sessionTokenHeader() != null) {
            doc.put("session_token_header", r.spec().api().sessionTokenHeader());
        }
        doc.put("model", r.model());
        doc.put("model_from", r.modelFrom());
        doc.put("tokenizer", tokenizer(tokenizer));
        doc.put("seed", r.spec().load().seed());
        doc.put("warmup_requests", req.options().warmupRequests());
        doc.put("warmup_seconds", req.options().warmupTime().toMillis() / 1e3);
        doc.put("jit_nice", req.options().jitNice().nice());
        doc.put("stages", r.spec().load().stages().stream().map(Stage::describe).toList());
        doc.put("data", r.spec().data().describe());
        doc.put("slo_seconds", r.spec().report().goodputSeconds());
        doc.put("client_health_thresholds", req.options().clientHealth().toMap());
        doc.put("warnings", r.warnings());
        write(dir, name, Secrets.redactYaml(r.profile().text()), doc);
        return name;
    }

    /** Writes the rendered profile under {@code name} and {@code config.resolved.yaml} with {@code doc}. */
    static void write(Path dir, String name, String profile, Map<String, Object> doc) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
        Path file = dir.resolve(name);
        try {
            Files.writeString(file, profile);
            file = dir.resolve(RESOLVED);
            Files.writeString(
                    file,
                    "# Resolved configuration of harness bench run " + dir.getFileName()
                            + "; 'rerun' repeats it from the rendered profile (a new run directory is created).\n"
                            + Secrets.redact(yaml.writeValueAsString(doc)));
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The tokenizer used, its kind of source and why better ones were not used; null when none was needed. */
    private static Map<String, Object> tokenizer(ResolvedTokenizer t) {
        if (t == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", t.tokenizer().source());
        m.put("kind", t.kind().name().toLowerCase(Locale.ROOT));
        m.put("not_used", t.notes());
        return m;
    }

    private static String rerun(Path rendered, ResolvedBench r, BenchRequest req) {
        List<String> a = new ArrayList<>(
                List.of("harness", "bench", "-l", r.spec().harness().dirName()));
        a.addAll(List.of("-w", rendered.toAbsolutePath().toString()));
        if (req.target().simulate()) {
            a.add("--simulate");
        } else if (r.baseUrl() != null) {
            a.addAll(List.of("--endpoint", String.join(",", r.baseUrls())));
        }
        if (r.model() != null) {
            a.addAll(List.of("-m", r.model()));
        }
        if (req.target().tokenizer() != null) {
            a.addAll(List.of("--tokenizer", req.target().tokenizer()));
        }
        a.addAll(List.of("--seed", Long.toString(r.spec().load().seed())));
        a.addAll(List.of("--warmup-requests", Integer.toString(req.options().warmupRequests())));
        a.addAll(List.of("--warmup-seconds", fmtSeconds(req.options().warmupTime())));
        if (req.options().jitNice().chosen()) {
            a.addAll(List.of(
                    "--jit-nice", Integer.toString(req.options().jitNice().nice())));
        }
        Map<String, Object> defaults = HealthThresholds.defaults().toMap();
        req.options().clientHealth().toMap().forEach((k, v) -> {
            if (!v.equals(defaults.get(k))) {
                a.addAll(List.of("--client-health-threshold", k + "=" + v));
            }
        });
        a.addAll(List.of(
                "--output-dir", req.options().outputDir().toAbsolutePath().toString()));
        return String.join(" ", a.stream().map(BenchFiles::quote).toList());
    }

    /** Seconds as the shortest decimal that says them ({@code 30}, {@code 2.5}). */
    static String fmtSeconds(java.time.Duration d) {
        return new java.math.BigDecimal(d.toNanos())
                .movePointLeft(9)
                .stripTrailingZeros()
                .toPlainString();
    }

    static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:=,@+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
