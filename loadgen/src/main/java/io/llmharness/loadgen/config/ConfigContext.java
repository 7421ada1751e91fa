package io.llmharness.loadgen.config;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the C++ LoadGen remembers between config loads in a process (a function-static counter), held per context
 * instead: how many user.conf files were applied — the first one applies mlperf.conf first, later ones log
 * "Multiple conf files are used" — and which mlperf.conf that is (an embedded one, of {@link MlperfRound#DEFAULT}
 * unless another round is chosen, or a file a user points at).
 *
 * <p>One context stands for one LoadGen process: create a fresh one per test. Contexts share nothing, so several
 * LoadGen tests configure themselves in one JVM, one after the other or at the same time. Thread-safe.
 */
public final class ConfigContext {

    private final Path mlperfConf;
    private final MlperfRound round;
    private final AtomicInteger userConfLoads = new AtomicInteger();

    /** A fresh context with the embedded mlperf.conf. */
    public ConfigContext() {
        this(null);
    }

    /**
     * A fresh context whose automatic mlperf.conf load reads {@code mlperfConf}.
     *
     * @param mlperfConf another round's mlperf.conf, or null for the embedded 6.0.17 file
     */
    public ConfigContext(Path mlperfConf) {
        this(mlperfConf, null);
    }

    /**
     * A fresh context whose automatic mlperf.conf load reads {@code mlperfConf}, or else the embedded file of
     * {@code round}.
     *
     * @param mlperfConf another round's mlperf.conf, or null for an embedded one
     * @param round the embedded round used when {@code mlperfConf} is null; null for {@link MlperfRound#DEFAULT}
     * @throws IllegalArgumentException when {@code round} has no embedded file
     */
    public ConfigContext(Path mlperfConf, MlperfRound round) {
        if (round != null && !round.embedded()) {
            throw new IllegalArgumentException("no embedded mlperf.conf for " + round.label() + " (embedded: "
                    + MlperfRound.embeddedLabels() + ")");
        }
        this.mlperfConf = mlperfConf;
        this.round = round == null ? MlperfRound.DEFAULT : round;
    }

    /** The round whose embedded mlperf.conf is read when no file is given. */
    public MlperfRound round() {
        return round;
    }

    /** The mlperf.conf file in use, or null for the embedded one. */
    public Path mlperfConf() {
        return mlperfConf;
    }

    /** Counts one user.conf load; true for the first in this context (which must apply mlperf.conf first). */
    boolean countUserConfLoad() {
        return userConfLoads.getAndIncrement() == 0;
    }
}
