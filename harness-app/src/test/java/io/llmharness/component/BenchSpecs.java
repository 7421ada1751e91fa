package io.llmharness.component;

import io.llmharness.client.EndpointType;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.run.bench.RequestSender;
import io.llmharness.run.bench.Senders;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.spec.ApiSpec;
import io.llmharness.workload.spec.DataSpec;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.ReportSpec;
import io.llmharness.workload.spec.ServerSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.List;
import java.util.Map;

/** Small workload specs for component tests. */
final class BenchSpecs {

    private BenchSpecs() {}

    /** A streamed spec for an endpoint that asks for exact output lengths ({@code ignore_eos}). */
    static WorkloadSpec withIgnoreEos(EndpointType endpoint) {
        return new WorkloadSpec(
                HarnessKind.INFERENCE_PERF,
                "test",
                new LoadSpec(List.of(new Stage.Concurrency(1, 1, 0)), null, 0, 0, 1),
                new ApiSpec(endpoint, true, Map.of()),
                new ServerSpec("vllm", "sim-model", null, true, null),
                null,
                new DataSpec.Mock(),
                ReportSpec.DEFAULTS,
                Map.of(),
                List.of());
    }

    static RequestSender sender(LlmClient client, WorkloadSpec spec) {
        return Senders.client(client, spec);
    }
}
