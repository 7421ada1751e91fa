package io.llmharness.cli.sim;

import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Persona;
import java.util.List;
import picocli.CommandLine.Option;

/** {@link Identity}: the impersonated server and the model it serves. */
final class IdentityFlags {
    @Option(names = "--persona", description = "vllm or sglang (default: ${DEFAULT-VALUE}).")
    Persona persona = Identity.DEFAULTS.persona();

    @Option(
            names = {"--model", "--model-path"},
            description = "Model path or id, reported as root (default: ${DEFAULT-VALUE}).")
    String model = Identity.DEFAULTS.model();

    @Option(
            names = "--served-model-name",
            arity = "1..*",
            parameterConsumer = SimConverters.Words.class,
            description = "Names accepted in requests; the first is reported (default: the model).")
    List<String> servedModelNames;

    Identity toIdentity() {
        return new Identity(persona, model, servedModelNames, null);
    }
}
