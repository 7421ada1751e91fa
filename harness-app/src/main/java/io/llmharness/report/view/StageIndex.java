package io.llmharness.report.view;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.RequestMetrics;
import io.llmharness.metrics.StageWindow;
import java.util.List;

/**
 * Which stage a request belongs to: the one its start time (scheduled, else issued) falls in, start inclusive,
 * end exclusive, except that the last stage keeps its end (an MLPerf run's single stage spans the whole measured
 * window, whose end is the last completion).
 */
final class StageIndex {

    private final List<StageWindow> stages;
    private final long anchor;

    /** @param anchor the snapshot's nano anchor: record times minus it are relative to the run start */
    StageIndex(List<StageWindow> stages, long anchor) {
        this.stages = List.copyOf(stages);
        this.anchor = anchor;
    }

    int size() {
        return stages.size();
    }

    StageWindow get(int i) {
        return stages.get(i);
    }

    List<StageWindow> all() {
        return stages;
    }

    /** The stage index of a request, or -1 when it falls in none. */
    int of(RequestRecord r) {
        long t = RequestMetrics.startNs(r);
        if (t == RequestRecord.ABSENT) {
            return -1;
        }
        long rel = t - anchor;
        for (int i = 0; i < stages.size(); i++) {
            StageWindow s = stages.get(i);
            boolean last = i == stages.size() - 1;
            if (s.contains(rel) || (last && rel == s.endNs())) {
                return i;
            }
        }
        return -1;
    }
}
