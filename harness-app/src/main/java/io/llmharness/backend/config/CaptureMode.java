package io.llmharness.backend.config;

import java.util.Locale;
import java.util.Optional;

/** What an Nsight Systems capture covers. YAML key {@code profile.capture}. */
public enum CaptureMode {
    /**
     * Only the windows between {@code POST /start_profile} and {@code POST /stop_profile}, i.e. the measured
     * phase of a run ({@code --capture-range=cudaProfilerApi}). The default.
     */
    ENDPOINTS("endpoints"),
    /** The whole server lifetime, start-up included. */
    WHOLE("whole");

    private final String configName;

    CaptureMode(String configName) {
        this.configName = configName;
    }

    /** Name used in YAML and on the command line. */
    public String configName() {
        return configName;
    }

    /** Looks a config name up, case-insensitively. */
    public static Optional<CaptureMode> fromConfigName(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (CaptureMode m : values()) {
            if (m.configName.equals(v)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
