package io.llmharness.loadgen.run;

import io.llmharness.loadgen.PeakProbeListener;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.log.CFormat;
import io.llmharness.loadgen.log.DetailLog;
import io.llmharness.loadgen.results.PerformanceSummary;
import io.llmharness.loadgen.schedule.EffectiveSettings;
import io.llmharness.loadgen.schedule.LoadableSet;
import java.util.Optional;

/**
 * FindPeakPerformance (Server only): check the user's QPS, widen upper = lower x (1 + step) until the latency
 * constraint fails, then bisect until the QPS bounds agree to {@code server_find_peak_qps_decimals_of_precision}
 * decimals; report the last passing run. Only the performance constraint decides, not duration or early
 * stopping.
 */
final class PeakSearch {

    private static final String NOT_SUPPORTED = "Finding peak performance is only supported in Server scenarios.";

    private final Runs runs;
    private final DetailLog detail;

    PeakSearch(Runs runs, DetailLog detail) {
        this.runs = runs;
        this.detail = detail;
    }

    Optional<PerformanceSummary> run(EffectiveSettings base, String sutName) {
        detail.string("generic_message", "Starting FindPeakPerformance mode");
        if (base.scenario() != Scenario.SERVER) {
            detail.error("error_invalid_config", NOT_SUPPORTED);
            return Optional.empty();
        }
        detail.string(
                "generic_message", "FindPeakPerformance: Check validity of the base settings field: " + field(base));
        LoadableSet baseSet = runs.performanceSet(base);
        runs.load(baseSet);
        PerformanceSummary lower = PerformanceSummary.of(sutName, runs.issueQueries(base, baseSet, false));
        runs.peakProbes().probed(PeakProbeListener.Stage.BASE, lower);
        if (runs.aborted()) {
            runs.unload(baseSet);
            runs.write(lower);
            return Optional.of(lower);
        }
        if (!lower.perfConstraintsMet()) {
            detail.error(
                    "error_runtime",
                    "FindPeakPerformance: Initial lower bound does not satisfy performance constraints, msg: "
                            + lower.validity().perfConstraintsRecommendation());
            runs.write(lower);
            runs.unload(baseSet);
            return Optional.of(lower);
        }
        runs.unload(baseSet);
        PerformanceSummary upper;
        while (true) {
            EffectiveSettings u = lower.settings()
                    .withTargetQps(lower.settings().targetQps()
                            * (1 + lower.settings().requested().serverFindPeakQpsBoundaryStepSize));
            detail.string(
                    "generic_message",
                    "FindBoundaries: Checking fields [" + field(lower.settings()) + ", " + field(u) + ")");
            LoadableSet set = runs.performanceSet(u);
            runs.load(set);
            upper = PerformanceSummary.of(sutName, runs.issueQueries(u, set, false));
            runs.unload(set);
            if (runs.aborted()) {
                return reportAborted(lower);
            }
            runs.peakProbes().probed(PeakProbeListener.Stage.BOUNDARY, upper);
            if (!upper.perfConstraintsMet()) {
                break;
            }
            lower = upper;
        }
        detail.string(
                "generic_message",
                "FindPeakPerformance: Found boundaries: [" + field(lower.settings()) + ", " + field(upper.settings())
                        + ")");
        LoadableSet set = runs.performanceSet(upper.settings());
        runs.load(set);
        while (!finished(lower.settings(), upper.settings())) {
            EffectiveSettings m = lower.settings()
                    .withTargetQps(lower.settings().targetQps()
                            + (upper.settings().targetQps() - lower.settings().targetQps()) / 2);
            detail.string(
                    "generic_message",
                    "FindPeakPerformanceBinarySearch: Testing the mid value of bounds [" + field(lower.settings())
                            + ", " + field(upper.settings()) + "): " + field(m));
            PerformanceSummary mid = PerformanceSummary.of(sutName, runs.issueQueries(m, set, false));
            if (runs.aborted()) {
                runs.unload(set);
                return reportAborted(lower);
            }
            runs.peakProbes().probed(PeakProbeListener.Stage.BISECT, mid);
            if (mid.perfConstraintsMet()) {
                lower = mid;
            } else {
                upper = mid;
            }
        }
        detail.string(
                "generic_message", "FindPeakPerformance: Found peak performance field: " + field(lower.settings()));
        runs.write(lower);
        runs.unload(set);
        return Optional.of(lower);
    }

    /**
     * An aborted test ends the search (a run cut short issues nothing, so it would "meet" the latency constraint
     * and widen the bounds for ever): the last passing run so far is reported.
     */
    private Optional<PerformanceSummary> reportAborted(PerformanceSummary lower) {
        detail.string(
                "generic_message",
                "FindPeakPerformance: test aborted; reporting the last passing field: " + field(lower.settings()));
        runs.write(lower);
        return Optional.of(lower);
    }

    static boolean finished(EffectiveSettings lower, EffectiveSettings upper) {
        int precision = lower.requested().serverFindPeakQpsDecimalsOfPrecision & 0xFF;
        double l = Math.floor(lower.targetQps() * Math.pow(10, precision));
        double u = Math.floor(upper.targetQps() * Math.pow(10, precision));
        return l + 1 >= u;
    }

    /** {@code std::to_string(double)}: six decimals. */
    static String field(EffectiveSettings s) {
        return CFormat.f(s.targetQps(), 6);
    }
}
