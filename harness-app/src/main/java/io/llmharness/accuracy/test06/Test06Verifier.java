package io.llmharness.accuracy.test06;

import io.llmharness.accuracy.Dtype;
import io.llmharness.accuracy.LogEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * TEST06's three checks over every entry of a performance-mode accuracy log, as {@code run_verification.py} makes
 * them: the first-token response is a prefix of the full response (skipped for Offline, which reports no first
 * token), the response does not end with two EOS ids, and its length equals the reported token count.
 */
public final class Test06Verifier {

    private Test06Verifier() {}

    /**
     * Verifies the entries.
     *
     * @param offline the run's scenario is Offline (the first-token check is skipped)
     * @param eosId the benchmark's end-of-sequence id
     */
    public static Test06Result verify(List<LogEntry> entries, boolean offline, long eosId, Dtype dtype) {
        List<String> problems = new ArrayList<>();
        Boolean firstToken = offline ? null : firstToken(entries, dtype, problems);
        boolean eos = eos(entries, eosId, dtype, problems);
        boolean length = length(entries, dtype, problems);
        return new Test06Result(firstToken, eos, length, problems);
    }

    private static Boolean firstToken(List<LogEntry> entries, Dtype dtype, List<String> problems) {
        for (LogEntry e : entries) {
            if (e.tokenData() == null) {
                problems.add("entry " + e.index() + " (qsl_idx " + e.qslIdx() + "): no token_data (first-token"
                        + " response); Unexpected error occured while doing the first token check");
                return false;
            }
            long[] data = decode(e.data(), dtype, e, problems);
            long[] first = decode(e.tokenData(), dtype, e, problems);
            if (data == null || first == null) {
                return false;
            }
            for (int i = 0; i < Math.min(data.length, first.length); i++) {
                if (data[i] != first[i]) {
                    problems.add("entry " + e.index() + " (qsl_idx " + e.qslIdx() + "): first-token response "
                            + first[i] + " at position " + i + " differs from the response's " + data[i]);
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean eos(List<LogEntry> entries, long eosId, Dtype dtype, List<String> problems) {
        for (LogEntry e : entries) {
            long[] data = decode(e.data(), dtype, e, problems);
            if (data == null) {
                return false;
            }
            int count = 0;
            for (int i = data.length - 1; i >= 1; i--) {
                if (data[i] != eosId) {
                    break;
                }
                if (++count >= 2) {
                    problems.add("entry " + e.index() + " (qsl_idx " + e.qslIdx() + "): ends with two or more EOS ids ("
                            + eosId + ")");
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean length(List<LogEntry> entries, Dtype dtype, List<String> problems) {
        for (LogEntry e : entries) {
            long[] data = decode(e.data(), dtype, e, problems);
            if (data == null) {
                return false;
            }
            if (e.tokenCount() == null) {
                problems.add("entry " + e.index() + " (qsl_idx " + e.qslIdx() + "): no token_count (the run did not"
                        + " use token latencies)");
                return false;
            }
            if (data.length != e.tokenCount()) {
                problems.add("entry " + e.index() + " (qsl_idx " + e.qslIdx() + "): " + data.length
                        + " tokens in the response, token_count " + e.tokenCount());
                return false;
            }
        }
        return true;
    }

    private static long[] decode(byte[] bytes, Dtype dtype, LogEntry e, List<String> problems) {
        try {
            return dtype.decode(bytes);
        } catch (IllegalArgumentException ex) {
            problems.add("entry " + e.index() + " (qsl_idx " + e.qslIdx() + "): " + ex.getMessage());
            return null;
        }
    }
}
