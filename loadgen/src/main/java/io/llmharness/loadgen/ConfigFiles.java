package io.llmharness.loadgen;

import io.llmharness.loadgen.config.ConfigContext;
import io.llmharness.loadgen.config.ConfigDiagnostic;
import io.llmharness.loadgen.config.ConfigStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The config files of one LoadGen test, applied the way a fresh C++ LoadGen process applies them: with a
 * user.conf, {@code FromConfig(user.conf)}, which applies mlperf.conf first; without one, mlperf.conf alone
 * ({@code conf_type} 0). Every {@link #applyTo} call is a fresh process of its own (its own
 * {@link ConfigContext}), so runs, stages and parallel tests in one JVM never see each other's loads.
 *
 * <p>The audit config is not here: LoadGen applies it inside {@link LoadGen#startTest}, from the file name given
 * there, and logs it in the detail log, as the C++ LoadGen does.
 *
 * @param mlperfConf another round's mlperf.conf, or null for the embedded 6.0.17 file
 * @param userConf a user.conf, or null to apply mlperf.conf alone
 * @param model the mlperf.conf model key, e.g. {@code llama3_1-8b} or {@code llama3_1-8b-interactive}
 * @param scenario the scenario name used in key lookups, e.g. {@code Server}
 */
public record ConfigFiles(Path mlperfConf, Path userConf, String model, String scenario) {

    public ConfigFiles {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(scenario, "scenario");
    }

    /**
     * Applies the files to {@code settings}. Problems are returned and also kept in the settings, which write them
     * to the detail log as {@code error_invalid_config} when the test starts.
     */
    public Report applyTo(TestSettings settings) {
        ConfigContext context = new ConfigContext(mlperfConf);
        int before = settings.configDiagnostics().size();
        ConfigStatus status = userConf != null
                ? settings.fromConfig(context, userConf, model, scenario)
                : settings.fromConfig(context, null, model, scenario, 0);
        List<ConfigDiagnostic> all = settings.configDiagnostics();
        return new Report(status, all.subList(before, all.size()));
    }

    /**
     * What applying the files found.
     *
     * @param status the outcome of the last file applied (the user.conf when there is one)
     * @param diagnostics every problem found, in order (also in a file whose status is OK, e.g. a bad
     *     {@code mode} value)
     */
    public record Report(ConfigStatus status, List<ConfigDiagnostic> diagnostics) {

        public Report {
            diagnostics = List.copyOf(diagnostics);
        }

        /** True when the last file was read and applied. */
        public boolean ok() {
            return status == ConfigStatus.OK;
        }

        /** One line for an error message: the first problem (or the status), and how many more there are. */
        public String summary() {
            String why =
                    diagnostics.isEmpty() ? status.name() : diagnostics.get(0).message();
            return diagnostics.size() > 1 ? why + " (and " + (diagnostics.size() - 1) + " more)" : why;
        }
    }
}
