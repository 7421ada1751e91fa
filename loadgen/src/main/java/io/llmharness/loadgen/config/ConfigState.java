package io.llmharness.loadgen.config;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The process-wide config state the C++ LoadGen keeps in a function-static counter: how many user.conf files
 * were applied (the first one also applies mlperf.conf, later ones log "Multiple conf files are used"), and
 * which mlperf.conf that is (the embedded 6.0.17 one unless a user points at another round's file).
 */
public final class ConfigState {

    private static final AtomicInteger USER_CONF_LOADS = new AtomicInteger();
    private static final AtomicReference<Path> MLPERF_CONF_OVERRIDE = new AtomicReference<>();

    private ConfigState() {}

    /** Counts one user.conf load; true for the first in the process (which must apply mlperf.conf first). */
    static boolean countUserConfLoad() {
        return USER_CONF_LOADS.getAndIncrement() == 0;
    }

    /**
     * Uses another round's mlperf.conf for every later automatic load (null restores the embedded 6.0.17 file).
     */
    public static void useMlperfConf(Path file) {
        MLPERF_CONF_OVERRIDE.set(file);
    }

    /** The mlperf.conf file in use, or null for the embedded one. */
    public static Path mlperfConfOverride() {
        return MLPERF_CONF_OVERRIDE.get();
    }

    /** Forgets loaded user.conf files and the mlperf.conf override, as in a fresh process (for tests). */
    public static void reset() {
        USER_CONF_LOADS.set(0);
        MLPERF_CONF_OVERRIDE.set(null);
    }
}
