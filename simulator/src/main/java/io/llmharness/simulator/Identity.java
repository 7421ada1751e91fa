package io.llmharness.simulator;

import java.util.List;
import java.util.Objects;

/**
 * Who the simulator says it is: the server it impersonates, the model it serves and the version it reports.
 *
 * @param persona which server to impersonate ({@code --persona}); default {@link Persona#VLLM}
 * @param model model path or id, reported as {@code root} in {@code /v1/models} ({@code --model}); default
 *     {@value #DEFAULT_MODEL}
 * @param servedModelNames names accepted in a request's {@code model} field, the first one reported
 *     ({@code --served-model-name}); null or empty = the model alone
 * @param version version reported by {@code /version} and {@code /server_info}; null = the persona's
 *     ({@link #DEFAULT_VLLM_VERSION} for vLLM, {@link #DEFAULT_SGLANG_VERSION} for SGLang)
 */
public record Identity(Persona persona, String model, List<String> servedModelNames, String version)
        implements SimulatorOptions.Group {
    /** Default {@link #model()}. */
    public static final String DEFAULT_MODEL = "sim-model";
    /** Version a vLLM persona reports unless told otherwise. */
    public static final String DEFAULT_VLLM_VERSION = "0.11.2";
    /** Version an SGLang persona reports unless told otherwise. */
    public static final String DEFAULT_SGLANG_VERSION = "0.5.4";
    /** The defaults: a vLLM server serving {@value #DEFAULT_MODEL}. */
    public static final Identity DEFAULTS = new Identity(Persona.VLLM, DEFAULT_MODEL, null, null);

    /**
     * Fills in the defaults and checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Identity {
        Objects.requireNonNull(persona, "persona");
        Objects.requireNonNull(model, "model");
        if (model.isBlank()) {
            throw new IllegalArgumentException("model (--model) must not be blank");
        }
        servedModelNames =
                servedModelNames == null || servedModelNames.isEmpty() ? List.of(model) : List.copyOf(servedModelNames);
        if (version == null) {
            version = releaseOf(persona);
        }
    }

    /** The first served name: what responses and metrics report. */
    public String servedModelName() {
        return servedModelNames.get(0);
    }

    /** True for the SGLang persona. */
    public boolean sglang() {
        return persona == Persona.SGLANG;
    }

    /** This identity for another persona; a version that was the old persona's default becomes the new one's. */
    public Identity withPersona(Persona value) {
        return new Identity(value, model, servedModelNames, version.equals(releaseOf(persona)) ? null : version);
    }

    /** This identity for another model; served names that were just the old model become the new one. */
    public Identity withModel(String value) {
        return new Identity(persona, value, servedModelNames.equals(List.of(model)) ? null : servedModelNames, version);
    }

    /** These served names (null or empty = the model alone). */
    public Identity withServedModelNames(List<String> value) {
        return new Identity(persona, model, value, version);
    }

    /** This reported version (null = the persona's). */
    public Identity withVersion(String value) {
        return new Identity(persona, model, servedModelNames, value);
    }

    private static String releaseOf(Persona persona) {
        return persona == Persona.VLLM ? DEFAULT_VLLM_VERSION : DEFAULT_SGLANG_VERSION;
    }
}
