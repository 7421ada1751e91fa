package io.llmharness.accuracy.punkt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nltk's published sentence-splitting cases (test_tokenize.py, punkt.py's doctest, tokenize.doctest). They hold with
 * the English model; the only parameter they depend on is the abbreviation {@code mr}, so they run here on a model
 * with just that abbreviation (the English data is not shipped).
 */
class PunktSplitterTest {

    private final PunktSplitter english =
            new PunktSplitter(new PunktParameters(Set.of("mr"), Set.of(), Set.of(), Map.of()));
    private final PunktSplitter untrained = new PunktSplitter(PunktParameters.UNTRAINED);

    @Test
    void publishedCases() {
        assertThat(english.split("this is a test. . new sentence."))
                .containsExactly("this is a test.", ".", "new sentence.");
        assertThat(english.split("This. . . That")).containsExactly("This.", ".", ".", "That");
        assertThat(english.split("This..... That")).containsExactly("This..... That");
        assertThat(english.split("This... That")).containsExactly("This... That");
        assertThat(english.split("This.. . That")).containsExactly("This.. .", "That");
        assertThat(english.split("This. .. That")).containsExactly("This.", ".. That");
        assertThat(english.split("This. ,. That")).containsExactly("This.", ",.", "That");
        assertThat(english.split("This!!! That")).containsExactly("This!!!", "That");
        assertThat(english.split("This! That")).containsExactly("This!", "That");
        List<String> numbered = List.of("1.", "This is R .", "2.", "This is A .", "3.", "That's all");
        assertThat(english.split("1. This is R .\n2. This is A .\n3. That's all"))
                .isEqualTo(numbered);
        assertThat(english.split("1. This is R .\t2. This is A .\t3. That's all"))
                .isEqualTo(numbered);
        assertThat(english.split("Hello.\tThere")).containsExactly("Hello.", "There");
    }

    @Test
    void publishedDoctestKeepsNewlinesInsideSentences() {
        String text = "Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries."
                + "  And sometimes sentences\ncan start with non-capitalized words.  i is a good variable\nname.";
        assertThat(english.split(text))
                .containsExactly(
                        "Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.",
                        "And sometimes sentences\ncan start with non-capitalized words.",
                        "i is a good variable\nname.");
    }

    @Test
    void publishedRealignmentOfClosingQuotesAndBrackets() {
        String text = "(How does it deal with this parenthesis?)  \"It should be part of the\nprevious sentence.\""
                + " \"(And the same with this one.)\" ('And this one!')\n\"('(And (this)) '?)\" [(and this. )]";
        assertThat(english.split(text))
                .containsExactly(
                        "(How does it deal with this parenthesis?)",
                        "\"It should be part of the\nprevious sentence.\"",
                        "\"(And the same with this one.)\"",
                        "('And this one!')",
                        "\"('(And (this)) '?)\"",
                        "[(and this. )]");
        assertThat(untrained.split("See Section 3).  Or Section 2).  "))
                .containsExactly("See Section 3).", "Or Section 2).");
        assertThat(untrained.split("See Section 3.)  Or Section 2.)  "))
                .containsExactly("See Section 3.)", "Or Section 2.)");
    }

    @Test
    void untrainedSplitsAfterEveryAbbreviation() {
        assertThat(untrained.split("Mr. Smith went home. He was tired."))
                .containsExactly("Mr.", "Smith went home.", "He was tired.");
        assertThat(untrained.split("The U.S. is big.  It has 50 states."))
                .containsExactly("The U.S.", "is big.", "It has 50 states.");
        PunktSplitter withAbbrevs =
                new PunktSplitter(new PunktParameters(Set.of("mr", "u.s"), Set.of(), Set.of(), Map.of()));
        assertThat(withAbbrevs.split("The U.S. is big.  It has 50 states."))
                .containsExactly("The U.S. is big.", "It has 50 states.");
        assertThat(untrained.split("This is just a normal sentence, just like any other."))
                .containsExactly("This is just a normal sentence, just like any other.");
    }

    @Test
    void trainedTablesDecide() {
        // a collocation keeps "Jan. 5" together; a frequent sentence starter breaks after an abbreviation;
        // a word seen lowercase after a period only mid-sentence is no sentence start after an initial
        PunktParameters p = new PunktParameters(
                Set.of("jan", "inc"),
                Set.of("jan\t##number##"),
                Set.of("but"),
                Map.of("but", PunktParameters.Ortho.BEG_UC | PunktParameters.Ortho.MID_UC));
        PunktSplitter s = new PunktSplitter(p);
        assertThat(s.split("It opened on Jan. 5 in Paris.")).containsExactly("It opened on Jan. 5 in Paris.");
        assertThat(s.split("He works at Acme Inc. But not for long."))
                .containsExactly("He works at Acme Inc.", "But not for long.");
        assertThat(s.split("He works at Acme Inc. and likes it."))
                .containsExactly("He works at Acme Inc. and likes it.");
    }

    @Test
    void joinLinesIsTheMlperfPostProcessing() {
        assertThat(english.joinLines("This!!!  That")).isEqualTo("This!!!\nThat");
        assertThat(english.joinLines("Hello.\tThere")).isEqualTo("Hello.\nThere");
        assertThat(english.joinLines("")).isEmpty();
    }

    @Test
    void readsPunktTabFilesAndFindsThemWhereNltkLooks(@TempDir Path home) throws IOException {
        Path dir = home.resolve("nltk_data/tokenizers/punkt_tab/english");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("abbrev_types.txt"), "mr\ndr\n");
        Files.writeString(dir.resolve("collocations.tab"), "jan\t##number##\n");
        Files.writeString(dir.resolve("sent_starters.txt"), "but\n");
        Files.writeString(dir.resolve("ortho_context.tab"), "but\t6\nthe\t112\n");
        assertThat(PunktData.find(Map.of("HOME", home.toString()))).contains(dir);
        assertThat(PunktData.find(Map.of(
                        "HOME",
                        home.resolve("none").toString(),
                        "NLTK_DATA",
                        home.resolve("nltk_data").toString())))
                .contains(dir);
        assertThat(PunktData.resolve(home.resolve("nltk_data"), "--punkt-dir")).isEqualTo(dir);
        PunktParameters p = PunktData.read(dir);
        assertThat(p.abbrevTypes()).containsExactlyInAnyOrder("mr", "dr");
        assertThat(p.collocation("jan", "##number##")).isTrue();
        assertThat(p.ortho("the")).isEqualTo(112);
        assertThatThrownBy(() -> PunktData.resolve(home, "--punkt-dir"))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("--punkt-dir")
                .hasMessageContaining("punkt_tab");
    }
}
