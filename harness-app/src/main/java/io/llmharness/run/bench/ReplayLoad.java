package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceReadOptions;
import io.llmharness.workload.trace.TraceReaders;
import java.util.List;

/**
 * {@code --trace}: reads the trace and puts its replay in place of the profile's stages; the profile still gives the
 * API (completions or chat, streaming), the server settings, the tokenizer, the request timeout and the reports. The
 * profile's in-flight cap is dropped (it sized the profile's own stages): the client's default cap applies.
 */
final class ReplayLoad {

    private ReplayLoad() {}

    /**
     * The spec with the trace's replay as its only stage.
     *
     * @param warnings gets one line when the profile's stages are replaced
     * @throws HarnessException (config) naming the file and line of a bad row, (usage) when the flags leave no row
     */
    static WorkloadSpec apply(WorkloadSpec spec, BenchRequest.TraceChoice choice, List<String> warnings) {
        TraceReadOptions read = choice.read();
        Trace trace = choice.format() == null
                ? TraceReaders.read(choice.file(), read)
                : TraceReaders.read(choice.file(), choice.format(), read);
        ReplayPlan plan;
        try {
            plan = ReplayPlan.of(trace, choice.replay(), spec.load().seed());
        } catch (IllegalArgumentException e) {
            throw HarnessException.usage(choice.from() + " " + choice.file() + ": " + e.getMessage()
                    + "; widen --trace-start/--trace-end or raise --sample-sessions");
        }
        if (spec.load().replay() == null) {
            warnings.add(choice.from() + " " + choice.file() + " replaces the load stages and data of " + spec.profile()
                    + " (its API, server, tokenizer and report settings stay)");
        }
        // the profile's in-flight cap shaped its own stages; a replay sends whatever the trace says (client default)
        LoadSpec load = spec.load();
        return spec.withLoad(new LoadSpec(List.of(new Stage.Replay(plan)), load.requestTimeoutS(), 0, 0, load.seed()));
    }
}
