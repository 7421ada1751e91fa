package io.llmharness.workload.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.Prompt;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.schedule.Rng;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.SessionHistory;
import io.llmharness.workload.trace.TraceRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The prompts of a trace replay, one per row of the {@link ReplayPlan}, asked for by the row's index in the plan.
 * A row with text sends its text (a JSON list of {@code role}/{@code content} messages is sent as chat messages to a
 * chat endpoint). A row with lengths only is made of blocks of {@code blockSize} tokens, one per hash id, the last cut
 * to the remaining length: a block's text is a pure function of (seed, hash id, length), so equal hash ids give equal
 * blocks and a server's prefix cache sees the reuse the trace had; blocks beyond the hash ids, and rows without any,
 * get blocks of their own. The whole prompt is counted with the run's tokenizer and its last block re-cut until the
 * prompt has exactly {@code input_length} tokens (as close as the tokenizer allows). A session's turns are
 * {@link SessionTurn}s of one {@link ChatSession}: each sends the session's history, with the server's real answers or
 * (with {@link SessionHistory#RECORDED}) recorded answers of each turn's {@code output_length} tokens cut from the
 * same pool as the blocks, a pure function of (seed, row), then its own prompt. Generated before the run, in parallel.
 */
final class TracePrompts implements PromptFeed {

    static final long POOL_STREAM = 31;
    static final long BLOCK_STREAM = 32;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TRIES = 4;

    private final ReplayPlan plan;
    private final WorkloadRequest[] requests;

    private TracePrompts(ReplayPlan plan, WorkloadRequest[] requests) {
        this.plan = plan;
        this.requests = requests;
    }

    /** Generates the prompts of every row of the plan. */
    static TracePrompts create(ReplayPlan plan, TextTokenizer tok, long seed, boolean chat) {
        int blockSize = plan.trace().blockSize();
        int longest =
                plan.rows().stream().mapToInt(TraceRequest::inputLength).max().orElse(1);
        TokenPool pool = TokenPool.random(tok, seed, POOL_STREAM, Math.max(1 << 16, 4 * Math.max(blockSize, longest)));
        Blocks blocks = new Blocks(pool, seed);
        List<TraceRequest> rows = plan.rows();
        String[][] parts = new String[rows.size()][];
        IntStream.range(0, rows.size()).parallel().forEach(i -> {
            TraceRequest r = rows.get(i);
            parts[i] = r.text() != null ? null : parts(r, blockSize, blocks, tok);
        });
        WorkloadRequest[] out = new WorkloadRequest[rows.size()];
        boolean recorded = plan.options().history() == SessionHistory.RECORDED;
        for (ReplayPlan.Session s : plan.sessions()) {
            ChatSession session = s.turns().size() > 1 ? new ChatSession(s.id() == null ? "" : s.id(), "", chat) : null;
            for (ReplayPlan.Turn t : s.turns()) {
                TraceRequest r = rows.get(t.index());
                int maxTokens = Math.max(1, r.outputLength());
                if (session != null) {
                    String question = r.text() != null ? r.text() : String.join(" ", parts[t.index()]);
                    String answer = recorded ? blocks.text(answerId(r.line()), maxTokens) : null;
                    out[t.index()] = new SessionTurn(
                            session,
                            t.index(),
                            question,
                            r.text() != null ? -1 : r.inputLength(),
                            maxTokens,
                            tok,
                            answer);
                } else {
                    out[t.index()] = new Row(t.index(), s.id(), r, parts[t.index()], maxTokens, chat, tok);
                }
            }
        }
        return new TracePrompts(plan, out);
    }

    /** The blocks of a row without text, the last one re-cut until the whole has the row's length. */
    static String[] parts(TraceRequest r, int blockSize, Blocks blocks, TextTokenizer tok) {
        int length = Math.max(1, r.inputLength());
        int n = (length + blockSize - 1) / blockSize;
        String[] out = new String[n];
        for (int b = 0; b < n; b++) {
            int len = Math.min(blockSize, length - b * blockSize);
            long id = b < r.hashIds().length ? r.hashIds()[b] : own(r.line(), b);
            out[b] = blocks.text(id, len);
        }
        int last = length - (n - 1) * blockSize;
        long lastId = n - 1 < r.hashIds().length ? r.hashIds()[n - 1] : own(r.line(), n - 1);
        int take = last;
        for (int t = 0; t < TRIES; t++) {
            int miss = tok.count(String.join(" ", out)) - length;
            if (miss == 0 || take - miss < 1) {
                break;
            }
            take -= miss;
            out[n - 1] = blocks.text(lastId, take);
        }
        return out;
    }

    /** The id of a row's recorded answer, apart from every hash id and every row's own block. */
    private static long answerId(long line) {
        return (1L << 62) + line;
    }

    /** A block id of a row's own, apart from every hash id a trace can hold (those are ints). */
    private static long own(long line, int block) {
        return (1L << 40) + (line << 20) + block;
    }

    @Override
    public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
        return requests[(int) indexInStage];
    }

    @Override
    public String describe() {
        return plan.describe()
                + (plan.multiTurn()
                        ? "; turns send the session's "
                                + plan.options().history().description()
                        : "");
    }

    /** The request of row {@code i}, for tests. */
    WorkloadRequest row(int i) {
        return requests[i];
    }

    /** Block texts by (id, length), made once and shared by every row that names the block. Thread-safe. */
    static final class Blocks {
        private final TokenPool pool;
        private final long seed;
        private final Map<Long, Map<Integer, String>> made = new HashMap<>();

        Blocks(TokenPool pool, long seed) {
            this.pool = pool;
            this.seed = seed;
        }

        String text(long id, int length) {
            synchronized (made) {
                String s = made.computeIfAbsent(id, k -> new HashMap<>()).get(length);
                if (s != null) {
                    return s;
                }
            }
            long offset = Math.floorMod(Rng.of(seed, BLOCK_STREAM, id).nextLong(), (long) pool.size());
            String s = pool.text(length, offset);
            synchronized (made) {
                return made.get(id).merge(length, s, (old, mine) -> old);
            }
        }
    }

    /** A single-turn row: its prompt is joined from its blocks when it is dispatched. */
    private static final class Row implements WorkloadRequest {
        private final long item;
        private final String session;
        private final TraceRequest row;
        private final String[] parts;
        private final int maxTokens;
        private final boolean chat;
        private final TextTokenizer tok;

        Row(long item, String session, TraceRequest row, String[] parts, int maxTokens, boolean chat, TextTokenizer t) {
            this.item = item;
            this.session = session;
            this.row = row;
            this.parts = parts;
            this.maxTokens = maxTokens;
            this.chat = chat;
            this.tok = t;
        }

        @Override
        public long item() {
            return item;
        }

        @Override
        public String session() {
            return session;
        }

        @Override
        public int maxTokens() {
            return maxTokens;
        }

        @Override
        public Prompt prompt() {
            if (parts == null) {
                Prompt messages = chat ? messages(row.text()) : null;
                return messages != null ? messages : asked(row.text());
            }
            return asked(String.join(" ", parts));
        }

        private Prompt asked(String text) {
            return chat ? Messages.chat(List.of(new Messages.Message("user", text))) : new Prompt.Text(text);
        }

        @Override
        public int promptTokens() {
            return Messages.count(tok, prompt());
        }
    }

    /** Chat messages, when a row's text is a JSON list of role/content objects; else null. */
    static Prompt messages(String text) {
        String t = text.strip();
        if (!t.startsWith("[")) {
            return null;
        }
        try {
            JsonNode arr = JSON.readTree(t);
            List<Messages.Message> out = new ArrayList<>();
            for (JsonNode m : arr) {
                if (!m.path("role").isTextual() || !m.path("content").isTextual()) {
                    return null;
                }
                out.add(new Messages.Message(
                        m.get("role").asText(), m.get("content").asText()));
            }
            return out.isEmpty() ? null : Messages.chat(out);
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
