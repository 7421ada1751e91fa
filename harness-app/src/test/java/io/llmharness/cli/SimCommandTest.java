package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.LatencyMode;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.BindException;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Flag parsing of {@code harness sim} (no server is started). */
class SimCommandTest {
    private static SimulatorOptions parse(String... args) {
        CommandLine cl = Main.commandLine();
        String[] all = new String[args.length + 1];
        all[0] = "sim";
        System.arraycopy(args, 0, all, 1, args.length);
        CommandLine.ParseResult pr = cl.parseArgs(all);
        SimCommand cmd = pr.subcommand().commandSpec().commandLine().getCommand();
        return cmd.options();
    }

    @Test
    void defaultsPerPersona() {
        SimulatorOptions v = parse();
        assertThat(v.identity().persona()).isEqualTo(Persona.VLLM);
        assertThat(v.http().port()).isEqualTo(8000);
        assertThat(v.latency().mode()).isEqualTo(LatencyMode.BATCH);
        assertThat(v.parallelism().workerProcesses()).isTrue();
        SimulatorOptions s = parse("--persona", "sglang");
        assertThat(s.http().port()).isEqualTo(30000);
        assertThat(s.metricsEnabled()).isFalse();
    }

    @Test
    void vllmAndSglangSpellings() {
        SimulatorOptions o = parse(
                "--served-model-name",
                "llama-8b",
                "llama",
                "--unknown-flag",
                "--accept-unknown-flags",
                "-tp",
                "4",
                "--max-model-len",
                "8k",
                "--max-num-seqs",
                "16",
                "--no-enable-prefix-caching",
                "--seed",
                "7",
                "--ttft",
                "100ms",
                "--itl",
                "12");
        assertThat(o.identity().servedModelNames()).containsExactly("llama-8b", "llama");
        assertThat(o.parallelism().tensorParallelSize()).isEqualTo(4);
        assertThat(o.capacity().maxModelLen()).isEqualTo(8000);
        assertThat(o.capacity().maxNumSeqs()).isEqualTo(16);
        assertThat(o.capacity().enablePrefixCaching()).isFalse();
        assertThat(o.latency().mode()).isEqualTo(LatencyMode.FIXED);
        assertThat(o.latency()).isEqualTo(Latency.fixed(100, 12));
        SimulatorOptions s = parse(
                "--persona",
                "sglang",
                "--model-path",
                "openai/gpt-oss-120b",
                "--tp",
                "8",
                "--context-length",
                "32K",
                "--max-running-requests",
                "64",
                "--disable-radix-cache",
                "--enable-metrics",
                "--random-seed",
                "3",
                "--time-to-first-token",
                "0.1s");
        assertThat(s.identity().model()).isEqualTo("openai/gpt-oss-120b");
        assertThat(s.parallelism().tensorParallelSize()).isEqualTo(8);
        assertThat(s.capacity().maxModelLen()).isEqualTo(32768);
        assertThat(s.capacity().maxNumSeqs()).isEqualTo(64);
        assertThat(s.capacity().enablePrefixCaching()).isFalse();
        assertThat(s.metricsEnabled()).isTrue();
        assertThat(s.latency()).isEqualTo(Latency.fixed(100, 0));
    }

    @Test
    void faultAndLifecycleFlags() {
        SimulatorOptions o = parse(
                "--failure-injection-rate",
                "10",
                "--failure-types",
                "rate_limit,503",
                "--fault",
                "stall-after=3",
                "--fault-rate",
                "50",
                "--startup-delay-ms",
                "100",
                "--warmup-ms",
                "200",
                "--exit-after-requests",
                "5",
                "--record-timings",
                "--enable-profiling",
                "--api-key",
                "k",
                "--shutdown-timeout",
                "30");
        assertThat(o.faults().failureTypes()).containsExactly("rate_limit", "503");
        assertThat(o.faults().fault()).isEqualTo("stall-after=3");
        assertThat(o.faults().faultRate()).isEqualTo(50);
        assertThat(o.lifecycle().startupDelayMs()).isEqualTo(100);
        assertThat(o.lifecycle().warmupMs()).isEqualTo(200);
        assertThat(o.lifecycle().exitAfterRequests()).isEqualTo(5);
        assertThat(o.recording().recordTimings()).isTrue();
        assertThat(o.profiling().enableProfiling()).isTrue();
        assertThat(o.admission().apiKey()).isEqualTo("k");
        assertThat(o.lifecycle().shutdownTimeoutMs()).isEqualTo(30_000);
    }

