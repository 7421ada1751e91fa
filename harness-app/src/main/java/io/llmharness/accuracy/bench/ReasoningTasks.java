package io.llmharness.accuracy.bench;

import java.util.Locale;

/** The task families of deepseek-r1's and gpt-oss's datasets, picked by substring of the dataset name. */
enum ReasoningTasks {
    GPQA("gpqa"),
    MMLU_PRO("mmlu_pro"),
    MATH500("math500"),
    AIME("aime"),
    LIVECODEBENCH("livecodebench"),
    MMLU("mmlu");

    private final String key;

    ReasoningTasks(String key) {
        this.key = key;
    }

    /** The first family (in the reference's order) whose key occurs in the lowercased name; null for none. */
    static ReasoningTasks of(String datasetName, boolean withMmlu) {
        String n = datasetName.toLowerCase(Locale.ROOT);
        for (ReasoningTasks t : values()) {
            if ((t != MMLU || withMmlu) && n.contains(t.key)) {
                return t;
            }
        }
        return null;
    }
}
