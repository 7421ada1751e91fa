package io.llmharness.workload;

import io.llmharness.workload.template.EnvTemplate;
import io.llmharness.workload.template.Overrides;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A profile after llm-d's rendering: overrides applied to the template text, then {@code REPLACE_ENV_*} tokens
 * replaced from the environment. This text is what the harness reads and what the run directory keeps.
 *
 * @param source the template
 * @param text the rendered text
 * @param variables environment variables that were substituted
 * @param warnings one line each: override keys that matched nothing
 */
public record RenderedProfile(ProfileSource source, String text, Set<String> variables, List<String> warnings) {

    public RenderedProfile {
        variables = Set.copyOf(variables);
        warnings = List.copyOf(warnings);
    }

    /**
     * Renders a template.
     *
     * @param overridesFrom the flag or variable the overrides came from, for the warning lines
     * @throws io.llmharness.error.HarnessException (config) when a variable is missing
     */
    public static RenderedProfile render(
            ProfileSource source, Overrides overrides, String overridesFrom, Map<String, String> env) {
        Overrides.Result o = overrides.apply(source.text());
        List<String> warnings = new ArrayList<>();
        for (String key : o.unmatched()) {
            warnings.add(overridesFrom + " " + key + "=...: no key '" + key + "' in " + source.display()
                    + "; nothing was changed"
                    + (key.contains(".")
                            ? " (keys are leaf names, matched anywhere in the file, not dotted paths)"
                            : ""));
        }
        EnvTemplate.Result r = EnvTemplate.render(o.text(), env, source.display());
        return new RenderedProfile(source, r.text(), r.variables(), warnings);
    }
}
