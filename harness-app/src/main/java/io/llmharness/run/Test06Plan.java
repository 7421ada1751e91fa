package io.llmharness.run;

import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.benchmark.RunMode;
import io.llmharness.error.HarnessException;
import java.util.List;

/**
 * What a compliance run requires of the benchmark: TEST06 token-id responses with an EOS id; TEST07 and TEST09
 * gpt-oss-120b (their audit settings and thresholds are that benchmark's).
 */
final class Test06Plan {

    private Test06Plan() {}

    /**
     * Checks a compliance run before it starts.
     *
     * @return warnings (a benchmark the v6.0 checker asks no TEST06 of)
     * @throws HarnessException usage error for a benchmark whose responses are not token ids
     */
    static List<String> check(ResolvedBenchmark b) {
        if (b.mode() == RunMode.TEST07 || b.mode() == RunMode.TEST09) {
            if (!b.spec().complianceTests().contains(b.mode().cliName())) {
                throw HarnessException.usage("--test-mode " + b.mode().cliName() + ": its audit settings and"
                        + " thresholds are gpt-oss-120b's; " + b.spec().category() + "'s compliance tests are "
                        + (b.spec().complianceTests().isEmpty()
                                ? "none"
                                : String.join(", ", b.spec().complianceTests())));
            }
            return List.of();
        }
        if (b.mode() != RunMode.TEST06) {
            return List.of();
        }
        if (b.spec().eosTokenIds().isEmpty()) {
            throw HarnessException.usage("--test-mode TEST06: " + b.spec().category() + " answers in text, not token"
                    + " ids; TEST06 does not apply (its compliance tests: "
                    + (b.spec().complianceTests().isEmpty()
                            ? "none"
                            : String.join(", ", b.spec().complianceTests()))
                    + ")");
        }
        if (!b.spec().complianceTests().contains("TEST06")) {
            return List.of("--test-mode TEST06: the v6.0 submission checker does not ask "
                    + b.spec().category()
                    + " for TEST06"
                    + (b.spec().complianceTests().isEmpty()
                            ? ""
                            : " (it asks for " + String.join(", ", b.spec().complianceTests()) + ")")
                    + "; the run and its verification go ahead");
        }
        return List.of();
    }
}
