package io.llmharness.accuracy.compliance;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * TEST07's verdict: the gpt-oss evaluator's output on the logged responses of the GPQA compliance set, the
 * {@code 'exact_match'} it printed, and whether that reaches the threshold.
 *
 * @param evaluatorLines what the evaluator printed (the lines of an accuracy.txt)
 * @param score the exact_match parsed from them, or null when none was printed
 * @param threshold the lowest passing score
 */
public record Test07Result(List<String> evaluatorLines, Double score, double threshold) {

    /** The file the checker reads. */
    public static final String FILE = "verify_accuracy.txt";

    /** The official verification's default score pattern, searched anywhere in the output. */
    private static final Pattern SCORE = Pattern.compile("'exact_match':\\s*([\\d.]+)");

    private static final String RULE = "=".repeat(80);

    public Test07Result {
        evaluatorLines = List.copyOf(evaluatorLines);
    }

    /** Parses the evaluator's output against gpt-oss-120b's threshold. */
    public static Test07Result of(List<String> evaluatorLines) {
        return of(evaluatorLines, GptOssAudit.TEST07_THRESHOLD);
    }

    /** Parses the evaluator's output (the first {@code 'exact_match': X}) against a threshold. */
    public static Test07Result of(List<String> evaluatorLines, double threshold) {
        Matcher m = SCORE.matcher(String.join("\n", evaluatorLines));
        Double score = null;
        if (m.find()) {
            try {
                score = Double.parseDouble(m.group(1));
            } catch (NumberFormatException e) {
                score = null; // e.g. "1.2.3": the official script fails to parse it too
            }
        }
        return new Test07Result(evaluatorLines, score, threshold);
    }

    /** The score reaches the threshold. */
    public boolean passed() {
        return score != null && score >= threshold;
    }

    /** {@code verify_accuracy.txt}: the evaluator's output, then the summary; the checker looks for TEST PASS. */
    public List<String> lines() {
        List<String> out = new ArrayList<>(evaluatorLines);
        out.addAll(List.of("", RULE, "TEST07 Verification Summary", RULE));
        if (score != null) {
            out.add("Accuracy score: " + score);
            out.add("Accuracy threshold: " + threshold);
            out.add("Accuracy check pass: " + (passed() ? "True" : "False"));
        } else {
            out.add("Error: Could not parse accuracy score");
        }
        out.add(passed() ? "TEST PASS" : "TEST FAIL");
        return out;
    }

    /** What a terminal shows: the score against the threshold and the verdict. */
    public String summary() {
        return (score == null ? "no 'exact_match' in the evaluator's output" : "exact_match " + score) + ", threshold "
                + threshold + ": " + (passed() ? "TEST PASS" : "TEST FAIL");
    }
}
