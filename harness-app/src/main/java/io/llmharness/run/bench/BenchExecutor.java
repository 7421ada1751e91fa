package io.llmharness.run.bench;

import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.report.RunInfo;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.StageResult;
import io.llmharness.report.render.HtmlFormat;
import io.llmharness.report.render.RunReports;
import io.llmharness.run.RunConsole;
import io.llmharness.run.ServerMetricsScraper;
import io.llmharness.run.SilenceWatch;
import io.llmharness.secret.PrivateFiles;
import io.llmharness.secret.Secrets;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.PromptSources;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one {@code harness bench}: locate and render the profile, start or check the server, find the model and the
 * tokenizer, generate the prompts, drive the stages over the HTTP client, and write the run directory — also when
 * the run is interrupted or the server stops answering (then with what was measured).
 */
public final class BenchExecutor {

    /** Most requests in flight when the profile sets no cap (an open-loop load past saturation queues beyond). */
    static final int DEFAULT_MAX_IN_FLIGHT = 1024;

    private BenchExecutor() {}

    /**
     * How a run ended.
     *
     * @param runDir the run directory, or null for a dry run
     * @param report what was measured, or null for a dry run
     * @param failure why the run stopped early (server unreachable, too many failures), or null
     * @param interrupted whether it was interrupted (Ctrl-C)
     * @param verdict the verdict on failed requests, or null for a dry run
     * @param replayLines a trace replay's schedule fidelity and sessions, for the terminal (empty without a replay)
     * @param health the client-health verdict of each stage and of the run, or null for a dry run
     */
    public record Outcome(
            Path runDir,
            BenchReport report,
            String failure,
            boolean interrupted,
            BenchVerdict verdict,
            List<String> replayLines,
            BenchHealth health) {
        public Outcome {
            replayLines = replayLines == null ? List.of() : List.copyOf(replayLines);
        }
    }

    /**
     * Executes a request.
     *
     * @param withModelInRunId add the model to the run id (several models in one command)
     * @throws HarnessException for a bad profile (config), bad usage, or a server that cannot be reached (before
     *     anything is written)
     */
    public static Outcome execute(
            BenchRequest req, RunConsole console, BenchControl control, boolean withModelInRunId) {
        ProfileSource source = req.locateProfile();
        boolean dry = req.options().dryRun();
        BenchTarget target = null;
        try {
            String endpoint = req.target().endpoint();
            String endpointFrom = req.target().endpointFrom();
            if (req.target().simulate() && !dry) {
                target = BenchTarget.simulate(
                        blankToNull(req.target().model()),
                        req.access().early(true).apiKey(),
                        line -> {});
                endpoint = target.baseUrl();
                endpointFrom = "--simulate";
                console.note("harness: started the embedded vllm simulator at " + endpoint);
                if (blankToNull(req.target().model()) == null) {
                    req = req.withTarget(req.target().withModel(target.servedModel(), "the embedded simulator"));
                }
            } else if (req.target().simulate()) {
                endpoint = "http://127.0.0.1:0";
                endpointFrom = "--simulate (started only by a real run)";
            }
            ResolvedBench r = BenchResolver.resolve(req, source, endpoint, endpointFrom, !dry);
            r.warnings().forEach(w -> console.note("harness: warning: " + w));
            req.options().shard().apply(r.spec().load()); // a load that cannot be split fails before anything runs
            if (r.baseUrl() == null) {
                throw HarnessException.usage("no server to send to: pass --endpoint URL, set " + BenchResolver.URL_VAR
                        + ", or --simulate (" + source.display() + " has no server.base_url)");
            }
            String targetLine = (target != null && target.simulated() ? "embedded vllm simulator at " : "")
                    + String.join(", ", r.baseUrls());
            if (dry) {
                ResolvedTokenizer tok =
                        r.tokenizer() == null ? null : r.tokenizer().open(false);
                console.result("# rendered profile " + source.renderedName() + " (from " + source.display() + ")");
                console.result(Secrets.redactYaml(r.profile().text()).stripTrailing());
                console.result("");
                if (req.options().shard().sharded()) {
                    console.result("shard " + req.options().shard() + ": "
                            + req.options().shard().apply(r.spec().load()).stages().stream()
                                    .map(Stage::describe)
                                    .toList());
                }
                BenchLines.plan(
                                r,
                                targetLine,
                                tok,
                                r.spec().data().describe(),
                                req.target().simulate())
                        .forEach(console::result);
                close(tok);
                console.result("dry run: nothing was sent");
                return new Outcome(null, null, null, false, null, null, null);
            }
            if (target == null) {
                target = BenchTarget.external(r.baseUrl());
                target.check(r.baseUrlFrom(), r.access());
                for (String other : r.baseUrls().subList(1, r.baseUrls().size())) {
                    BenchTarget.external(other).check(r.baseUrlFrom(), r.access());
                }
            }
            ResolvedTokenizer tokenizer =
                    r.tokenizer() == null ? null : r.tokenizer().open(true);
            if (tokenizer != null && !tokenizer.isExact() && !target.simulated()) {
                console.note("harness: warning: prompt lengths and client token counts use the synthetic vocabulary,"
                        + " an estimate for a real model: no tokenizer.json of the model and no /tokenize on the"
                        + " server (give one with --tokenizer PATH; the tokenizer lines say what was tried)");
            }
            try {
                return run(req, r, target, tokenizer, targetLine, console, control, withModelInRunId);
            } finally {
                close(tokenizer);
            }
        } finally {
            if (target != null) {
                target.close();
            }
        }
    }

