package io.llmharness.cli.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.run.bench.BenchRequest;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.SessionHistory;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Trace replay: {@code --trace FILE} and how to replay it. See docs/bench.md, "Replaying a trace". */
public final class TraceFlags {

    /** The flags that only mean something with {@code --trace}. */
    public static final List<String> REPLAY_FLAGS = List.of(
            "--trace-format",
            "--trace-block-size",
            "--speedup",
            "--trace-start",
            "--trace-end",
            "--max-requests",
            "--max-gap",
            "--sample-sessions",
            "--concurrent-sessions",
            "--session-rate",
            "--session-history",
            "--trace-model",
            "--trace-log-type",
            "--schedule-lag-threshold");

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description = "Replay this trace on its recorded schedule instead of the profile's stages and data"
                    + " (the profile still gives the API, server and tokenizer settings).")
    Path trace;

    @Option(
            names = "--trace-format",
            paramLabel = "FORMAT",
            description = "mooncake, azure, burstgpt or records (default: told from the file's name and first line).")
    String format;

    @Option(
            names = "--trace-block-size",
            paramLabel = "N",
            description = "Tokens per KV block of the trace's hash_ids (default: 512, Mooncake's).")
    Integer blockSize;

    @Option(
            names = "--speedup",
            paramLabel = "X",
            description = "Replay X times faster: recorded offsets and think times divided by X (default: 1).")
    Double speedup;

    @Option(
            names = "--trace-start",
            paramLabel = "S",
            description = "Replay from this second of the trace (sessions starting before it are left out).")
    Double start;

    @Option(
            names = "--trace-end",
            paramLabel = "S",
            description = "Replay up to this second of the trace (sessions starting at or after it are left out).")
    Double end;

    @Option(
            names = "--max-requests",
            paramLabel = "N",
            description = "Replay at most N rows, in the order their sessions start.")
    Long maxRequests;

    @Option(
            names = "--max-gap",
            paramLabel = "S",
            description = "Cut every idle gap between two arrivals of the replay to at most S seconds.")
    Double maxGap;

    @Option(
            names = "--sample-sessions",
            paramLabel = "SHARE",
            description = "Replay this share (0-1] of the sessions, whole, chosen from --seed.")
    Double sample;

    @Option(
            names = "--concurrent-sessions",
            paramLabel = "N",
            description = "At most N conversations alive at once, each holding its slot through its think times.")
    Integer concurrentSessions;

    @Option(
            names = "--session-rate",
            paramLabel = "R",
            description = "Start R new sessions per second instead of at their recorded times.")
    Double sessionRate;

    @Option(
            names = "--session-history",
            paramLabel = "server|recorded",
            description = "What a session's later turns send as the earlier answers: the server's real answers"
                    + " (default) or the recorded ones (output_length tokens of text, the same in every run).")
    String sessionHistory;

    @Mixin
    BurstGptFilterFlags filters = new BurstGptFilterFlags();

    @Option(
            names = "--schedule-lag-threshold",
            paramLabel = "MS",
            description = "Schedule lag p99 above which the replay is client-limited, ms (default: 5).")
    Double lagThresholdMs;

    @Option(
            names = "--session-id-header",
            paramLabel = "NAME",
            description = "Send each request of a multi-turn session with its session id in this header (default:"
                    + " the profile's api.session_id_header_key, else none).")
    String sessionIdHeader;

    @Option(
            names = "--session-token-header",
            paramLabel = "NAME",
            description = "Send back, on each later request of a session, the value the server returned in this"
                    + " response header (default: the profile's api.session_token_header_key, else none).")
    String sessionTokenHeader;

    /** {@code --session-token-header}, or null when not given (it also applies to a profile's multi-turn data). */
    public String sessionTokenHeader() {
        return sessionTokenHeader == null ? null : sessionTokenHeader.strip();
    }

    /** {@code --session-id-header}, or null when not given (it also applies to a profile's multi-turn data). */
    public String sessionIdHeader() {
        return sessionIdHeader == null ? null : sessionIdHeader.strip();
    }

    /** The trace to replay, or null without {@code --trace}. */
    public BenchRequest.TraceChoice toChoice(List<String> given) {
        if (trace == null) {
            List<String> orphans = REPLAY_FLAGS.stream().filter(given::contains).toList();
            if (!orphans.isEmpty()) {
                throw HarnessException.usage(
                        String.join(", ", orphans) + ": only with --trace FILE (the trace to" + " replay)");
            }
            return null;
        }
        TraceFormat f = null;
        if (format != null) {
            f = TraceFormat.byName(format.strip())
                    .orElseThrow(() -> HarnessException.usage("--trace-format '" + format + "': use one of "
                            + Arrays.stream(TraceFormat.values())
                                    .map(TraceFormat::cliName)
                                    .collect(Collectors.joining(", "))));
        }
        int block = blockSize == null ? Trace.DEFAULT_BLOCK_SIZE : blockSize;
        if (block < 1) {
            throw HarnessException.usage("--trace-block-size " + block + ": must be a positive number of tokens");
        }
        positive("--speedup", speedup);
        positive("--max-gap", maxGap);
        positive("--session-rate", sessionRate);
        if (start != null && !(start >= 0)) {
            throw HarnessException.usage("--trace-start " + start + ": must be >= 0 seconds");
        }
        if (end != null && !(end > (start == null ? 0 : start))) {
            throw HarnessException.usage(
                    "--trace-end " + end + ": must be after --trace-start (" + (start == null ? 0 : start) + " s)");
        }
        if (maxRequests != null && maxRequests < 1) {
            throw HarnessException.usage("--max-requests " + maxRequests + ": must be >= 1");
        }
        if (sample != null && (!(sample > 0) || sample > 1)) {
            throw HarnessException.usage("--sample-sessions " + sample + ": must be a share in (0, 1], e.g. 0.1");
        }
        if (concurrentSessions != null && concurrentSessions < 1) {
            throw HarnessException.usage("--concurrent-sessions " + concurrentSessions + ": must be >= 1");
        }
        SessionHistory history = SessionHistory.SERVER;
        if (sessionHistory != null) {
            history = SessionHistory.byName(sessionHistory)
                    .orElseThrow(() -> HarnessException.usage("--session-history '" + sessionHistory
                            + "': use server (the server's real answers) or recorded (the trace's answer lengths)"));
        }
        positive("--schedule-lag-threshold", lagThresholdMs);
        long threshold = lagThresholdMs == null
                ? ReplayOptions.DEFAULT_LAG_THRESHOLD_NS
                : Math.max(1, Math.round(lagThresholdMs * 1e6));
        ReplayOptions o = new ReplayOptions(
                speedup == null ? 1 : speedup,
                start == null ? 0 : start,
                end == null ? Double.POSITIVE_INFINITY : end,
                maxRequests == null ? 0 : maxRequests,
                maxGap == null ? Double.POSITIVE_INFINITY : maxGap,
                sample == null ? 1 : sample,
                concurrentSessions == null ? 0 : concurrentSessions,
                sessionRate == null ? 0 : sessionRate,
                history,
                threshold);
        return new BenchRequest.TraceChoice(trace, f, filters.readOptions(block), o, "--trace");
    }

    private static void positive(String flag, Double v) {
        if (v != null && (!(v > 0) || Double.isInfinite(v))) {
            throw HarnessException.usage(flag + " " + v + ": must be a positive number");
        }
    }
}
