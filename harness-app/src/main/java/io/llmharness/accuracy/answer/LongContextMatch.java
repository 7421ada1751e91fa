package io.llmharness.accuracy.answer;

import io.llmharness.accuracy.text.PyNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** llama3.1-405b's exact-match metrics: {@code niah_em} (RULER needle UUIDs) and {@code qa_em}. */
public final class LongContextMatch {

    private static final Pattern UUID =
            Pattern.compile("\\w{8}-\\w{4}-\\w{4}-\\w{4}-\\w{12}", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern SPACES = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);

    private LongContextMatch() {}

    /**
     * niah_em: over the UUIDs of prediction and label paired in order, the fraction of the label UUID's characters
     * that occur (case-insensitively) in the predicted UUID, averaged over the predicted UUIDs, ×100, rounded to 2
     * decimals; 0 when the prediction has none. (The reference iterates over the label's characters, reproduced.)
     */
    public static double niahEm(String label, String prediction) {
        List<String> pred = uuids(prediction);
        if (pred.isEmpty()) {
            return 0.0;
        }
        List<String> ref = uuids(label);
        double total = 0;
        for (int i = 0; i < Math.min(pred.size(), ref.size()); i++) {
            String p = pred.get(i).toLowerCase(Locale.ROOT);
            String r = ref.get(i);
            double hits = 0;
            for (int k = 0; k < r.length(); ) {
                int cp = r.codePointAt(k);
                if (p.contains(new String(Character.toChars(cp)).toLowerCase(Locale.ROOT))) {
                    hits += 1.0;
                }
                k += Character.charCount(cp);
            }
            total += hits / r.codePointCount(0, r.length());
        }
        return PyNumbers.pythonRound(total / pred.size() * 100, 2);
    }

    private static List<String> uuids(String s) {
        List<String> out = new ArrayList<>();
        Matcher m = UUID.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /**
     * qa_em: the text after the last {@code "Answer: "} (or all of it); 100 when it occurs verbatim in the label, or
     * when, whitespace removed and lowercased, any {@code |}-separated label alternative occurs in it; else 0.
     */
    public static double qaEm(String label, String prediction) {
        int i = prediction.lastIndexOf("Answer: ");
        String answer = i >= 0 ? prediction.substring(i + "Answer: ".length()) : prediction;
        if (label.contains(answer)) {
            return 100.0;
        }
        String norm = normalise(answer);
        for (String alt : label.split("\\|", -1)) {
            if (norm.contains(normalise(alt))) {
                return 100.0;
            }
        }
        return 0.0;
    }

    private static String normalise(String s) {
        return SPACES.matcher(s).replaceAll("").toLowerCase(Locale.ROOT);
    }
}
