package io.llmharness.simulator;

import io.llmharness.simulator.fault.FaultSpec;
import io.llmharness.simulator.fault.InjectedError;
import java.util.List;

/**
 * Errors and misbehaviour injected into generation requests server-wide; the dice are seeded by
 * {@link SimulatorOptions#seed()}. Requests can ask for the same per request with headers, see {@code
 * docs/simulator.md}.
 *
 * @param failureInjectionRate percentage (0–100) of generation requests that fail with an injected error
 *     ({@code --failure-injection-rate}); default 0
 * @param failureTypes injected error kinds, chosen uniformly: llm-d names {@code rate_limit} (429),
 *     {@code invalid_api_key} (401), {@code context_length} (400), {@code server_error} (503),
 *     {@code invalid_request} (400), {@code model_not_found} (404), or a bare HTTP status such as {@code 500}
 *     ({@code --failure-types}); null or empty = all llm-d kinds
 * @param fault a fault for generation requests in the {@code X-Sim-Fault} header syntax, for example
 *     {@code reset-after=5} or {@code stall-after=3;stall-ms=2000} ({@code --fault}); null = none
 * @param faultRate percentage (0–100) of generation requests that get {@code fault} ({@code --fault-rate}); default
 *     {@value #DEFAULT_FAULT_RATE}
 */
public record Faults(double failureInjectionRate, List<String> failureTypes, String fault, double faultRate)
        implements SimulatorOptions.Group {
    /** Default {@link #faultRate()}: every request. */
    public static final double DEFAULT_FAULT_RATE = 100;
    /** The defaults: no injected errors, no fault. */
    public static final Faults DEFAULTS = new Faults(0, List.of(), null, DEFAULT_FAULT_RATE);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Faults {
        failureTypes = failureTypes == null ? List.of() : List.copyOf(failureTypes);
        Check.percent("failureInjectionRate (--failure-injection-rate)", failureInjectionRate);
        Check.percent("faultRate (--fault-rate)", faultRate);
        try {
            FaultSpec.parse(fault);
            failureTypes.forEach(InjectedError::check);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fault (--fault / --failure-types): " + e.getMessage(), e);
        }
    }

    /** Fail this percentage of requests. */
    public Faults withFailureInjectionRate(double value) {
        return new Faults(value, failureTypes, fault, faultRate);
    }

    /** Fail with these kinds (empty = all llm-d kinds). */
    public Faults withFailureTypes(List<String> value) {
        return new Faults(failureInjectionRate, value, fault, faultRate);
    }

    /** Apply this {@code X-Sim-Fault} directive to every request (null = none). */
    public Faults withFault(String value) {
        return new Faults(failureInjectionRate, failureTypes, value, faultRate);
    }

    /** Apply the fault to this percentage of requests. */
    public Faults withFaultRate(double value) {
        return new Faults(failureInjectionRate, failureTypes, fault, value);
    }
}