    private static Outcome run(
            BenchRequest req,
            ResolvedBench r,
            BenchTarget target,
            ResolvedTokenizer tokenizer,
            String targetLine,
            RunConsole console,
            BenchControl control,
            boolean withModel) {
        WorkloadSpec spec = r.spec();
        long needed = spec.load().largestStageRequests();
        long t0 = System.nanoTime();
        Shard shard = req.options().shard();
        Stage.Replay replay = spec.load().replay();
        PromptFeed prompts = replay != null
                ? PromptSources.replay(
                        replay.plan(),
                        tokenizer.tokenizer(),
                        spec.load().seed(),
                        spec.api().endpoint())
                : shard.partition(PromptSources.create(
                        spec.data(),
                        tokenizer == null ? null : tokenizer.tokenizer(),
                        spec.load().seed(),
                        needed,
                        spec.api().endpoint()));
        String data = prompts.describe();
        LoadSpec load = shard.apply(spec.load());
        BenchLines.plan(r, targetLine, tokenizer, data, target.simulated()).forEach(console::result);
        console.note(String.format(
                java.util.Locale.ROOT, "harness: prompts ready in %.1f s", (System.nanoTime() - t0) / 1e9));
        Path dir = BenchFiles.create(req.options().outputDir(), BenchFiles.runId(r, withModel));
        String profileFile = BenchFiles.writeInputs(dir, r, req, tokenizer, targetLine);
        ClockProbe.Result clock = ShardFile.clock(shard, req.options().startAt(), r.baseUrl());
        Instant start = Instant.now();
        Vertx vertx = Vertx.vertx();
        Duration scrapeEvery = req.options().metricsInterval();
        StageProgress progress = new StageProgress(console.errStream());
        Secrets.register(r.spec().server().apiKey()); // kept out of harness.log, report.html and messages
        ClientOptions options = clientOptions(req, r);
        ServerMetricsScraper scraper = scrapeEvery == null
                ? null
                : ServerMetricsScraper.start(r.baseUrls(), dir, scrapeEvery, options.transport());
        try {
            LlmClient client = LlmClient.start(vertx, options).await();
            StageSamplers samplers = new StageSamplers(client);
            Map<String, String> failure = new HashMap<>();
            BenchRun run = new BenchRun(
                            Clock.system(),
                            new ClientSender(client, spec),
                            prompts,
                            load,
                            spec.api().streaming(),
                            req.options().warmupRequests(),
                            listener(console, scraper, progress, samplers))
                    .warmupTime(req.options().warmupTime())
                    .jitNice(req.options().jitNice());
            progress.inFlight(run::inFlight);
            ShardStart shardStart = ShardStart.plan(shard, req.options().startAt(), Clock.system());
            shardStart.deadlineNs().ifPresent(run::startAt);
            shardStart.describe().forEach(console::note);
            client.onAbort(a -> {
                synchronized (failure) {
                    failure.putIfAbsent("reason", a.message());
                }
                run.stop(a.message());
                client.shutdown("run aborted");
            });
            target.crashed().thenAccept(reason -> {
                synchronized (failure) {
                    failure.putIfAbsent("reason", "the simulated server died: " + reason);
                }
                run.stop("server died");
                client.shutdown("server died");
            });
            control.onInterrupt(() -> {
                run.stop("interrupted");
                client.shutdown("interrupted");
            });
            List<StageRun> stages;
            try (SilenceWatch silence =
                    SilenceWatch.start(client, SilenceWatch.interval(req.env().variables()), console::note)) {
                stages = run.run();
            } finally {
                control.onInterrupt(null);
                samplers.close();
            }
            var snap = client.snapshot();
            var endpointStats = client.endpointStats();
            client.close().await();
            Instant end = Instant.now();
            ServerMetricsSummary serverMetrics = null;
            if (scraper != null) {
                scraper.close(); // the last scrape, then server_metrics.parquet
                serverMetrics = RunOutputs.serverMetrics(
                        dir, snap.wallClockAnchor(), BenchOutputs.windows(stages, snap.nanoAnchor()));
            }
            String reason;
            synchronized (failure) {
                reason = failure.get("reason");
            }
            String stop = control.interrupted() ? "interrupted" : reason;
            RunInfo info = new RunInfo(
                    dir.getFileName().toString(),
                    req.options().toolVersion(),
                    Secrets.redactArgs(req.options().commandLine()),
                    start,
                    end);
            BenchReport report = BenchOutputs.report(
                    new BenchOutputs.Context(
                            info,
                            spec,
                            profileFile,
                            Secrets.redactYaml(r.profile().text()),
                            r.model(),
                            Secrets.redact(r.baseUrl()),
                            tokenizer,
                            data,
                            snap.wallClockAnchor(),
                            snap.nanoAnchor(),
                            stop,
                            r.warnings(),
                            serverMetrics,
                            r.baseUrls().stream().map(Secrets::redact).toList(),
                            endpointStats),
                    stages);
            BenchOutputs.write(report, dir);
            if (spec.report().prometheus() != null) {
                PrometheusReports.write(
                        spec.report().prometheus(),
                        spec.server().type(),
                        r.model(),
                        stages,
                        snap.wallClockAnchor(),
                        snap.nanoAnchor(),
                        dir,
                        console,
                        control);
            }
            BenchVerdict verdict = BenchVerdict.of(report, req.access());
            Map<String, Object> added = new LinkedHashMap<>(verdict.summaryFields());
            BenchHealth health =
                    BenchHealth.of(stages, samplers.samples(), req.options().clientHealth());
            if (!health.isEmpty()) {
                Map<String, Object> section = health.section();
                section.put("warm_up", run.warmupReport().toMap());
                added.put("client_health", section);
            }
            ReplaySummary replayed = ReplaySummary.of(stages);
            if (replayed != null) {
                replayed = replayed.judged(health.replay(stages));
                added.putAll(replayed.summaryFields());
            }
            Map<Integer, Map<String, Object>> perStage = new LinkedHashMap<>();
            health.stageSections().forEach((k, v) -> perStage.put(k, Map.of("client_health", v)));
            SummaryFields.add(dir, added, perStage);
            RunReports.Written page = RunReports.writeBench(dir, BenchOutputs.snapshot(report));
            page.problems().forEach(p -> console.note("harness: warning: report " + p));
            ShardFile.write(dir, shardStart, stages, clock);
            PrivateFiles.seal(dir);
            return new Outcome(
                    dir,
                    report,
                    control.interrupted() ? null : reason,
                    control.interrupted(),
                    verdict,
                    replayed == null ? null : replayed.lines(),
                    health);
        } finally {
            progress.close();
            if (scraper != null) {
                scraper.close();
            }
            vertx.close().await();
        }
    }

