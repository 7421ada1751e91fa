package io.llmharness.accuracy.rouge;

import java.util.Map;
import java.util.function.Predicate;

/**
 * The Porter (1980) stemmer with the NLTK extensions, as {@code rouge_score} uses it (nltk's default mode): a table
 * of irregular forms, words of at most two letters unchanged, and the NLTK variants of steps 1a, 1b, 1c and 2.
 * Each step applies at most the first rule whose suffix matches; when that rule's condition fails the step ends.
 * Stateless and thread-safe.
 */
public final class PorterStemmer {

    private static final Map<String, String> IRREGULAR = Map.ofEntries(
            Map.entry("skies", "sky"),
            Map.entry("sky", "sky"),
            Map.entry("dying", "die"),
            Map.entry("lying", "lie"),
            Map.entry("tying", "tie"),
            Map.entry("news", "news"),
            Map.entry("innings", "inning"),
            Map.entry("inning", "inning"),
            Map.entry("outings", "outing"),
            Map.entry("outing", "outing"),
            Map.entry("cannings", "canning"),
            Map.entry("canning", "canning"),
            Map.entry("howe", "howe"),
            Map.entry("proceed", "proceed"),
            Map.entry("exceed", "exceed"),
            Map.entry("succeed", "succeed"));

    /** One rewrite: {@code suffix → replacement} if the condition holds for the remaining stem. */
    private record Rule(String suffix, String replacement, Predicate<String> condition) {}

    private static final Predicate<String> ALWAYS = s -> true;
    private static final Predicate<String> POSITIVE = s -> measure(s) > 0;
    private static final Predicate<String> ABOVE_ONE = s -> measure(s) > 1;

    private static final Rule[] STEP1A = {
        new Rule("sses", "ss", ALWAYS),
        new Rule("ies", "i", ALWAYS),
        new Rule("ss", "ss", ALWAYS),
        new Rule("s", "", ALWAYS)
    };

    private static final Rule[] STEP2 = {
        new Rule("ational", "ate", POSITIVE),
        new Rule("tional", "tion", POSITIVE),
        new Rule("enci", "ence", POSITIVE),
        new Rule("anci", "ance", POSITIVE),
        new Rule("izer", "ize", POSITIVE),
        new Rule("bli", "ble", POSITIVE),
        new Rule("alli", "al", POSITIVE),
        new Rule("entli", "ent", POSITIVE),
        new Rule("eli", "e", POSITIVE),
        new Rule("ousli", "ous", POSITIVE),
        new Rule("ization", "ize", POSITIVE),
        new Rule("ation", "ate", POSITIVE),
        new Rule("ator", "ate", POSITIVE),
        new Rule("alism", "al", POSITIVE),
        new Rule("iveness", "ive", POSITIVE),
        new Rule("fulness", "ful", POSITIVE),
        new Rule("ousness", "ous", POSITIVE),
        new Rule("aliti", "al", POSITIVE),
        new Rule("iviti", "ive", POSITIVE),
        new Rule("biliti", "ble", POSITIVE),
        new Rule("fulli", "ful", POSITIVE),
        // NLTK: the condition counts the stem with its "l" (the word minus its last three letters)
        new Rule("logi", "log", s -> measure(s + "l") > 0)
    };

    private static final Rule[] STEP3 = {
        new Rule("icate", "ic", POSITIVE),
        new Rule("ative", "", POSITIVE),
        new Rule("alize", "al", POSITIVE),
        new Rule("iciti", "ic", POSITIVE),
        new Rule("ical", "ic", POSITIVE),
        new Rule("ful", "", POSITIVE),
        new Rule("ness", "", POSITIVE)
    };

    private static final Rule[] STEP4 = {
        new Rule("al", "", ABOVE_ONE),
        new Rule("ance", "", ABOVE_ONE),
        new Rule("ence", "", ABOVE_ONE),
        new Rule("er", "", ABOVE_ONE),
        new Rule("ic", "", ABOVE_ONE),
        new Rule("able", "", ABOVE_ONE),
        new Rule("ible", "", ABOVE_ONE),
        new Rule("ant", "", ABOVE_ONE),
        new Rule("ement", "", ABOVE_ONE),
        new Rule("ment", "", ABOVE_ONE),
        new Rule("ent", "", ABOVE_ONE),
        new Rule("ion", "", s -> measure(s) > 1 && (s.endsWith("s") || s.endsWith("t"))),
        new Rule("ou", "", ABOVE_ONE),
        new Rule("ism", "", ABOVE_ONE),
        new Rule("ate", "", ABOVE_ONE),
        new Rule("iti", "", ABOVE_ONE),
        new Rule("ous", "", ABOVE_ONE),
        new Rule("ive", "", ABOVE_ONE),
        new Rule("ize", "", ABOVE_ONE)
    };

