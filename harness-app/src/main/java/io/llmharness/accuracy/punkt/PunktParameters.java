package io.llmharness.accuracy.punkt;

import java.util.Map;
import java.util.Set;

/**
 * A trained Punkt model: the four tables nltk ships per language in its {@code punkt_tab} data package.
 *
 * @param abbrevTypes abbreviations, lowercase, without the final period
 * @param collocations word-type pairs {@code "first\tsecond"} across which a period is no sentence break
 * @param sentStarters word types that frequently start a sentence
 * @param orthoContext per word type, bit flags of where it was seen in which case (see {@link Ortho})
 */
public record PunktParameters(
        Set<String> abbrevTypes,
        Set<String> collocations,
        Set<String> sentStarters,
        Map<String, Integer> orthoContext) {

    /** No training at all: what nltk's {@code PunktSentenceTokenizer()} uses without data. */
    public static final PunktParameters UNTRAINED = new PunktParameters(Set.of(), Set.of(), Set.of(), Map.of());

    public PunktParameters {
        abbrevTypes = Set.copyOf(abbrevTypes);
        collocations = Set.copyOf(collocations);
        sentStarters = Set.copyOf(sentStarters);
        orthoContext = Map.copyOf(orthoContext);
    }

    boolean collocation(String first, String second) {
        return collocations.contains(first + "\t" + second);
    }

    int ortho(String type) {
        return orthoContext.getOrDefault(type, 0);
    }

    /** The orthographic-context bit flags. */
    static final class Ortho {
        static final int BEG_UC = 1 << 1;
        static final int MID_UC = 1 << 2;
        static final int UNK_UC = 1 << 3;
        static final int BEG_LC = 1 << 4;
        static final int MID_LC = 1 << 5;
        static final int UNK_LC = 1 << 6;
        static final int UC = BEG_UC | MID_UC | UNK_UC;
        static final int LC = BEG_LC | MID_LC | UNK_LC;

        private Ortho() {}
    }
}
