package io.llmharness.loadgen.config;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the C++ LoadGen remembers between config loads in a process (a function-static counter), held per context
 * instead: how many user.conf files were applied — the first one applies mlperf.conf first, later ones log
 * "Multiple conf files are used" — and which mlperf.conf that is (the embedded 6.0.17 one unless a user points at
 * another round's file).
 *
 * <p>One context stands for one LoadGen process: create a fresh one per test. Contexts share nothing, so several
 * LoadGen tests configure themselves in one JVM, one after the other or at the same time. Thread-safe.
 */
public final class ConfigContext {

    private final Path mlperfConf;
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
        this.mlperfConf = mlperfConf;
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
