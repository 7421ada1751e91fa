package io.llmharness.run;

import io.llmharness.benchmark.ResolvedBenchmark;
import io.llmharness.benchmark.RunMode;
import io.llmharness.error.HarnessException;
import java.util.List;

/** What {@code --test-mode TEST06} requires of the benchmark: token-id responses with an EOS id. */
final class Test06Plan {

    private Test06Plan() {}

    /**
     * Checks a TEST06 run before it starts.
     *
     * @return warnings (a benchmark the v6.0 checker asks no TEST06 of)
     * @throws HarnessException usage error for a benchmark whose responses are not token ids
     */
    static List<String> check(ResolvedBenchmark b) {
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
