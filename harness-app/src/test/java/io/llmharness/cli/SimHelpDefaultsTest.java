package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.llmharness.simulator.Http;
import io.llmharness.simulator.Parallelism;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults {@code harness sim --help} shows are the option groups' own: typed back on the command line, each
 * changes nothing, and no flag at all gives the groups' defaults. So a default changed in a group shows in the help,
 * and a help text can never promise a default the simulator does not have.
 */
class SimHelpDefaultsTest {
    /** Flags whose help states a rule instead of a value, with a word of that rule. */
    private static final Map<String, String> RULES = Map.of(
            "--port", Persona.VLLM_PORT + " for vllm, " + Persona.SGLANG_PORT + " for sglang",
            "--served-model-name", "the model",
            "--failure-types", "all llm-d kinds",
            "--enable-metrics", "as the persona",
            "--answers-column", "the first of output");

    /** Flags that take a value and have none by default. */
    private static final Set<String> NO_DEFAULT = Set.of("--answers", "--api-key", "--fault", "--profile-dir");

    /** {@code (default: 16)}, {@code (default: 0 ms)}, {@code (default: fixed when …, else batch)}: the value. */
    private static final Pattern DEFAULT = Pattern.compile("\\(default: (?:[^)]* else )?([^ ,;)]+)( ms)?[,;)]");

    @Test
    void noFlagsGiveTheOptionGroupsDefaults() {
        assumeTrue(System.getenv("VLLM_API_KEY") == null && System.getenv("VLLM_TORCH_PROFILER_DIR") == null);
        SimulatorOptions defaults = SimulatorOptions.defaults();
        // the command line's own two choices: the real server's port, and worker processes like a real server
        assertThat(parse())
                .isEqualTo(defaults.with(Http.DEFAULTS.withPort(Persona.VLLM.defaultPort()))
                        .with(Parallelism.DEFAULTS.withWorkerProcesses(true)));
    }

    @Test
    void everyDefaultInTheHelpTypedBackChangesNothing() {
        Map<String, String> help = helpLines();
        List<String> checked = new ArrayList<>();
        for (OptionSpec option : simSpec().options()) {
            String flag = option.longestName();
            String line = help.get(flag);
            assertThat(line).as("help line of %s", flag).isNotNull();
            if (option.usageHelp() || option.versionHelp() || (option.arity().max() == 0 && !option.negatable())) {
                assertThat(line).as(flag + ": a switch is off unless given").doesNotContain("default");
                continue;
            }
            if (RULES.containsKey(flag)) {
                assertThat(line).as(flag).contains("(default: " + RULES.get(flag));
                continue;
            }
            if (NO_DEFAULT.contains(flag)) {
                assertThat(line).as(flag).doesNotContain("default");
                continue;
            }
            Matcher m = DEFAULT.matcher(line);
            assertThat(m.find()).as("%s shows its default: %s", flag, line).isTrue();
            String shown = m.group(1) + (m.group(2) != null ? "ms" : "");
            // a fixed-mode value is a default of fixed mode: typing one alone would choose that mode
            String[] context = line.contains("Fixed mode:") ? new String[] {"--latency-mode", "fixed"} : new String[0];
            SimulatorOptions typedBack = option.negatable()
                    ? parse(concat(context, shown.equals("true") ? flag : negated(flag)))
                    : parse(concat(context, flag, shown));
            assertThat(typedBack).as("%s %s", flag, shown).isEqualTo(parse(context));
            checked.add(flag);
        }
        assertThat(checked).as("flags whose default was typed back").hasSizeGreaterThan(35);
    }

    @Test
    void enumDefaultsAreShownAsTyped() {
        Map<String, String> help = helpLines();
        assertThat(help.get("--persona")).contains("(default: vllm)");
        assertThat(help.get("--mode")).contains("(default: random)");
        assertThat(help.get("--latency-mode")).contains("else batch)");
    }

    private static String negated(String flag) {
        return "--no-" + flag.substring(2);
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = new String[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private static CommandLine.Model.CommandSpec simSpec() {
        return Main.commandLine().getSubcommands().get("sim").getCommandSpec();
    }

    /** {@code harness sim --help}, one line per option (wide enough not to wrap), by each option's longest name. */
    private static Map<String, String> helpLines() {
        CommandLine cl = Main.commandLine();
        CommandLine sim = cl.getSubcommands().get("sim");
        sim.setUsageHelpWidth(1000);
        sim.setUsageHelpLongOptionsMaxWidth(150);
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        assertThat(cl.execute("sim", "--help")).isZero();
        Map<String, String> byFlag = new java.util.HashMap<>();
        for (String line : out.toString().split("\n")) {
            for (OptionSpec option : sim.getCommandSpec().options()) {
                String name =
                        option.negatable() ? "--[no-]" + option.longestName().substring(2) : option.longestName();
                if (line.matches("\\s+(-\\S+, )*" + Pattern.quote(name) + "[=, ].*")) {
                    byFlag.put(option.longestName(), line);
                }
            }
        }
        return byFlag;
    }

    private static SimulatorOptions parse(String... args) {
        CommandLine cl = Main.commandLine();
        String[] all = concat(new String[] {"sim"}, args);
        SimCommand cmd =
                cl.parseArgs(all).subcommand().commandSpec().commandLine().getCommand();
        return cmd.options();
    }
}
