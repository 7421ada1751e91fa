package io.llmharness.accuracy.scoring;

import io.llmharness.accuracy.AccuracyResult;
import io.llmharness.accuracy.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of scoring one accuracy log.
 *
 * @param category the benchmark
 * @param samples the number of log entries
 * @param result what the evaluator computed
 * @param verdicts one per target set (llama2-70b has 99 % and 99.9 %)
 * @param accuracyTxt where accuracy.txt was written
 * @param notes what was used (decoder, Punkt data) and anything unusual
 */
public record AccuracyReport(
        String category,
        int samples,
        AccuracyResult result,
        List<Verdict> verdicts,
        Path accuracyTxt,
        List<String> notes) {

    public AccuracyReport {
        verdicts = List.copyOf(verdicts);
        notes = List.copyOf(notes);
    }

    /** The decisive verdict: the first target set's (the 99 % target). */
    public Verdict.Status status() {
        return verdicts.isEmpty() ? Verdict.Status.INCOMPLETE : verdicts.get(0).status();
    }

    /** The lines for the terminal. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(category + " accuracy: " + samples + " responses scored");
        notes.forEach(n -> out.add("  " + n));
        result.notes().forEach(n -> out.add("  note: " + n));
        result.lines().stream()
                .filter(l -> l.startsWith("{") || l.startsWith("'"))
                .forEach(l -> out.add("  " + l));
        for (Verdict v : verdicts) {
            out.add(v.target().name() + ": " + v.status());
            out.addAll(v.lines());
        }
        result.notComputed().forEach(n -> out.add("  " + n));
        out.add("  accuracy.txt: " + accuracyTxt);
        return out;
    }
}
