package io.llmharness.simulator.engine;

import io.llmharness.simulator.metrics.EngineMetrics;
import java.util.List;

/**
 * The zero-latency path: when every latency parameter is zero a request's tokens are generated right away on the
 * caller's thread, with the same token sources, KV/prefix-cache accounting and metrics as the timed engines but no
 * queueing and no timer. Thread-safe (the KV cache is locked; metrics are lock-free).
 */
final class InstantRunner {
    private final KvCache kv;
    private final EngineMetrics metrics;
    private final boolean prefixCaching;

    InstantRunner(KvCache kv, EngineMetrics metrics, boolean prefixCaching) {
        this.kv = kv;
        this.metrics = metrics;
        this.prefixCaching = prefixCaching;
    }

    void run(List<Sequence> seqs) {
        long now = System.nanoTime();
        for (Sequence s : seqs) {
            s.onQueued(now);
        }
        for (Sequence s : seqs) {
            int cached;
            synchronized (kv) {
                cached = kv.admit(s);
            }
            boolean holding = cached >= 0;
            s.onScheduled(now, Math.max(0, cached));
            if (prefixCaching) {
                metrics.onPrefixLookup(s.promptLength(), Math.max(0, cached));
            }
            s.onPrefilled(s.prefillRemaining);
            FinishReason finish;
            do {
                finish = s.advance(now);
                s.listener().onOutput(s, s.lastTokenId(), s.lastText(), finish, s.stopReason(), now);
            } while (finish == null);
            metrics.onFirstToken((now - s.arrivalNanos()) / 1e9);
            metrics.onPromptTokens(s.promptLength());
            metrics.onInstantOutput(s.generated());
            if (holding) {
                synchronized (kv) {
                    kv.release(s);
                }
            }
            s.state = Sequence.State.FINISHED;
            metrics.onFinished(s.summary(finish, now));
            if (s.spec().structured()) {
                metrics.onStructuredRequest();
            }
            PromptGroup group = s.group();
            if (group != null && group.onFinished(s.generated())) {
                metrics.onPromptGroupFinished(group.n(), group.maxGenerated());
            }
        }
    }
}
