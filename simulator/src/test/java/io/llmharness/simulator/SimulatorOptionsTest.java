package io.llmharness.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The option groups: one replaced at a time, defaults that follow each other, checks that name the flag. */
class SimulatorOptionsTest {

    @Test
    void withReplacesOnlyTheGroupOfItsType() {
        SimulatorOptions defaults = SimulatorOptions.defaults();
        Capacity four = Capacity.DEFAULTS.withMaxNumSeqs(4);
        SimulatorOptions o = defaults.with(four).with(Latency.fixed(50, 10)).withSeed(7);
        assertThat(o.capacity()).isSameAs(four);
        assertThat(o.latency()).isEqualTo(Latency.fixed(50, 10));
        assertThat(o.seed()).isEqualTo(7);
        assertThat(o.with(Capacity.DEFAULTS).with(Latency.DEFAULT).withSeed(0)).isEqualTo(defaults);
        assertThat(o.identity()).isSameAs(defaults.identity());
        assertThat(o.faults()).isSameAs(defaults.faults());
    }

    @Test
    void theDefaultsAreAVllmServerWithContinuousBatchingOnAnEphemeralLoopbackPort() {
        SimulatorOptions o = SimulatorOptions.defaults();
        assertThat(o.identity().persona()).isEqualTo(Persona.VLLM);
        assertThat(o.identity().servedModelNames()).containsExactly("sim-model");
        assertThat(o.http().host()).isEqualTo("127.0.0.1");
        assertThat(o.http().port()).isZero();
        assertThat(o.latency()).isInstanceOf(Latency.Batch.class);
        assertThat(o.latency().mode()).isEqualTo(LatencyMode.BATCH);
        assertThat(o.parallelism().workerProcesses()).isFalse();
        assertThat(o.metricsEnabled()).isTrue();
        assertThat(o.logSink()).isNull();
    }

    @Test
    void servedNamesAndVersionFollowModelAndPersonaUnlessGiven() {
        Identity sglang = Identity.DEFAULTS.withPersona(Persona.SGLANG).withModel("openai/gpt-oss-120b");
        assertThat(sglang.servedModelNames()).containsExactly("openai/gpt-oss-120b");
        assertThat(sglang.version()).isEqualTo(Identity.DEFAULT_SGLANG_VERSION);
        assertThat(sglang.withPersona(Persona.VLLM).version()).isEqualTo(Identity.DEFAULT_VLLM_VERSION);

        Identity named =
                Identity.DEFAULTS.withServedModelNames(List.of("a", "b")).withVersion("9.9");
        assertThat(named.withModel("m").servedModelNames()).containsExactly("a", "b");
        assertThat(named.withModel("m").servedModelName()).isEqualTo("a");
        assertThat(named.withPersona(Persona.SGLANG).version()).isEqualTo("9.9");
        assertThat(named.withServedModelNames(List.of()).servedModelNames()).containsExactly("sim-model");
    }

    @Test
    void metricsAreServedAsThePersonaDoesUnlessConfigured() {
        SimulatorOptions sglang = SimulatorOptions.defaults().with(Identity.DEFAULTS.withPersona(Persona.SGLANG));
        assertThat(sglang.metricsEnabled()).isFalse();
        assertThat(sglang.with(Compatibility.DEFAULTS.withMetricsEnabled(true)).metricsEnabled())
                .isTrue();
        assertThat(SimulatorOptions.defaults()
                        .with(Compatibility.DEFAULTS.withMetricsEnabled(false))
                        .metricsEnabled())
                .isFalse();
    }

    @Test
    void zeroLatencyMeansEveryDurationIsZero() {
        assertThat(Latency.zero().isZero()).isTrue();
        assertThat(Latency.fixed(0, 1).isZero()).isFalse();
        assertThat(Latency.Batch.DEFAULTS.isZero()).isFalse();
        assertThat(new Latency.Batch(0, 0, 0, 0).isZero()).isTrue();
        assertThat(Latency.Batch.DEFAULTS.withDecodeStepMs(0).isZero()).isFalse();
    }

