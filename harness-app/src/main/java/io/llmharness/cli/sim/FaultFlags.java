package io.llmharness.cli.sim;

import io.llmharness.simulator.Faults;
import java.util.List;
import picocli.CommandLine.Option;

/** {@link Faults}: injected errors and misbehaviour. */
final class FaultFlags {
    @Option(
            names = "--failure-injection-rate",
            description = "Percent (0-100) of requests that fail (default: ${DEFAULT-VALUE}).")
    double failureInjectionRate = Faults.DEFAULTS.failureInjectionRate();

    @Option(
            names = "--failure-types",
            split = ",",
            description = "llm-d kinds or HTTP statuses, comma-separated (default: all llm-d kinds).")
    List<String> failureTypes;

    @Option(names = "--fault", description = "A fault for every request, X-Sim-Fault syntax (e.g. reset-after=5).")
    String fault = Faults.DEFAULTS.fault();

    @Option(
            names = "--fault-rate",
            description = "Percent (0-100) of requests that get --fault (default: ${DEFAULT-VALUE}).")
    double faultRate = Faults.DEFAULTS.faultRate();

    Faults toFaults() {
        return new Faults(failureInjectionRate, failureTypes, fault, faultRate);
    }
}