    private static BenchRun.Listener listener(
            RunConsole console, ServerMetricsScraper scraper, StageProgress progress, StageSamplers samplers) {
        return new BenchRun.Listener() {
            @Override
            public void stageStarted(int index, Stage stage) {
                console.note("harness: stage " + index + ": " + stage.describe());
                if (scraper != null) {
                    // between stages, before the stage takes its start time: its counters then start exactly
                    // here, at the cost of one /metrics round trip before its first request is scheduled
                    scraper.scrapeNow();
                }
                progress.start(index, stage);
                samplers.stageStarted(index, stage); // last: right before the stage's first request
            }

            @Override
            public void requestDone(boolean ok) {
                progress.done(ok);
            }

            @Override
            public void stageEnded(StageRun run) {
                samplers.stageEnded(run); // first: the stage's last request has just ended
                progress.close();
                if (scraper != null) {
                    scraper.scrapeNow(); // every request of the stage has finished: its counters end here
                }
            }

            @Override
            public void note(String line) {
                console.note("harness: " + line);
            }

            @Override
            public void warmedUp(String line) {
                console.note("harness: " + line);
            }
        };
    }

    static ClientOptions clientOptions(BenchRequest req, ResolvedBench r) {
        WorkloadSpec spec = r.spec();
        int cap = spec.load().maxInFlight();
        for (Stage s : spec.load().stages()) {
            if (s instanceof Stage.Concurrency c) {
                cap = Math.max(cap, c.concurrency());
            }
        }
        var transport = BenchAccess.transport(r.access(), spec);
        return ClientOptions.builder()
                .baseUrls(r.baseUrls())
                .urlSource(r.baseUrlFrom())
                .endpointType(spec.api().endpoint())
                .api(new ApiSettings(r.model(), spec.sampling(0), false, GuidedDecoding.RESPONSE_FORMAT, false))
                .collectText(true)
                .keepChunkTimes(true)
                .maxInFlight(cap > 0 ? cap : DEFAULT_MAX_IN_FLIGHT)
                .transport(transport)
                .maxConsecutiveFailures(req.options().maxConsecutiveFailures())
                .retry(RetryPolicy.ofRetries(req.options().maxRetries()))
                .expectedRequests(
                        (int) Math.min(1 << 20, Math.max(1024, spec.load().largestStageRequests() * 2)))
                .build();
    }

    /** Frees a tokenizer's native memory (a {@code tokenizer.json} read through DJL). */
    private static void close(ResolvedTokenizer t) {
        if (t != null && t.tokenizer() instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                // nothing was written through it; the run's result stands
            }
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() || s.equals("auto") ? null : s;
    }

    /** Prints the per-stage lines and the totals. */
    public static void printResults(RunConsole console, Outcome o) {
        if (o.report() == null) {
            return;
        }
        for (StageResult s : o.report().stages()) {
            console.result(BenchLines.stage(s));
            String health = o.health() == null ? null : o.health().line(s.index());
            if (health != null) {
                console.result(health);
            }
        }
        BenchLines.total(
                        o.report(),
                        o.runDir().toString(),
                        o.health() != null && o.health().limited())
                .forEach(console::result);
        o.replayLines().forEach(console::result);
        if (o.verdict() != null) {
            o.verdict().lines(o.runDir()).forEach(console::result);
        }
        Path html = o.runDir().resolve(HtmlFormat.FILE);
        if (Files.isRegularFile(html)) {
            console.result("Report: " + html);
        }
    }
}