    @Test
    void aValueOutOfRangeNamesTheOptionAndItsFlag() {
        Map<Supplier<Object>, String> cases = Map.ofEntries(
                Map.entry(() -> Identity.DEFAULTS.withModel(" "), "model (--model) must not be blank"),
                Map.entry(() -> Http.DEFAULTS.withPort(65536), "port (--port) must be 0..65535, got 65536"),
                Map.entry(() -> Http.DEFAULTS.withEventLoops(0), "eventLoops (--event-loops) must be >= 1, got 0"),
                Map.entry(
                        () -> Http.DEFAULTS.withMaxRequestBodyBytes(1023),
                        "maxRequestBodyBytes (--max-request-body-mb) must be at least 1024 bytes"),
                Map.entry(
                        () -> Http.DEFAULTS.withKeepAliveTimeoutMs(-1),
                        "keepAliveTimeoutMs (--keep-alive-timeout-ms) must be >= 0, got -1"),
                Map.entry(() -> Capacity.DEFAULTS.withMaxNumSeqs(0), "maxNumSeqs (--max-num-seqs) must be >= 1, got 0"),
                Map.entry(
                        () -> Capacity.DEFAULTS.withKvCacheTokens(100),
                        "kvCacheTokens (--kv-cache-tokens) must be at least maxModelLen (32768) so one full-length"
                                + " request fits, got 100"),
                Map.entry(
                        () -> Parallelism.DEFAULTS.withTensorParallelSize(0),
                        "tensorParallelSize (--tensor-parallel-size) must be >= 1, got 0"),
                Map.entry(() -> Latency.fixed(Double.NaN, 1), "ttftMs (--ttft) must be a finite number >= 0, got NaN"),
                Map.entry(
                        () -> Latency.zero().withTimeFactorUnderLoad(0.5),
                        "timeFactorUnderLoad (--time-factor-under-load) must be >= 1.0, got 0.5"),
                Map.entry(
                        () -> Latency.Batch.DEFAULTS.withDecodeStepMs(Double.POSITIVE_INFINITY),
                        "decodeStepMs (--decode-step-ms) must be a finite number >= 0, got Infinity"),
                Map.entry(
                        () -> Streaming.DEFAULTS.withStreamInterval(0),
                        "streamInterval (--stream-interval) must be >= 1, got 0"),
                Map.entry(
                        () -> Admission.DEFAULTS.withMaxNumQueuedRequests(-1),
                        "maxNumQueuedRequests (--max-num-queued-reqs) must be >= 0, got -1"),
                Map.entry(
                        () -> Lifecycle.DEFAULTS.withShutdownTimeoutMs(-1),
                        "shutdownTimeoutMs (--shutdown-timeout) must be >= 0, got -1"),
                Map.entry(
                        () -> Faults.DEFAULTS.withFaultRate(101),
                        "faultRate (--fault-rate) must be a percentage 0..100, got 101.0"),
                Map.entry(() -> Faults.DEFAULTS.withFault("bogus"), "fault (--fault / --failure-types): "),
                Map.entry(
                        () -> Faults.DEFAULTS.withFailureTypes(List.of("no_such_kind")),
                        "fault (--fault / --failure-types): "),
                Map.entry(
                        () -> Profiling.DEFAULTS.withStopProfileDelayMs(-1),
                        "stopProfileDelayMs (--stop-profile-delay-ms) must be >= 0, got -1"),
                Map.entry(
                        () -> Recording.DEFAULTS.withTimingsCapacity(0),
                        "timingsCapacity (--timings-capacity) must be >= 1, got 0"));
        cases.forEach((build, message) -> assertThatThrownBy(build::get)
                .as(message)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message));
    }

    @Test
    void listsAreCopiedAndAbsentListsAreEmpty() {
        assertThat(new Faults(0, null, null, 100).failureTypes()).isEmpty();
        List<String> kinds = new java.util.ArrayList<>(List.of("rate_limit"));
        Faults faults = Faults.DEFAULTS.withFailureTypes(kinds);
        kinds.add("server_error");
        assertThat(faults.failureTypes()).containsExactly("rate_limit");
    }
}
