package io.llmharness.run.bench;

import io.llmharness.workload.spec.Stage;
import java.util.List;

/**
 * What one stage did.
 *
 * @param index stage index in the run (sweeps count their planned stages in order)
 * @param stage the stage as run (a sweep's planned stages are concrete)
 * @param startNs when the stage started ({@link io.llmharness.loadgen.clock.Clock#nanoTime()})
 * @param endNs when its last request finished
 * @param planned requests the stage planned (0 when bounded by time only)
 * @param records its finished requests, in completion order
 * @param interrupted whether the run was stopped during this stage (it then has fewer requests than planned)
 */
public record StageRun(
        int index,
        Stage stage,
        long startNs,
        long endNs,
        long planned,
        List<BenchRecord> records,
        boolean interrupted) {

    public StageRun {
        records = List.copyOf(records);
    }
}
