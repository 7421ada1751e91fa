package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.tokenizer.SyntheticTokenizer;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.ProfileSource;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.PromptSources;
import io.llmharness.workload.data.WorkloadRequest;
import io.llmharness.workload.schedule.ArrivalPlan;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import io.llmharness.workload.trace.BlockHashes;
import io.llmharness.workload.trace.TraceRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests a workload profile would send, as trace rows ({@code harness trace synth}): the profile is located,
 * rendered and resolved as {@code harness bench --dry-run} does (nothing is asked of a server), its prompts are made
 * by the same data generators with the run's tokenizer, and each open-loop stage's arrival times come from its
 * {@link ArrivalPlan}. Stage k+1 starts where stage k's span ends plus {@code load.interval} (a real run also
 * waits for the last answers). Each prompt's token ids become hash ids per block, so prompts that share a prefix
 * (shared_prefix groups) share their prefix blocks.
 */
public final class BenchTraceSynth {

    /**
     * What was made.
     *
     * @param rows one per request, in arrival order
     * @param profile the profile, as the user named it
     * @param data the data section's one-line description
     * @param tokenizer which tokenizer counted the tokens
     * @param warnings the profile's warnings
     */
    public record Synthesized(
            List<TraceRequest> rows, String profile, String data, String tokenizer, List<String> warnings) {}

    /** The server URL a profile's template gets when none is given: no request is sent to it. */
    static final String PLACEHOLDER_URL = "http://127.0.0.1:0";

    private BenchTraceSynth() {}

    /** Makes the rows of {@code req}'s profile with hash ids per {@code blockSize} tokens. */
    public static Synthesized synthesize(BenchRequest req, int blockSize) {
        ProfileSource source = req.locateProfile();
        if (!req.profile().harness().generatesLoad()) {
            throw HarnessException.usage("the " + req.profile().harness().dirName() + " harness sends no load;"
                    + " use inference-perf, guidellm or vllm-benchmark");
        }
        // nothing is sent: a profile that names its server through the llm-d variable gets a placeholder
        String endpoint = req.target().endpoint() != null
                ? req.target().endpoint()
                : req.env().variables().getOrDefault(BenchResolver.URL_VAR, PLACEHOLDER_URL);
        ResolvedBench r = BenchResolver.resolve(req, source, endpoint, "--endpoint", false);
        WorkloadSpec spec = r.spec();
        LoadSpec load = spec.load();
        ResolvedTokenizer tok = r.tokenizer() == null ? null : r.tokenizer().open(false);
        try {
            TextTokenizer tokenizer = tok == null ? SyntheticTokenizer.INSTANCE : tok.tokenizer();
            PromptFeed feed = PromptSources.create(
                    spec.data(),
                    tok == null ? null : tok.tokenizer(),
                    load.seed(),
                    load.largestStageRequests(),
                    spec.api().endpoint());
            List<TraceRequest> rows = rows(source.display(), load, feed, tokenizer, new BlockHashes(blockSize));
            return new Synthesized(
                    rows,
                    source.display(),
                    feed.describe(),
                    tok == null
                            ? "none needed (" + spec.data().type() + " data)"
                            : tok.tokenizer().source(),
                    r.warnings());
        } finally {
            if (tok != null && tok.tokenizer() instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    // closing a tokenizer releases memory only
                }
            }
        }
    }

    private static List<TraceRequest> rows(
            String profile, LoadSpec load, PromptFeed feed, TextTokenizer tokenizer, BlockHashes hashes) {
        List<TraceRequest> rows = new ArrayList<>();
        long stageStart = 0;
        long runIndex = 0;
        for (int s = 0; s < load.stages().size(); s++) {
            if (!(load.stages().get(s) instanceof Stage.Rate rate)) {
                throw HarnessException.config(profile + ": stage " + (s + 1) + " ("
                        + load.stages().get(s).describe() + ") is closed-loop, its send times depend on the"
                        + " server; trace synth writes rate stages only (give the stage a rate)");
            }
            ArrivalPlan plan = ArrivalPlan.of(rate, load.seed(), s);
            ArrivalPlan.Cursor cursor = plan.cursor();
            while (cursor.hasNext()) {
                long i = cursor.index();
                long at = stageStart + cursor.nextOffsetNs();
                WorkloadRequest w = feed.request(s, i, runIndex++);
                int[] tokens = tokens(w.prompt(), tokenizer);
                rows.add(new TraceRequest(
                        rows.size() + 1, at, tokens.length, w.maxTokens(), hashes.of(tokens), w.session(), -1, null));
            }
            stageStart += plan.spanNs() + Math.round(load.intervalS() * 1e9);
        }
        return rows;
    }

    /** The prompt's token ids: as sent, or its text (a chat's message contents, in order) encoded. */
    static int[] tokens(Prompt p, TextTokenizer tokenizer) {
        return switch (p) {
            case Prompt.TokenIds t -> t.ids();
            case Prompt.Text t -> tokenizer.encode(t.text());
            case Prompt.Chat c -> tokenizer.encode(contents(c.messages()));
        };
    }

    private static String contents(JsonNode messages) {
        StringBuilder b = new StringBuilder();
        for (JsonNode m : messages) {
            JsonNode content = m.get("content");
            if (content == null) {
                continue;
            }
            if (content.isTextual()) {
                b.append(content.asText());
            } else {
                for (JsonNode part : content) {
                    if (part.has("text")) {
                        b.append(part.get("text").asText());
                    }
                }
            }
        }
        return b.toString();
    }
}
