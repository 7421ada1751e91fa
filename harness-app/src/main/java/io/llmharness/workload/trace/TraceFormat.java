package io.llmharness.workload.trace;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The trace formats {@code --trace-format} names. */
public enum TraceFormat {
    /** Mooncake JSONL: {@code timestamp} (ms), {@code input_length}, {@code output_length}, {@code hash_ids}, … */
    MOONCAKE("mooncake"),
    /** Azure LLM inference trace CSV: {@code TIMESTAMP}, {@code ContextTokens}, {@code GeneratedTokens}. */
    AZURE("azure"),
    /** BurstGPT CSV: {@code Timestamp} (s), {@code Model}, {@code Request tokens}, {@code Response tokens}, … */
    BURSTGPT("burstgpt"),
    /** The per-request records ({@code requests.csv}) of an earlier MLPerf or workload run of ours. */
    RECORDS("records");

    private final String cliName;

    TraceFormat(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line. */
    public String cliName() {
        return cliName;
    }

    /** The format a command-line name denotes, case-insensitive. */
    public static Optional<TraceFormat> byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.cliName.equals(n)).findFirst();
    }
}
