package io.llmharness.run;

import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.ConfigFiles;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.selftest.FixedSutTiming;

/**
 * Builds what {@code harness loadgen} runs from its request, in this order: LoadGen's defaults, the scenario,
 * {@code --user-conf} through {@link ConfigFiles} (which applies the embedded mlperf.conf, or
 * {@code --mlperf-conf}, first; without {@code --user-conf} no config file is applied), the mode (it wins over a
 * {@code mode} key in the files), then every {@code --set}. Each invocation is a fresh LoadGen process.
 */
final class SelfTestSettings {

    private SelfTestSettings() {}

    /**
     * The test settings.
     *
     * @throws HarnessException usage for bad flags, config for a bad or missing config file
     */
    static TestSettings resolve(LoadGenSelfTest.Request r) {
        if (r.mlperfConf() != null) {
            LoadGenSettings.requireFile(r.mlperfConf(), "--mlperf-conf");
        }
        if (r.totalSamples() <= 0 || r.performanceSamples() <= 0) {
            throw HarnessException.usage("--total-samples and --performance-samples must be positive");
        }
        TestSettings s = new TestSettings();
        try {
            s.scenario = Scenario.fromName(r.scenario());
            if (r.userConf() != null) {
                applyUserConf(s, r);
            } else if (r.model() != null) {
                throw HarnessException.usage("--model only makes sense with --user-conf");
            }
            s.mode = TestMode.fromName(r.mode());
        } catch (IllegalArgumentException e) {
            throw HarnessException.usage(e.getMessage());
        }
        LoadGenSettings.applySets(s, r.sets());
        return s;
    }

    private static void applyUserConf(TestSettings s, LoadGenSelfTest.Request r) {
        if (r.model() == null) {
            throw HarnessException.usage("--user-conf needs --model (the mlperf.conf model key, e.g. llama3_1-8b)");
        }
        ConfigFiles.Report config =
                new ConfigFiles(r.mlperfConf(), r.userConf(), r.model(), s.scenario.specName()).applyTo(s);
        if (!config.ok()) {
            throw HarnessException.config("--user-conf " + r.userConf() + ": " + config.summary());
        }
    }

    /**
     * The fixed-latency SUT's timing, in ns.
     *
     * @throws HarnessException usage for a negative value
     */
    static FixedSutTiming timing(LoadGenSelfTest.SutRequest sut) {
        if (sut.delayUs() < 0
                || sut.serviceUs() < 0
                || (sut.firstTokenUs() != null && sut.firstTokenUs() < 0)
                || sut.tokens() < 0) {
            throw HarnessException.usage("--sut-* values must not be negative");
        }
        int repeat = sut.repeat() != null ? sut.repeat() : (int) Math.max(1, sut.tokens());
        if (repeat < 0) {
            throw HarnessException.usage("--sut-repeat must not be negative");
        }
        return new FixedSutTiming(
                sut.delayUs() * 1000,
                sut.serviceUs() * 1000,
                sut.firstTokenUs() == null ? -1 : sut.firstTokenUs() * 1000,
                sut.tokens(),
                repeat);
    }
}
