package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenCountCheckTest {

    @Test
    void countsMismatchesAndDifferences() {
        TokenCountCheck.Result r = TokenCountCheck.compare(
                new int[] {10, 20, 30, 41, 7}, new int[] {10, 21, 30, 40, TokenCountCheck.NO_USAGE});
        assertThat(r.compared()).isEqualTo(4);
        assertThat(r.mismatched()).isEqualTo(2);
        assertThat(r.withoutUsage()).isEqualTo(1);
        assertThat(r.mismatchRate()).isEqualTo(0.5);
        assertThat(r.meanDifference()).isEqualTo(0.0);
        assertThat(r.maxAbsDifference()).isEqualTo(1);
        assertThat(r.describe("output tokens"))
                .isEqualTo("output tokens (client vs server usage): 2 of 4 requests differ (50.00%), mean difference"
                        + " +0.00, largest 1; 1 without usage");
    }

    @Test
    void exactAgreementIsZeroRate() {
        TokenCountCheck check = new TokenCountCheck();
        for (int i = 0; i < 100; i++) {
            check.add(i, i);
        }
        assertThat(check.result().mismatchRate()).isZero();
        assertThat(check.result().describe("prompt tokens")).contains("0 of 100 requests differ (0.00%)");
    }

    @Test
    void nothingComparedIsNaNNotZero() {
        TokenCountCheck.Result r = TokenCountCheck.compare(new int[] {3}, new int[] {TokenCountCheck.NO_USAGE});
        assertThat(r.mismatchRate()).isNaN();
        assertThat(r.meanDifference()).isNaN();
        assertThat(r.describe("output tokens")).endsWith("nothing to compare; 1 without usage");
    }

    @Test
    void arraysMustBeParallel() {
        assertThatThrownBy(() -> TokenCountCheck.compare(new int[2], new int[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
