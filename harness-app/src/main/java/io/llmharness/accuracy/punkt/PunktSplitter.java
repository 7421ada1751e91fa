package io.llmharness.accuracy.punkt;

import io.llmharness.accuracy.text.PyText;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nltk's Punkt sentence splitter (3.8.1 and later, {@code sent_tokenize} with boundary realignment) over a trained
 * {@link PunktParameters}. Candidate ends are {@code . ? !} followed by a non-word character or by whitespace and a
 * next word; each candidate is decided on the words around it by the first pass (abbreviations, ellipses) and the
 * second pass (collocations, orthographic context, frequent sentence starters, initials and numbers). Closing quotes
 * and brackets after a break move to the sentence they close. Thread-safe.
 */
public final class PunktSplitter {

    private static final Pattern CANDIDATE = Pattern.compile(
            "[.?!](?=(" + PunktWords.NON_WORD + "|" + PunktWords.SPACE + "+(" + PunktWords.NON_SPACE + "+)))");

    private static final Pattern REALIGN = Pattern.compile(
            "[\"')\\]}]+?(?:" + PunktWords.SPACE + "+|(?=--)|$)", Pattern.MULTILINE | Pattern.UNIX_LINES);

    private final PunktParameters params;

    public PunktSplitter(PunktParameters params) {
        this.params = params;
    }

    /** The sentences of {@code text}, as {@code nltk.sent_tokenize} returns them. */
    public List<String> split(String text) {
        List<int[]> slices = realign(text, slices(text));
        List<String> out = new ArrayList<>(slices.size());
        for (int[] s : slices) {
            out.add(slice(text, s[0], s[1]));
        }
        return out;
    }

    /** The sentences joined with {@code "\n"}, as the MLPerf evaluators post-process texts. */
    public String joinLines(String text) {
        return String.join("\n", split(text));
    }

    private List<int[]> slices(String text) {
        List<int[]> out = new ArrayList<>();
        int lastBreak = 0;
        for (Candidate c : candidates(text)) {
            if (containsBreak(c.context())) {
                out.add(new int[] {lastBreak, c.end()});
                lastBreak = c.nextTokenStart() >= 0 ? c.nextTokenStart() : c.end();
            }
        }
        out.add(new int[] {lastBreak, Math.max(lastBreak, PyText.rstrip(text).length())});
        return out;
    }

    /** A candidate sentence end: the end character's position and the words around it. */
    private record Candidate(int end, int nextTokenStart, String context) {}

    private static List<Candidate> candidates(String text) {
        List<Candidate> out = new ArrayList<>();
        int prevStart = 0;
        int prevEnd = 0;
        Candidate pending = null;
        Matcher m = CANDIDATE.matcher(text);
        while (m.find()) {
            String before = text.substring(prevEnd, m.start());
            int k = lastAsciiSpace(before);
            int wordStart = k != 0 ? k + prevEnd + 1 : prevStart;
            if (pending != null && prevEnd <= wordStart) {
                out.add(pending);
            }
            String context = text.substring(wordStart, m.start()) + m.group() + m.group(1);
            pending = new Candidate(m.end(), m.group(2) != null ? m.start(2) : -1, context);
            prevStart = wordStart;
            prevEnd = m.start();
        }
        if (pending != null) {
            out.add(pending);
        }
        return out;
    }