    @Test
    void badValuesAreConfigErrorsNamingTheFlag() {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute("sim", "--max-model-len", "100", "--kv-cache-tokens", "10");
        assertThat(code).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(err.toString()).contains("--kv-cache-tokens").hasLineCount(1);
    }

    @Test
    void aValueOutOfRangeNamesTheFlagAsTyped() {
        assertThat(configError("--context-length", "0"))
                .isEqualTo("harness: sim: maxModelLen (--context-length) must be >= 1, got 0");
        assertThat(configError("--max-model-len", "0")).contains("(--max-model-len)");
        assertThat(configError("-tp", "0")).contains("(-tp) must be >= 1");
        assertThat(configError("--time-factor-under-load", "0.5", "--latency-mode", "batch"))
                .as("every latency flag is checked, whichever mode runs")
                .contains("(--time-factor-under-load) must be >= 1.0");
        assertThat(configError("--fault", "nonsense")).contains("(--fault / --failure-types)");
    }

    @Test
    void aLongContextBringsItsOwnKvCacheUnlessOneIsGiven() {
        assertThat(parse("--max-model-len", "1M").capacity().kvCacheTokens()).isEqualTo(1 << 20);
        assertThat(parse("--max-model-len", "8k").capacity().kvCacheTokens())
                .isEqualTo(Capacity.DEFAULTS.kvCacheTokens());
        assertThat(configError("--max-model-len", "1M", "--max-total-tokens", "524288"))
                .contains("(--max-total-tokens) must be at least maxModelLen (1048576)");
    }

    @Test
    void fixedModeIsChosenByItsFlagsUnlessTheModeIsGiven() {
        assertThat(parse("--itl-std-dev", "2").latency())
                .isEqualTo(Latency.zero().withItlStdDevMs(2));
        assertThat(parse("--latency-mode", "fixed").latency()).isEqualTo(Latency.zero());
        assertThat(parse("--latency-mode", "batch", "--ttft", "5").latency()).isEqualTo(Latency.Batch.DEFAULTS);
        assertThat(parse("--decode-step-ms", "3").latency()).isEqualTo(Latency.Batch.DEFAULTS.withDecodeStepMs(3));
    }