    /** The stem of {@code word} (lowercased first). */
    public String stem(String word) {
        String w = word.toLowerCase(java.util.Locale.ROOT);
        String irregular = IRREGULAR.get(w);
        if (irregular != null) {
            return irregular;
        }
        if (w.length() <= 2) {
            return w;
        }
        w = step1a(w);
        w = step1b(w);
        w = step1c(w);
        w = step2(w);
        w = apply(w, STEP3);
        w = apply(w, STEP4);
        w = step5a(w);
        return step5b(w);
    }

    private static String step1a(String w) {
        if (w.endsWith("ies") && w.length() == 4) {
            return cut(w, 3) + "ie";
        }
        return apply(w, STEP1A);
    }

    private static String step1b(String w) {
        if (w.endsWith("ied")) {
            return cut(w, 3) + (w.length() == 4 ? "ie" : "i");
        }
        if (w.endsWith("eed")) {
            String stem = cut(w, 3);
            return measure(stem) > 0 ? stem + "ee" : w;
        }
        String stem = null;
        if (w.endsWith("ed") && containsVowel(cut(w, 2))) {
            stem = cut(w, 2);
        } else if (w.endsWith("ing") && containsVowel(cut(w, 3))) {
            stem = cut(w, 3);
        }
        if (stem == null) {
            return w;
        }
        if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) {
            return stem + "e";
        }
        if (endsDoubleConsonant(stem)) {
            char last = stem.charAt(stem.length() - 1);
            return last == 'l' || last == 's' || last == 'z' ? stem : cut(stem, 1);
        }
        if (measure(stem) == 1 && endsCvc(stem)) {
            return stem + "e";
        }
        return stem;
    }

    private static String step1c(String w) {
        if (w.endsWith("y")) {
            String stem = cut(w, 1);
            if (stem.length() > 1 && isConsonant(stem, stem.length() - 1)) {
                return stem + "i";
            }
        }
        return w;
    }

    private static String step2(String w) {
        if (w.endsWith("alli") && measure(cut(w, 4)) > 0) {
            return step2(cut(w, 4) + "al");
        }
        return apply(w, STEP2);
    }

    private static String step5a(String w) {
        if (w.endsWith("e")) {
            String stem = cut(w, 1);
            int m = measure(stem);
            if (m > 1 || (m == 1 && !endsCvc(stem))) {
                return stem;
            }
        }
        return w;
    }

    private static String step5b(String w) {
        if (w.endsWith("ll") && measure(cut(w, 1)) > 1) {
            return cut(w, 1);
        }
        return w;
    }

    /** The first rule whose suffix matches decides: rewrite if its condition holds, else leave the word. */
    private static String apply(String w, Rule[] rules) {
        for (Rule r : rules) {
            if (w.endsWith(r.suffix())) {
                String stem = cut(w, r.suffix().length());
                return r.condition().test(stem) ? stem + r.replacement() : w;
            }
        }
        return w;
    }

    private static String cut(String w, int n) {
        return w.substring(0, w.length() - n);
    }

    static boolean isConsonant(String w, int i) {
        char c = w.charAt(i);
        if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u') {
            return false;
        }
        if (c == 'y') {
            return i == 0 || !isConsonant(w, i - 1);
        }
        return true;
    }

    /** Porter's m: the number of vowel-consonant transitions. */
    static int measure(String stem) {
        int m = 0;
        boolean prevVowel = false;
        for (int i = 0; i < stem.length(); i++) {
            boolean consonant = isConsonant(stem, i);
            if (consonant && prevVowel) {
                m++;
            }
            prevVowel = !consonant;
        }
        return m;
    }

    private static boolean containsVowel(String stem) {
        for (int i = 0; i < stem.length(); i++) {
            if (!isConsonant(stem, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean endsDoubleConsonant(String w) {
        int n = w.length();
        return n >= 2 && w.charAt(n - 1) == w.charAt(n - 2) && isConsonant(w, n - 1);
    }

    /** *o: consonant-vowel-consonant with the last not w, x or y; NLTK also accepts a two-letter vowel-consonant. */
    private static boolean endsCvc(String w) {
        int n = w.length();
        if (n >= 3
                && isConsonant(w, n - 3)
                && !isConsonant(w, n - 2)
                && isConsonant(w, n - 1)
                && "wxy".indexOf(w.charAt(n - 1)) < 0) {
            return true;
        }
        return n == 2 && !isConsonant(w, 0) && isConsonant(w, 1);
    }
}
