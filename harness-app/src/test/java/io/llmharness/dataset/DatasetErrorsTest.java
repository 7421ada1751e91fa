package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every user mistake is one line naming the file (and row, column) and saying what to do. */
class DatasetErrorsTest {
    @TempDir
    Path dir;

    private AbstractThrowableAssert<?, ? extends Throwable> loading(Path file, DatasetOptions options) {
        return assertThatThrownBy(() -> DatasetLoader.load(file, options))
                .isInstanceOf(HarnessException.class)
                .satisfies(e -> {
                    HarnessException h = (HarnessException) e;
                    org.assertj.core.api.Assertions.assertThat(h.exitCode()).isEqualTo(3);
                    org.assertj.core.api.Assertions.assertThat(h.getMessage()).doesNotContain("\n");
                });
    }

    private AbstractThrowableAssert<?, ? extends Throwable> loading(Path file) {
        return loading(file, DatasetOptions.defaults());
    }

    private Path write(String name, String content) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void missingFileSuggestsACloseSibling() throws Exception {
        write("cnn_eval.json", "[]");
        Path typo = dir.resolve("cnn_evl.json");

        loading(typo)
                .hasMessage("Dataset file not found: " + typo + " (did you mean cnn_eval.json?); check --dataset-path");
    }

    @Test
    void missingFileWithoutSiblingAndMissingDirectory() {
        Path none = dir.resolve("zzz.pkl");
        loading(none).hasMessage("Dataset file not found: " + none + "; check --dataset-path");
        Path deep = dir.resolve("nodir/x.json");
        loading(deep)
                .hasMessageStartingWith("Dataset file not found: " + deep + " (directory ")
                .hasMessageEndingWith("does not exist); check --dataset-path");
    }

    @Test
    void overriddenColumnThatDoesNotExistListsTheColumns() {
        Path f = Fixtures.path("small.json");

        loading(f, DatasetOptions.defaults().withInputIdsColumn("ids"))
                .hasMessage("Column 'ids' given with --input-ids-column not found in " + f
                        + "; columns present: input, tok_input, output, n, score");
    }

    @Test
    void requiredColumnThatCannotBeDetectedSaysWhichFlagToUse() throws Exception {
        Path f = write("text_only.json", "[{\"question\": \"q\", \"answer\": \"a\"}]");

        loading(f, DatasetOptions.defaults().withRequired(StandardColumn.INPUT_IDS))
                .hasMessage("Column 'tok_input' not found in " + f
                        + " (looked for tok_input, input_tokens, input_ids, prompt_token_ids); columns present:"
                        + " question, answer; name the input_ids column with --input-ids-column");
    }

    @Test
    void accessingAMissingStandardColumnFailsTheSameWay() throws Exception {
        Path f = write("text_only.json", "[{\"question\": \"q\"}]");
        Dataset d = Dataset.load(f);

        assertThatThrownBy(() -> d.messages(0))
                .isInstanceOf(HarnessException.class)
                .hasMessage("Column 'messages' not found in " + f
                        + " (looked for messages); columns present: question; name the messages column with"
                        + " --messages-column");
    }

    @Test
    void emptyDatasets() throws Exception {
        for (String[] c : new String[][] {
            {"empty.json", "[]"}, {"empty.jsonl", ""}, {"empty.csv", "input,tok_input\n"}, {"obj.json", "{}"}
        }) {
            Path f = write(c[0], c[1]);
            loading(f).hasMessage("Dataset " + f + " has no rows; point --dataset-path at the full dataset file");
        }
    }

    @Test
    void malformedJsonLineNamesTheLine() throws Exception {
        Path f = write("bad.jsonl", "{\"input\": \"a\"}\n{\"input\": \"b\"}\n[1, 2]\n");

        loading(f)
                .hasMessage("Dataset " + f
                        + " line 3 (row 2): is a list, expected a record (an object with column names as keys)");
    }

    @Test
    void invalidJsonNamesLineAndColumn() throws Exception {
        Path f = write("broken.json", "[{\"input\": \"a\"},\n {\"input\": }]");

        loading(f).hasMessageStartingWith("Dataset " + f + ": invalid JSON at line 2, column 12: ");
    }

    @Test
    void recordThatIsNotAnObjectNamesTheRow() throws Exception {
        Path f = write("rows.json", "[{\"input\": \"a\"}, \"b\"]");

        loading(f)
                .hasMessage("Dataset " + f
                        + " row 1: is a string, expected a record (an object with column names as keys)");
    }

