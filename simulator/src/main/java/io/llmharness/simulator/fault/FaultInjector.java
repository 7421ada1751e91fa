package io.llmharness.simulator.fault;

import io.llmharness.simulator.Faults;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.request.ApiError;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides, per generation request, which fault (if any) to inject: the request's {@code X-Return-Error} and
 * {@code X-Sim-Fault} headers first, then the server's {@code --fault} (applied to {@code --fault-rate} percent of
 * requests) and {@code --failure-injection-rate}. Dice are deterministic for a server seed (a counter run through a
 * mixer), so a rerun with the same request order injects the same faults. Thread-safe.
 */
public final class FaultInjector {
    private final SimulatorOptions options;
    private final Faults faults;
    private final FaultSpec serverFault;
    private final List<String> kinds;
    private final AtomicLong dice = new AtomicLong();

    public FaultInjector(SimulatorOptions options) {
        this.options = options;
        this.faults = options.faults();
        this.serverFault = FaultSpec.parse(faults.fault());
        this.kinds = faults.failureTypes().isEmpty() ? List.of(InjectedError.KINDS) : faults.failureTypes();
    }

    /** An injected error to answer with instead of generating, or null. */
    public ApiError injectedError(String returnErrorHeader, FaultSpec requestFault) {
        if (returnErrorHeader != null) {
            try {
                int status = Integer.parseInt(returnErrorHeader.trim());
                return InjectedError.ofStatus(status >= 400 && status <= 599 ? status : 400);
            } catch (NumberFormatException e) {
                return InjectedError.ofStatus(400);
            }
        }
        if (requestFault.status() != 0) {
            return InjectedError.ofStatus(requestFault.status());
        }
        if (serverFault.status() != 0 && serverFaultDice()) {
            return InjectedError.ofStatus(serverFault.status());
        }
        if (faults.failureInjectionRate() > 0 && roll() * 100 < faults.failureInjectionRate()) {
            String kind = kinds.get((int) (roll() * kinds.size()));
            return InjectedError.of(
                    kind,
                    options.identity().servedModelName(),
                    options.capacity().maxModelLen());
        }
        return null;
    }

    /** The stream/connection fault for a request: its header's spec merged over the server's (if the dice say so). */
    public FaultSpec streamFault(FaultSpec requestFault) {
        FaultSpec base = FaultSpec.NONE;
        if (!serverFault.isNone() && serverFaultDice()) {
            base = serverFault;
        }
        return base.merge(requestFault);
    }

    /** Whether this request gets the server's fault: always at 100 %, else a roll of the dice. */
    private boolean serverFaultDice() {
        return faults.faultRate() >= 100 || roll() * 100 < faults.faultRate();
    }

    private double roll() {
        long z = options.seed() + dice.incrementAndGet() * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }
}
