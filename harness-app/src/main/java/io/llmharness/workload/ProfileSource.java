package io.llmharness.workload;

import java.util.Objects;

/**
 * A workload profile template as found, before rendering.
 *
 * @param harness the harness whose semantics the profile is read with
 * @param fileName the template's file name, e.g. {@code sanity_random.yaml.in}
 * @param display where it came from, as error messages name it (a path, or {@code profiles/<harness>/<file>} for
 *     a shipped profile)
 * @param text the template's text
 */
public record ProfileSource(HarnessKind harness, String fileName, String display, String text) {

    public ProfileSource {
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(display, "display");
        Objects.requireNonNull(text, "text");
    }

    /**
     * The name of the rendered profile: the template name without {@code .in} (llm-d renders
     * {@code <name>.yaml.in} to {@code <name>.yaml}).
     */
    public String renderedName() {
        String base = fileName.endsWith(".in") ? fileName.substring(0, fileName.length() - 3) : fileName;
        return base.endsWith(".yaml") || base.endsWith(".yml") ? base : base + ".yaml";
    }

    /** The workload's short name: the file name without {@code .yaml.in} / {@code .yaml}. */
    public String workloadName() {
        String n = renderedName();
        return n.substring(0, n.lastIndexOf('.'));
    }
}
