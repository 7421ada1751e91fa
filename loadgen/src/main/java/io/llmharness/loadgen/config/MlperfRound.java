package io.llmharness.loadgen.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An MLPerf Inference round and the three random seeds its {@code mlperf.conf} sets, which the submission
 * checker compares with {@code effective_qsl_rng_seed}, {@code effective_sample_index_rng_seed} and
 * {@code effective_schedule_rng_seed}. Two rounds are embedded as mlperf.conf files: {@link #V6_1} (LoadGen
 * 6.0.17's own file, the default) and {@link #V6_0} (the same file with the v6.0 seeds, as the upstream file was
 * before the v6.1 seed change; nothing else differs). Older rounds are known by their seeds only, so that a run
 * made with another round's file given explicitly can still be named.
 */
public enum MlperfRound {
    V5_0("v5.0", 6023615788873153749L, "15036839855038426416", "9933818062894767841"),
    V5_1("v5.1", 1780908523862526354L, "14771362308971278857", "18209322760996052031"),
    V6_0("v6.0", 2465351861681999779L, "14276810075590677512", "3936089224930324775"),
    V6_1("v6.1", 2085463073848966840L, "2747215439041700203", "16159082839903944936");

    /** The round of the embedded file used when none is chosen: LoadGen 6.0.17's mlperf.conf carries v6.1 seeds. */
    public static final MlperfRound DEFAULT = V6_1;

    private final String label;
    private final long qslRngSeed;
    private final long sampleIndexRngSeed;
    private final long scheduleRngSeed;

    MlperfRound(String label, long qsl, String sampleIndex, String schedule) {
        this.label = label;
        this.qslRngSeed = qsl;
        this.sampleIndexRngSeed = Long.parseUnsignedLong(sampleIndex);
        this.scheduleRngSeed = Long.parseUnsignedLong(schedule);
    }

    /** The round as MLCommons spells it, e.g. {@code v6.0}. */
    public String label() {
        return label;
    }

    /** {@code qsl_rng_seed} (u64 bits). */
    public long qslRngSeed() {
        return qslRngSeed;
    }

    /** {@code sample_index_rng_seed} (u64 bits). */
    public long sampleIndexRngSeed() {
        return sampleIndexRngSeed;
    }

    /** {@code schedule_rng_seed} (u64 bits). */
    public long scheduleRngSeed() {
        return scheduleRngSeed;
    }

    /** True for the rounds whose mlperf.conf is embedded ({@link #V6_0}, {@link #V6_1}). */
    public boolean embedded() {
        return this == V6_0 || this == V6_1;
    }

    /** The rounds whose mlperf.conf is embedded, e.g. "v6.0, v6.1", for messages. */
    public static String embeddedLabels() {
        return Arrays.stream(values())
                .filter(MlperfRound::embedded)
                .map(MlperfRound::label)
                .collect(Collectors.joining(", "));
    }

    /** The round spelled {@code v6.0}, {@code 6.0} or {@code V6_0}; empty when unknown. */
    public static Optional<MlperfRound> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '.');
        String want = t.startsWith("v") ? t : "v" + t;
        return Arrays.stream(values()).filter(r -> r.label.equals(want)).findFirst();
    }

    /** The round whose three seeds these are; empty when they are no known round's. */
    public static Optional<MlperfRound> ofSeeds(long qsl, long sampleIndex, long schedule) {
        return Arrays.stream(values())
                .filter(r ->
                        r.qslRngSeed == qsl && r.sampleIndexRngSeed == sampleIndex && r.scheduleRngSeed == schedule)
                .findFirst();
    }

    /**
     * The embedded mlperf.conf text of this round: LoadGen 6.0.17's file, with this round's seeds.
     *
     * @throws IllegalStateException for a round that is not embedded
     */
    public String mlperfConf() {
        if (!embedded()) {
            throw new IllegalStateException("no embedded mlperf.conf for " + label);
        }
        String text = ConfigLoader.embedded();
        if (this == DEFAULT) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (String line : text.split("\n", -1)) {
            out.append(replaceSeed(line)).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString()
                .replace(
                        "(values of LoadGen 6.0.17, the v6.1 round)",
                        "(values of LoadGen 6.0.17 with the " + label + " round's seeds)");
    }

    private String replaceSeed(String line) {
        if (line.startsWith("*.*.qsl_rng_seed = ")) {
            return "*.*.qsl_rng_seed = " + Long.toUnsignedString(qslRngSeed);
        }
        if (line.startsWith("*.*.sample_index_rng_seed = ")) {
            return "*.*.sample_index_rng_seed = " + Long.toUnsignedString(sampleIndexRngSeed);
        }
        if (line.startsWith("*.*.schedule_rng_seed = ")) {
            return "*.*.schedule_rng_seed = " + Long.toUnsignedString(scheduleRngSeed);
        }
        return line;
    }
}
