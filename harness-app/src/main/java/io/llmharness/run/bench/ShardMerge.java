package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.report.RunInfo;
import io.llmharness.report.format.BenchReport;
import io.llmharness.run.RunConsole;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code harness merge}: one run directory from the shards of a sharded run ({@code harness bench --shard I/N}),
 * with the files one {@code harness bench} run writes. Counts, token totals and rates are exact sums over the
 * shards' requests, percentiles come from the shards' summed HdrHistograms, and a per-shard table (requests,
 * failures, start instant, clock offset) goes to the terminal and into summary.json. See docs/bench.md.
 */
public final class ShardMerge {

    /** Default of {@code --max-clock-offset-ms}. */
    public static final double DEFAULT_MAX_CLOCK_OFFSET_MS = 250;

    /**
     * What to merge.
     *
     * @param dirs shard run directories, or directories holding them
     * @param outputDir the merged run directory goes into it
     * @param allowMissing merge what exists when shards are missing
     * @param maxClockOffsetMs warn about shards whose clock is further than this from the server's
     * @param toolVersion this tool's version
     * @param commandLine the command as typed
     */
    public record Request(
            List<Path> dirs,
            Path outputDir,
            boolean allowMissing,
            double maxClockOffsetMs,
            String toolVersion,
            List<String> commandLine) {}

    private ShardMerge() {}

    /**
     * Merges and prints the per-shard table and the merged stage lines.
     *
     * @return the merged run directory
     * @throws HarnessException (config) when the directories are not the shards of one run, naming the difference
     */
    public static Path execute(Request req, RunConsole console) {
        List<MergeShard.ShardId> ids = new ArrayList<>();
        for (Path d : MergeShard.find(req.dirs())) {
            ids.add(MergeShard.id(d));
        }
        List<Integer> missing = MergeCheck.check(ids, req.allowMissing());
        ids.sort(Comparator.comparingInt(MergeShard.ShardId::index));
        List<MergeShard> shards = ids.stream().map(MergeShard::read).toList();
        List<String> warnings = new ArrayList<>();
        int count = ids.get(0).count();
        if (!missing.isEmpty()) {
            warnings.add("merged " + shards.size() + " of " + count + " shards (--allow-missing); missing: "
                    + String.join(
                            ", ", missing.stream().map(i -> i + "/" + count).toList())
                    + "; totals and rates cover only the shards present");
        }
        List<MergeTable.Row> table = shards.stream().map(MergeTable::row).toList();
        for (MergeTable.Row r : table) {
            if (MergeTable.skewed(r, req.maxClockOffsetMs())) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "shard %d: clock offset %s against the server exceeds %.0f ms: its stages ran out of step"
                                + " with the other shards by about that much (fix the time sync on that machine)",
                        r.index(),
                        MergeTable.offset(r),
                        req.maxClockOffsetMs()));
            }
        }
        MergeShard first = shards.get(0);
        String workload = first.id().profileName().replaceFirst("\\.ya?ml$", "");
        String runId = BenchFiles.runId(first.id().harness(), workload, null) + "-merged";
        Path dir = BenchFiles.create(req.outputDir(), runId);
        RunInfo info = new RunInfo(
                dir.getFileName().toString(),
                req.toolVersion(),
                req.commandLine(),
                earliest(shards, "start"),
                latest(shards));
        MergeHistograms hists = MergeHistograms.read(shards);
        BenchReport report = MergeReport.build(shards, info, hists, warnings);
        MergeHealth health = MergeHealth.of(shards);
        MergeFiles.write(dir, report, shards, hists, table, missing, req.commandLine(), health);
        console.result("harness: merged " + shards.size() + " of " + count + " shards of "
                + first.id().profileName());
        MergeTable.lines(table).forEach(l -> console.result("  " + l));
        for (var s : report.stages()) {
            console.result(BenchLines.stage(s));
            String line = health.line(s.index());
            if (line != null) {
                console.result(line);
            }
        }
        BenchLines.total(report, dir.toString(), health.limited()).forEach(console::result);
        report.warnings().forEach(w -> console.note("harness: warning: " + w));
        return dir;
    }

    private static Instant earliest(List<MergeShard> shards, String field) {
        return shards.stream()
                .map(s -> Instant.parse(s.summary().path("run").path(field).asText()))
                .min(Comparator.naturalOrder())
                .orElseThrow();
    }

    private static Instant latest(List<MergeShard> shards) {
        Instant start = earliest(shards, "start");
        return shards.stream()
                .map(s -> s.summary().path("run").path("end").asText(null))
                .filter(e -> e != null && !e.equals("null"))
                .map(Instant::parse)
                .max(Comparator.naturalOrder())
                .filter(e -> !e.isBefore(start))
                .orElse(start);
    }
}