    /** The one line {@code harness sim ARGS} prints for a configuration error (exit 3). */
    private static String configError(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "sim";
        System.arraycopy(args, 0, all, 1, args.length);
        assertThat(cl.execute(all)).as(err.toString()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(err.toString()).hasLineCount(1);
        return err.toString().strip();
    }

    @Test
    void unknownFlagsAreUsageErrorsUnlessAccepted() {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        assertThat(cl.execute("sim", "--gpu-memory-utilization", "0.9")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--accept-unknown-flags");
        assertThat(parse("--accept-unknown-flags", "--gpu-memory-utilization", "0.9", "--port", "1234")
                        .http()
                        .port())
                .isEqualTo(1234);
    }

    @Test
    void aRepeatedFlagKeepsItsLastValueAsArgparseDoes() {
        assertThat(parse("--port", "1234", "--tp", "8", "--port", "4321", "--tp", "1")
                        .http()
                        .port())
                .isEqualTo(4321);
    }

    @Test
    void shutdownTimeoutCountsSecondsUnlessGivenAUnit() {
        assertThat(parse("--shutdown-timeout", "2").lifecycle().shutdownTimeoutMs())
                .isEqualTo(2000);
        assertThat(parse("--shutdown-timeout", "1.5").lifecycle().shutdownTimeoutMs())
                .isEqualTo(1500);
        assertThat(parse("--shutdown-timeout", "500ms").lifecycle().shutdownTimeoutMs())
                .isEqualTo(500);
        assertThat(parse("--shutdown-timeout", "3s").lifecycle().shutdownTimeoutMs())
                .isEqualTo(3000);
    }

    @Test
    void aBadDurationNamesTheFlagsOwnUnit() {
        assertThat(usageError("--shutdown-timeout", "zz"))
                .contains("--shutdown-timeout", "'zz'", "(seconds, or 500ms, 1.5s)");
        assertThat(usageError("--shutdown-timeout", "abc1")).contains("'abc1'").doesNotContain("abc1s");
        for (String odd : List.of("NaN", "Infinity", "2d", "0x1p3", "-1", "1e3")) {
            assertThat(usageError("--ttft", odd)).as(odd).contains("'" + odd + "' is not a duration");
        }
        assertThat(parse("--ttft", ".5").latency()).isEqualTo(Latency.fixed(0.5, 0));
        for (String millisFlag : List.of(
                "--ttft",
                "--itl",
                "--ttft-std-dev",
                "--itl-std-dev",
                "--prefill-overhead-ms",
                "--decode-step-ms",
                "--decode-step-ms-per-seq",
                "--warmup-ms")) {
            assertThat(usageError(millisFlag, "zz")).contains("(milliseconds, or 100ms, 1.5s)");
        }
    }

    @Test
    void listFlagsNeedAValue() {
        // parsed only: a command line that wrongly passed would start a server
        assertThatThrownBy(() -> parse("--served-model-name"))
                .isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("'--served-model-name'");
        assertThatThrownBy(() -> parse("--served-model-name", "--port", "8001"))
                .isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("'--served-model-name'");
        assertThatThrownBy(() -> parse("--port", "8001", "--failure-types"))
                .isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("'--failure-types'");
        assertThat(parse("--served-model-name=one", "two").identity().servedModelNames())
                .containsExactly("one", "two");
    }

    /** What {@code harness sim ARGS} prints for a usage error (exit 2). */
    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "sim";
        System.arraycopy(args, 0, all, 1, args.length);
        assertThat(cl.execute(all)).as(err.toString()).isEqualTo(ExitCodes.USAGE);
        return err.toString();
    }

    @Test
    void bindFailuresPointAtTheFlagToChange() {
        assertThat(SimCommand.listenHint(new UnknownHostException("Failed to resolve '999.1.1.1'")))
                .contains("--host")
                .doesNotContain("--port");
        assertThat(SimCommand.listenHint(new BindException("Cannot assign requested address")))
                .contains("--host")
                .doesNotContain("--port");
        assertThat(SimCommand.listenHint(new BindException("Address already in use")))
                .contains("--port")
                .doesNotContain("--host");
        assertThat(SimCommand.listenHint(new BindException("Permission denied")))
                .contains("--port", "1024");
    }

    @Test
    void anAddressOfAnotherMachineIsAHostError() {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine
        int code = cl.execute("sim", "--host", "192.0.2.1", "--port", "0", "--no-worker-processes");
        assertThat(code).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(err.toString())
                .contains("cannot listen on 192.0.2.1", "check --host")
                .doesNotContain("--port");
    }

    @Test
    void helpListsTheFlags() {
        StringWriter out = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        assertThat(cl.execute("sim", "--help")).isZero();
        assertThat(out.toString()).contains("--max-num-seqs", "--ttft", "--kv-cache-tokens", "--exit-after-requests");
        assertThat(List.of(out.toString().split("\n")).size()).isGreaterThan(40);
    }
}