    @Test
    void csvRowWithTooManyFieldsNamesLineAndRow() throws Exception {
        Path f = write("bad.csv", "input,output\na,b\nc,d,e\n");

        loading(f)
                .hasMessage("Dataset " + f
                        + " line 3 (row 1): 3 fields but the header has 2 columns; quote cells that contain commas");
    }

    @Test
    void nonIntegerTokenIdNamesRowColumnAndElement() throws Exception {
        Path json = write("ids.json", "[{\"tok_input\": [1, 2]}, {\"tok_input\": [3, 4.5]}]");
        loading(json)
                .hasMessage("Dataset " + json + " row 1, column 'tok_input': token id 4.5 (element 1) is not a"
                        + " 32-bit integer; token-id columns must hold lists of integers");

        Path csv = write("ids.csv", "input_tokens\n1 2 3\n4 x 6\n");
        loading(csv)
                .hasMessage("Dataset " + csv + " row 1, column 'input_tokens': token id 'x' (element 1) is not a"
                        + " 32-bit integer; token-id columns must hold lists of integers");

        Path pkl = Fixtures.path("bad_token_id.pkl");
        loading(pkl)
                .hasMessage("Dataset " + pkl + " row 0, column 'tok_input': token id \"x\" (element 1) is not a"
                        + " 32-bit integer; token-id columns must hold lists of integers");
    }

    @Test
    void tokenIdColumnOfSingleNumbersIsRejected() {
        Path f = Fixtures.path("small.json");

        loading(f, DatasetOptions.defaults().withInputIdsColumn("n"))
                .hasMessage("Column 'n' in " + f + " holds single integer values, not lists of token ids; name the"
                        + " column of token-id lists with --input-ids-column");
    }

    @Test
    void numSamplesLargerThanTheDataset() {
        Path f = Fixtures.path("small.json");

        loading(f, DatasetOptions.defaults().withNumSamples(10))
                .hasMessage(
                        "--num-samples 10 asks for more samples than " + f + " has (4); use --num-samples 4 or less");
    }

    @Test
    void unsupportedPickleContentSaysHowToConvert() {
        Path cat = Fixtures.path("categorical.pkl");
        loading(cat)
                .hasMessage("Dataset " + cat + ": column 'category' holds a categorical dtype"
                        + " (pandas.core.arrays.categorical.Categorical), which the harness cannot read from a pickle;"
                        + " convert it in Python, e.g. df['category'] = df['category'].astype(str), or save the DataFrame"
                        + " as Parquet with df.to_parquet('data.parquet')");

        Path dt = Fixtures.path("datetime.pkl");
        loading(dt)
                .hasMessageStartingWith("Dataset " + dt + ": column 'when' holds a datetime dtype (")
                .hasMessageContaining("df['when'] = df['when'].astype(str)");

        Path arrow = Fixtures.path("arrow_like.pkl");
        loading(arrow)
                .hasMessage("Dataset " + arrow + ": column 'label' holds an Arrow-backed extension dtype"
                        + " (pandas.core.arrays.arrow.array.ArrowExtensionArray), which the harness cannot read from a"
                        + " pickle; convert it in Python, e.g. df['label'] = df['label'].astype(str), or save the"
                        + " DataFrame as Parquet with df.to_parquet('data.parquet')");

        Path str = Fixtures.path("string_dtype.pkl");
        loading(str)
                .hasMessageContaining(
                        "column 'label' holds a pandas extension dtype" + " (pandas.core.arrays.string_.StringArray)");

        Path unknown = Fixtures.path("unknown_class.pkl");
        loading(unknown)
                .hasMessage("Dataset " + unknown + ": column 'tok_input' (row 0) holds an object of class"
                        + " mylab.tokens.Thing, which the harness cannot read from a pickle; convert it in Python, e.g."
                        + " df['tok_input'] = df['tok_input'].apply(list), or save the DataFrame as Parquet with"
                        + " df.to_parquet('data.parquet')");
    }

    @Test
    void columnLabelsInAnArrowArray() {
        Path f = Fixtures.path("arrow_labels.pkl");

        loading(f)
                .hasMessage("Dataset " + f + ": stores its column labels as an Arrow-backed extension dtype"
                        + " (pandas.core.arrays.string_arrow.ArrowStringArray), which the harness cannot read from a pickle;"
                        + " save the DataFrame as Parquet with"
                        + " df.to_parquet('data.parquet'), or pickle it with plain object labels: df.columns ="
                        + " df.columns.astype(object); df = df.reset_index(drop=True)");
    }

