package io.llmharness.simulator.engine;

import io.llmharness.simulator.metrics.FinishedRequest;
import io.llmharness.simulator.output.StopMatcher;
import io.llmharness.simulator.tokens.Detokenizer;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.ArrayList;
import java.util.List;

/**
 * One output sequence moving through an engine: waiting, running (prefill, then decode), finished. Holds its token
 * source, detokenizer, stop matcher, KV-cache holdings and phase timestamps. Owned by one engine thread after
 * submission; the listener gets copies of what it needs.
 */
public final class Sequence {
    enum State {
        NEW,
        WAITING,
        RUNNING,
        FINISHED
    }

    private final SequenceSpec spec;
    private final SequenceListener listener;
    private final PromptGroup group;
    private final long arrivalNanos;
    private final Detokenizer detokenizer = new Detokenizer();
    private final StopMatcher stopMatcher;

    State state = State.NEW;
    /** The engine that owns this sequence once submitted. */
    Engine engine;

    int generated;
    /** Tokens still to prefill before the next token can be sampled (prompt, plus output after a preemption). */
    int prefillRemaining;
    /** BATCH mode: prefill tokens planned for the current step. */
    int stepPrefill;
    /** FIXED mode: when the next token is due. */
    long nextEmitNanos;

    long admitOrder;

    // KV cache holdings (see KvCache)
    int privateBlocks;
    final List<KvCache.Block> sharedBlocks = new ArrayList<>(0);
    long[] blockHashes;

    private long waitStartNanos;
    private long queueNanos;
    private long firstScheduledNanos = -1;
    private long firstTokenNanos = -1;
    private long lastTokenNanos = -1;
    private int cachedTokens = -1;
    private int computedPromptTokens;
    private Object stopReason;

    public Sequence(SequenceSpec spec, SequenceListener listener, PromptGroup group, long arrivalNanos) {
        this.spec = spec;
        this.listener = listener;
        this.group = group;
        this.arrivalNanos = arrivalNanos;
        this.stopMatcher = new StopMatcher(spec.stop(), spec.includeStopStr());
    }

    public SequenceSpec spec() {
        return spec;
    }

    public int choiceIndex() {
        return spec.choiceIndex();
    }

    public int promptLength() {
        return spec.promptIds().length;
    }

    public int generated() {
        return generated;
    }

    /** Prompt tokens served from the prefix cache at first admission (0 before admission). */
    public int cachedTokens() {
        return Math.max(0, cachedTokens);
    }

    boolean admittedBefore() {
        return cachedTokens >= 0;
    }

    public long arrivalNanos() {
        return arrivalNanos;
    }

    SequenceListener listener() {
        return listener;
    }

    PromptGroup group() {
        return group;
    }

    boolean decoding() {
        return prefillRemaining == 0;
    }

    /** Tokens whose KV must be held: prompt plus output so far. */
    int contextLength() {
        return spec.promptIds().length + generated;
    }

    void onQueued(long now) {
        state = State.WAITING;
        waitStartNanos = now;
    }

    /** Admitted to a running slot with {@code cached} tokens found in the prefix cache. */
    void onScheduled(long now, int cached) {
        state = State.RUNNING;
        queueNanos += now - waitStartNanos;
        if (firstScheduledNanos < 0) {
            firstScheduledNanos = now;
        }
        if (cachedTokens < 0) {
            cachedTokens = Math.min(cached, spec.promptIds().length);
        }
        prefillRemaining = Math.max(1, contextLength() - cached);
    }

    /** Preempted: everything computed is dropped and will be recomputed after re-admission. */
    void onPreempted(long now) {
        state = State.WAITING;
        waitStartNanos = now;
        stepPrefill = 0;
    }

    /** Records prefill work; returns the prompt tokens among it (what vLLM counts as prompt tokens). */
    int onPrefilled(int tokens) {
        int promptPart = Math.max(0, Math.min(tokens, prefillRemaining - generated));
        prefillRemaining -= tokens;
        computedPromptTokens += promptPart;
        return promptPart;
    }

    /** Last emitted token's text, set by {@link #advance}. */
    private String lastText = "";

    private int lastTokenId = -1;

    /**
     * Samples the next token. Returns the finish reason when this token ends the sequence, else null; the token
     * and its released text are then available from {@link #lastTokenId()} and {@link #lastText()}.
     */
    FinishReason advance(long now) {
        int id = spec.plan().next();
        generated++;
        if (firstTokenNanos < 0) {
            firstTokenNanos = now;
        }
        lastTokenNanos = now;
        lastTokenId = id;
        boolean mayStop = generated >= spec.minTokens();
        String text = stopMatcher.feed(detokenizer.append(id), mayStop);
        FinishReason finish = null;
        if (stopMatcher.matched() != null) {
            finish = FinishReason.STOP;
            stopReason = stopMatcher.matched();
        } else if (id == SimTokenizer.EOS) {
            finish = FinishReason.STOP;
        } else if (mayStop && contains(spec.stopTokenIds(), id)) {
            finish = FinishReason.STOP;
            stopReason = id;
        } else if (generated >= spec.maxTokens()) {
            finish = FinishReason.LENGTH;
        }
        if (finish != null && stopMatcher.matched() == null) {
            String rest = stopMatcher.flush() + detokenizer.flush();
            text = rest.isEmpty() ? text : text + rest;
        }
        lastText = text;
        return finish;
    }

    private static boolean contains(int[] ids, int id) {
        for (int x : ids) {
            if (x == id) {
                return true;
            }
        }
        return false;
    }

    int lastTokenId() {
        return lastTokenId;
    }

    String lastText() {
        return lastText;
    }

    /** The matched stop string or stop token id once finished by it, else null. */
    public Object stopReason() {
        return stopReason;
    }

    long firstTokenNanos() {
        return firstTokenNanos;
    }

    long lastTokenNanos() {
        return lastTokenNanos;
    }

    int computedPromptTokens() {
        return computedPromptTokens;
    }

    FinishedRequest summary(FinishReason reason, long now) {
        double e2e = seconds(now - arrivalNanos);
        double inference = firstScheduledNanos < 0 ? 0 : seconds(now - firstScheduledNanos);
        double prefill =
                firstTokenNanos < 0 || firstScheduledNanos < 0 ? 0 : seconds(firstTokenNanos - firstScheduledNanos);
        double decode = firstTokenNanos < 0 ? 0 : seconds(lastTokenNanos - firstTokenNanos);
        double ttft = firstTokenNanos < 0 ? Double.NaN : seconds(firstTokenNanos - arrivalNanos);
        long queued = queueNanos + (state == State.WAITING ? now - waitStartNanos : 0);
        return new FinishedRequest(
                reason.wire(),
                promptLength(),
                generated,
                spec.maxTokens(),
                group == null ? 1 : group.n(),
                e2e,
                seconds(queued),
                inference,
                prefill,
                decode,
                ttft,
                computedPromptTokens);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