    /** Index of the last ASCII whitespace character, or 0 when there is none (also when it is at index 0). */
    private static int lastAsciiSpace(String s) {
        for (int i = s.length() - 1; i >= 0; i--) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == '\f') {
                return i;
            }
        }
        return 0;
    }

    /** Whether the context has a token marked as a sentence break that is followed by another token. */
    boolean containsBreak(String context) {
        List<PunktToken> tokens = PunktWords.tokens(context);
        for (PunktToken t : tokens) {
            firstPass(t);
        }
        for (int i = 0; i + 1 < tokens.size(); i++) {
            secondPass(tokens.get(i), tokens.get(i + 1));
            if (tokens.get(i).sentbreak) {
                return true;
            }
        }
        return false;
    }

    private void firstPass(PunktToken t) {
        String tok = t.tok;
        if (tok.equals(".") || tok.equals("?") || tok.equals("!")) {
            t.sentbreak = true;
        } else if (t.isEllipsis()) {
            t.ellipsis = true;
        } else if (t.periodFinal && !tok.endsWith("..")) {
            String head = tok.substring(0, tok.length() - 1).toLowerCase(java.util.Locale.ROOT);
            String lastPart = head.substring(head.lastIndexOf('-') + 1);
            if (params.abbrevTypes().contains(head) || params.abbrevTypes().contains(lastPart)) {
                t.abbr = true;
            } else {
                t.sentbreak = true;
            }
        }
    }

    private void secondPass(PunktToken t1, PunktToken t2) {
        if (!t1.periodFinal) {
            return;
        }
        String typ = t1.typeNoPeriod();
        String next = t2.typeNoSentPeriod();
        boolean initial = t1.isInitial();
        if (params.collocation(typ, next)) {
            t1.sentbreak = false;
            t1.abbr = true;
            return;
        }
        if ((t1.abbr || t1.ellipsis) && !initial) {
            Boolean starter = orthoHeuristic(t2);
            if (Boolean.TRUE.equals(starter)) {
                t1.sentbreak = true;
                return;
            }
            if (t2.firstUpper() && params.sentStarters().contains(next)) {
                t1.sentbreak = true;
                return;
            }
        }
        if (initial || typ.equals("##number##")) {
            Boolean starter = orthoHeuristic(t2);
            if (Boolean.FALSE.equals(starter)) {
                t1.sentbreak = false;
                t1.abbr = true;
                return;
            }
            if (starter == null && initial && t2.firstUpper() && (params.ortho(next) & PunktParameters.Ortho.LC) == 0) {
                t1.sentbreak = false;
                t1.abbr = true;
            }
        }
    }

    /** True: starts a sentence; false: does not; null: unknown. */
    private Boolean orthoHeuristic(PunktToken t) {
        if (";:,.!?".contains(t.tok)) {
            return false;
        }
        int ortho = params.ortho(t.typeNoSentPeriod());
        if (t.firstUpper() && (ortho & PunktParameters.Ortho.LC) != 0 && (ortho & PunktParameters.Ortho.MID_UC) == 0) {
            return true;
        }
        if (t.firstLower()
                && ((ortho & PunktParameters.Ortho.UC) != 0 || (ortho & PunktParameters.Ortho.BEG_LC) == 0)) {
            return false;
        }
        return null;
    }

    /** Python's {@code text[a:b]} for indices within the text: empty when b ≤ a. */
    private static String slice(String text, int a, int b) {
        return b > a ? text.substring(a, b) : "";
    }

    /** Moves closing quotes and brackets that open the next slice to the end of the previous one. */
    private static List<int[]> realign(String text, List<int[]> slices) {
        List<int[]> out = new ArrayList<>();
        int shift = 0;
        for (int i = 0; i < slices.size(); i++) {
            int[] s1 = {slices.get(i)[0] + shift, slices.get(i)[1]};
            if (i + 1 == slices.size()) {
                if (!slice(text, s1[0], s1[1]).isEmpty()) {
                    out.add(s1);
                }
                continue;
            }
            int[] s2 = slices.get(i + 1);
            Matcher m = REALIGN.matcher(slice(text, s2[0], s2[1]));
            if (m.lookingAt()) {
                out.add(new int[] {s1[0], s2[0] + PyText.rstrip(m.group()).length()});
                shift = m.end();
            } else {
                shift = 0;
                if (!slice(text, s1[0], s1[1]).isEmpty()) {
                    out.add(s1);
                }
            }
        }
        return out;
    }
}