    @Test
    void pickleThatIsNotATable() {
        Path series = Fixtures.path("series.pkl");
        loading(series)
                .hasMessage("Dataset " + series
                        + ": holds a pandas Series, not a DataFrame; save series.to_frame() instead");
        Path number = Fixtures.path("not_a_dataset.pkl");
        loading(number)
                .hasMessage("Dataset " + number + ": holds a int, expected a pandas DataFrame or a dict of lists");
    }

    @Test
    void unknownFormat() throws Exception {
        Path f = write("notes.txt", "just some words\nno commas here\n");

        loading(f)
                .hasMessage("Dataset " + f + ": cannot tell the file format from its name or content; use a"
                        + " .json, .jsonl, .csv, .parquet or .pkl file (optionally .gz-compressed)");
    }

    @Test
    void directoryInsteadOfFile() {
        loading(dir)
                .hasMessage(
                        "Dataset path " + dir + " is a directory; give the dataset file itself with --dataset-path");
    }

    @Test
    void truncatedPickle() throws Exception {
        byte[] whole = Files.readAllBytes(Fixtures.path("small_lists.pkl"));
        Path f = dir.resolve("cut.pkl");
        Files.write(f, java.util.Arrays.copyOf(whole, whole.length / 2));

        loading(f).hasMessage("Dataset " + f + ": the file ends early (truncated?); download or write it again");
    }

    @ParameterizedTest
    @ValueSource(strings = {"series.pkl", "legacy_state.pkl", "dict_of_lists.pkl"})
    void pickleCutAtAnyByteSaysItIsTruncated(String name) throws Exception {
        byte[] whole = Files.readAllBytes(Fixtures.path(name));
        Path f = dir.resolve("trunc.pkl");
        for (int length = 1; length < whole.length; length++) {
            Files.write(f, Arrays.copyOf(whole, length));

            loading(f)
                    .as("the first %d of %d bytes of %s", length, whole.length, name)
                    .hasMessage("Dataset " + f + ": the file ends early (truncated?); download or write it again");
        }
    }

    @Test
    void corruptPickleSaysSoAndWhatToDo() throws Exception {
        Path f = dir.resolve("corrupt.pkl");
        // PROTO 4, BINGET 5 (nothing was memoized), STOP
        Files.write(f, new byte[] {(byte) 0x80, 4, 'h', 5, '.'});

        loading(f)
                .hasMessage("Dataset " + f + ": not a readable pickle (invalid memo key); the file looks corrupt:"
                        + " download or write it again");
    }

    @ParameterizedTest
    @ValueSource(strings = {"small.json", "small_orient_columns.json"})
    void jsonCutAtAnyByteSaysItIsTruncated(String name) throws Exception {
        byte[] whole = Files.readAllBytes(Fixtures.path(name));
        Path f = dir.resolve("trunc.json");
        for (int length = 1; length < whole.length; length++) {
            Files.write(f, Arrays.copyOf(whole, length));

            loading(f)
                    .as("the first %d of %d bytes of %s", length, whole.length, name)
                    .hasMessage("Dataset " + f + ": the file ends early (truncated?); download or write it again");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"small.jsonl", "small.csv", "parquet"})
    void fileCutInsideARowSaysItIsTruncated(String name) throws Exception {
        Path source = name.equals("parquet") ? Fixtures.smallParquet(dir, "INTEGER") : Fixtures.path(name);
        byte[] whole = Files.readAllBytes(source);
        Path f = dir.resolve("trunc." + (name.equals("parquet") ? "parquet" : name.substring(6)));
        // 50 bytes cut the first row (the CSV one inside a quoted cell); the others cut a middle and the last row
        for (int length : new int[] {50, whole.length / 2, whole.length - 5}) {
            Files.write(f, Arrays.copyOf(whole, length));

            loading(f)
                    .as("the first %d of %d bytes of %s", length, whole.length, name)
                    .hasMessage("Dataset " + f + ": the file ends early (truncated?); download or write it again");
        }
    }

    @Test
    void truncatedGzip() throws Exception {
        byte[] whole = Files.readAllBytes(Fixtures.path("small_lists.json.gz"));
        Path f = dir.resolve("cut.json.gz");
        Files.write(f, java.util.Arrays.copyOf(whole, whole.length - 20));

        loading(f).hasMessage("Dataset " + f + ": the file ends early (truncated?); download or write it again");
    }
}
