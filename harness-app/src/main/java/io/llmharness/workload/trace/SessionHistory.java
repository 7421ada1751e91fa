package io.llmharness.workload.trace;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a later turn of a replayed session sends as the answers of the turns before it. */
public enum SessionHistory {
    /** The server's real answers: the context grows as the server answered (a failed turn adds nothing). */
    SERVER("server", "history with the server's real answers"),
    /**
     * The recorded answers: text of each earlier turn's {@code output_length} tokens, the same whatever the server
     * answers (a failed turn adds its recorded answer too), so every run sends the same prompts.
     */
    RECORDED("recorded", "history with the recorded answers (output_length tokens each, whatever the server says)");

    private final String cliName;
    private final String description;

    SessionHistory(String cliName, String description) {
        this.cliName = cliName;
        this.description = description;
    }

    /** {@code server} or {@code recorded}. */
    public String cliName() {
        return cliName;
    }

    /** What a turn sends, e.g. {@code history with the server's real answers}. */
    public String description() {
        return description;
    }

    /** The choice named {@code name} (any case). */
    public static Optional<SessionHistory> byName(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(h -> h.cliName.equals(n)).findFirst();
    }
}
