package io.llmharness.dataset;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.dataset.column.ColumnBuilder;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Deterministic llama3.1-8b-shaped datasets for demos, tests and benchmarks: each row has {@code input} (prompt
 * text), {@code tok_input} (token ids: a BOS id 128000, then ids drawn from the seed) and {@code output}
 * (reference text), like {@code cnn_eval.json}. The text is the ids spelled as pseudo-words, so text and ids agree
 * in length. The same spec always gives the same rows.
 *
 * @param rows number of rows
 * @param seed random seed
 * @param inputLengths distribution of the number of prompt tokens per row (BOS included)
 * @param outputWords number of words in each {@code output}
 */
public record SyntheticDataset(int rows, long seed, LengthDistribution inputLengths, int outputWords) {

    /** Llama 3 BOS token id, first id of every prompt. */
    public static final int BOS = 128000;

    private static final int VOCAB_FROM = 1000;
    private static final int VOCAB_TO = 128000;

    public SyntheticDataset {
        if (rows < 0 || outputWords < 0) {
            throw new IllegalArgumentException("rows and outputWords must be >= 0");
        }
    }

    /** {@code rows} rows shaped like cnn_eval.json: about 800 prompt tokens (sd 250, 100..2000), 60 output words. */
    public static SyntheticDataset cnnLike(int rows, long seed) {
        return new SyntheticDataset(rows, seed, new LengthDistribution.Normal(800, 250, 100, 2000), 60);
    }

    /** How many tokens a prompt has. */
    public sealed interface LengthDistribution {
        /** Draws one length (at least 1). */
        int sample(SplittableRandom random);

        /** Always {@code n} tokens. */
        record Fixed(int n) implements LengthDistribution {
            @Override
            public int sample(SplittableRandom random) {
                return Math.max(1, n);
            }
        }

        /** Uniform in {@code [min, max]}. */
        record Uniform(int min, int max) implements LengthDistribution {
            @Override
            public int sample(SplittableRandom random) {
                return Math.max(1, random.nextInt(min, max + 1));
            }
        }

        /** Normal with this mean and standard deviation, clipped to {@code [min, max]}. */
        record Normal(double mean, double stddev, int min, int max) implements LengthDistribution {
            @Override
            public int sample(SplittableRandom random) {
                double u1 = 1.0 - random.nextDouble();
                double u2 = random.nextDouble();
                double z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
                return (int) Math.max(Math.max(1, min), Math.min(max, Math.round(mean + stddev * z)));
            }
        }
    }

    /** One generated row. */
    public record Row(String input, int[] tokInput, String output) {}

    /** Calls {@code sink} with every row, in order. */
    public void forEachRow(Consumer<Row> sink) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < rows; i++) {
            int n = inputLengths.sample(random);
            int[] ids = new int[n];
            ids[0] = BOS;
            StringBuilder text = new StringBuilder(n * 7);
            for (int k = 1; k < n; k++) {
                ids[k] = random.nextInt(VOCAB_FROM, VOCAB_TO);
                text.append(k == 1 ? "" : " ").append(word(ids[k]));
            }
            StringBuilder out = new StringBuilder(outputWords * 7);
            for (int k = 0; k < outputWords; k++) {
                out.append(k == 0 ? "" : " ").append(word(random.nextInt(VOCAB_FROM, VOCAB_TO)));
            }
            sink.accept(new Row(text.toString(), ids, out.toString()));
        }
    }

    /** The rows as a table with columns {@code input}, {@code tok_input}, {@code output}. */
    public Table table() {
        TableBuilder t = new TableBuilder();
        ColumnBuilder input = t.column("input");
        ColumnBuilder ids = t.column("tok_input");
        ColumnBuilder output = t.column("output");
        forEachRow(r -> {
            input.add(r.input());
            ids.add(r.tokInput());
            output.add(r.output());
        });
        return t.build();
    }

    /** Writes the rows as a JSON array of records (the cnn_eval.json layout). */
    public void writeJson(Path file) {
        write(file, false);
    }

    /** Writes the rows as JSON Lines. */
    public void writeJsonl(Path file) {
        write(file, true);
    }

    private void write(Path file, boolean lines) {
        try (OutputStream os = Files.newOutputStream(file);
                JsonGenerator g = new JsonFactory().createGenerator(os, JsonEncoding.UTF8)) {
            if (lines) {
                g.setRootValueSeparator(new com.fasterxml.jackson.core.io.SerializedString("\n"));
            } else {
                g.writeStartArray();
            }
            forEachRow(r -> {
                try {
                    g.writeStartObject();
                    g.writeStringField("input", r.input());
                    g.writeFieldName("tok_input");
                    g.writeArray(r.tokInput(), 0, r.tokInput().length);
                    g.writeStringField("output", r.output());
                    g.writeEndObject();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            if (!lines) {
                g.writeEndArray();
            }
        } catch (IOException | UncheckedIOException e) {
            throw HarnessException.execution("Cannot write synthetic dataset " + file + ": " + e.getMessage(), e);
        }
    }

    /** Writes the rows as Parquet ({@code tok_input} as {@code list<int32>}) through DuckDB. */
    public void writeParquet(Path file) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("synthetic", ".jsonl");
            writeJsonl(tmp);
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                    Statement st = c.createStatement()) {
                st.execute("COPY (SELECT input, CAST(tok_input AS INTEGER[]) AS tok_input, output FROM read_json('"
                        + sql(tmp) + "', format='newline_delimited', columns={input: 'VARCHAR', tok_input:"
                        + " 'BIGINT[]', output: 'VARCHAR'})) TO '" + sql(file) + "' (FORMAT PARQUET)");
            }
        } catch (IOException | SQLException e) {
            throw HarnessException.execution("Cannot write synthetic dataset " + file + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a leftover temp file is harmless
                }
            }
        }
    }

    private static String sql(Path p) {
        return p.toAbsolutePath().toString().replace("'", "''");
    }

    /** A pronounceable pseudo-word for a token id (distinct ids give distinct words). */
    static String word(int id) {
        final String consonants = "bdfgklmnprstvz";
        final String vowels = "aeiou";
        StringBuilder sb = new StringBuilder(8);
        int v = id;
        do {
            sb.append(consonants.charAt(v % 14));
            v /= 14;
            sb.append(vowels.charAt(v % 5));
            v /= 5;
        } while (v > 0);
        return sb.toString();
    }
}
