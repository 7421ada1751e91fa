package io.llmharness.metrics.server;

import io.llmharness.metrics.StageWindow;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code server_metrics} section of summary.json: what the servers' {@code /metrics} said, per stage.
 *
 * @param scrapes scrapes taken
 * @param intervalS median time between scrapes in seconds (NaN with fewer than two scrapes)
 * @param servers the servers scraped
 * @param sources the metric each signal was read from, per signal and server (signals no server exposed are absent)
 * @param stages one entry per stage, in stage order
 */
public record ServerMetricsSummary(
        int scrapes,
        double intervalS,
        List<String> servers,
        Map<ServerSignal, Map<String, String>> sources,
        List<Stage> stages) {

    public ServerMetricsSummary {
        servers = List.copyOf(servers);
        EnumMap<ServerSignal, Map<String, String>> s = new EnumMap<>(ServerSignal.class);
        s.putAll(sources);
        sources = Collections.unmodifiableMap(s);
        stages = List.copyOf(stages);
    }

    /**
     * The signals of one stage.
     *
     * @param window the stage
     * @param signals every signal, in declaration order ({@link SignalStats#NONE} when not exposed)
     */
    public record Stage(StageWindow window, Map<ServerSignal, SignalStats> signals) {
        public Stage {
            EnumMap<ServerSignal, SignalStats> m = new EnumMap<>(ServerSignal.class);
            m.putAll(signals);
            signals = Collections.unmodifiableMap(m);
        }
    }

    /** Summarises a timeline over the given stages. */
    public static ServerMetricsSummary of(ServerTimeline timeline, List<StageWindow> stages) {
        Map<ServerSignal, Map<String, String>> sources = new LinkedHashMap<>();
        for (ServerSignal s : ServerSignal.values()) {
            if (timeline.has(s)) {
                sources.put(s, timeline.sourceNames(s));
            }
        }
        List<Stage> out = stages.stream()
                .map(w -> {
                    Map<ServerSignal, SignalStats> m = new EnumMap<>(ServerSignal.class);
                    for (ServerSignal s : ServerSignal.values()) {
                        m.put(s, timeline.stats(s, w));
                    }
                    return new Stage(w, m);
                })
                .toList();
        return new ServerMetricsSummary(
                timeline.scrapes(), timeline.medianIntervalS(), timeline.servers(), sources, out);
    }
}
