package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.loadgen.results.Validity;
import org.junit.jupiter.api.Test;

/** The Why line names the early-stopping test that failed (TTFT or TPOT) and shows only its text. */
class ResultLinesWhyTest {

    private static final String OK = " * Run successful.";
    private static final String FAILED =
            " * Run unsuccessful.\n * Processed 64 queries.\n * Would need to run at least 120 more queries,\n"
                    + " with the run being successful if every additional\n query were under latency.";

    private static Validity earlyStopping(String plain, String ttft, String tpot) {
        return new Validity(true, "", true, true, "", false, plain, ttft, tpot);
    }

    @Test
    void aFailedTtftTestIsLabelledAndThePassedTpotTestIsNotShown() {
        String why = ResultLines.why(earlyStopping("", FAILED, OK));
        assertThat(why)
                .startsWith("early stopping not met (TTFT: Run unsuccessful. Processed 64 queries.")
                .doesNotContain("Run successful", "TPOT");
    }

    @Test
    void aFailedTpotTestIsLabelled() {
        String why = ResultLines.why(earlyStopping("", "", FAILED));
        assertThat(why)
                .startsWith("early stopping not met (TPOT: Run unsuccessful.")
                .doesNotContain("TTFT");
    }

    @Test
    void withoutTokenLatenciesTheTextIsLoadGensOwn() {
        assertThat(ResultLines.why(earlyStopping(FAILED, "", "")))
                .startsWith("early stopping not met (Run unsuccessful.")
                .doesNotContain("TTFT", "TPOT");
    }
}
