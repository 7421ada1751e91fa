package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The scenario a user asks for with {@code --scenario}. {@link #INTERACTIVE} is not a LoadGen scenario: it is
 * LoadGen's Server scenario run under the benchmark's {@code <model>-interactive} name, so that the tighter
 * TTFT/TPOT limits of that name apply; results go to a scenario directory called {@code Interactive}.
 */
public enum RunScenario {
    OFFLINE("Offline", "Offline"),
    SERVER("Server", "Server"),
    /** LoadGen Server with the {@code -interactive} model name. */
    INTERACTIVE("Interactive", "Server"),
    /** Edge only (llama3.1-8b-edge); LoadGen SingleStream. */
    SINGLE_STREAM("SingleStream", "SingleStream"),
    /**
     * LoadGen MultiStream. No MLPerf LLM benchmark defines it; it is accepted so that asking for it gets the
     * benchmark's own list of scenarios instead of an unknown-value error.
     */
    MULTI_STREAM("MultiStream", "MultiStream");

    private final String displayName;
    private final String loadgenScenario;

    RunScenario(String displayName, String loadgenScenario) {
        this.displayName = displayName;
        this.loadgenScenario = loadgenScenario;
    }

    /**
     * The scenario name as MLPerf writes it ({@code Offline}, {@code Server}, {@code Interactive},
     * {@code SingleStream}); also the submission's scenario directory name.
     */
    public String displayName() {
        return displayName;
    }

    /** The LoadGen scenario that runs it, spelled as in {@code mlperf.conf} keys ({@code Server} for Interactive). */
    public String loadgenScenario() {
        return loadgenScenario;
    }

    /**
     * Parses {@code --scenario}, case-insensitive, ignoring {@code -} and {@code _} ({@code single-stream} works).
     *
     * @throws HarnessException usage error naming {@code --scenario} and the accepted values
     */
    public static RunScenario parse(String value) {
        String v = value == null
                ? ""
                : value.trim().toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        for (RunScenario s : values()) {
            if (s.displayName.toLowerCase(Locale.ROOT).equals(v)) {
                return s;
            }
        }
        throw HarnessException.usage("--scenario '" + value + "': unknown scenario; use one of "
                + Arrays.stream(values()).map(RunScenario::displayName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return displayName;
    }
}
