package io.llmharness.accuracy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Builds run directories for scoring tests: a dataset, a LoadGen-style accuracy log and config.resolved.yaml. */
public final class AccuracyFixtures {

    private AccuracyFixtures() {}

    /** Writes {@code rows} as a JSON array dataset. */
    public static Path dataset(Path dir, List<Map<String, Object>> rows) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("dataset.json");
        new ObjectMapper().writeValue(file.toFile(), rows);
        return file;
    }

    /** One logged response. */
    public record Response(int qslIdx, byte[] data) {
        /** The answer as simulator token ids (int32), optionally followed by EOS. */
        public static Response tokens(int qslIdx, String answer, boolean eos) {
            int[] ids = SimTokenizer.INSTANCE.encode(answer);
            if (eos) {
                ids = java.util.Arrays.copyOf(ids, ids.length + 1);
                ids[ids.length - 1] = SimTokenizer.EOS;
            }
            return new Response(qslIdx, int32(ids));
        }

        /** The answer as UTF-8 text (qwen3-vl). */
        public static Response text(int qslIdx, String answer) {
            return new Response(qslIdx, answer.getBytes(StandardCharsets.UTF_8));
        }
    }

    public static byte[] int32(int... ids) {
        ByteBuffer b = ByteBuffer.allocate(ids.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int id : ids) {
            b.putInt(id);
        }
        return b.array();
    }

    /** Writes mlperf_log_accuracy.json in LoadGen's layout (upper-case hex, token_count = bytes / 4). */
    public static Path log(Path dir, List<Response> responses) throws IOException {
        Files.createDirectories(dir);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < responses.size(); i++) {
            Response r = responses.get(i);
            parts.add("{ \"seq_id\" : " + i + ", \"qsl_idx\" : " + r.qslIdx() + ", \"data\" : \""
                    + HexFormat.of().withUpperCase().formatHex(r.data()) + "\", \"token_count\" : "
                    + r.data().length / 4 + " }");
        }
        Path file = dir.resolve(AccuracyLogReader.FILE);
        Files.writeString(file, "[\n" + String.join(",\n", parts) + "\n]\n");
        return file;
    }

    /** Writes the parts of config.resolved.yaml that scoring reads. */
    public static void config(Path runDir, String category, Path dataset, boolean simulated) throws IOException {
        Files.writeString(
                runDir.resolve("config.resolved.yaml"),
                "run_id: test\nbenchmark:\n  model_category: "
                        + category
                        + "\n  model: test-model\n  scenario: Offline\n  test_mode: accuracy\ndataset:\n  path: "
                        + dataset.toAbsolutePath() + "\n  num_samples: 0\ntarget:\n  kind: "
                        + (simulated ? "simulator" : "external")
                        + "\n");
    }

    /** An nltk_data folder with an (almost) untrained English punkt_tab: only the abbreviation "mr". */
    public static Path punkt(Path dir) throws IOException {
        Path english = dir.resolve("nltk_data/tokenizers/punkt_tab/english");
        Files.createDirectories(english);
        Files.writeString(english.resolve("abbrev_types.txt"), "mr\n");
        Files.writeString(english.resolve("collocations.tab"), "");
        Files.writeString(english.resolve("sent_starters.txt"), "");
        Files.writeString(english.resolve("ortho_context.tab"), "");
        return dir.resolve("nltk_data");
    }

    /** A text of sentences made of three-letter words whose simulator encoding has about {@code tokens} ids. */
    public static String answerOfTokens(int tokens, int seed) {
        java.util.Random r = new java.util.Random(seed);
        StringBuilder sb = new StringBuilder();
        while (SimTokenizer.INSTANCE.count(sb) < tokens - 2) {
            if (sb.isEmpty() || sb.charAt(sb.length() - 1) == '.') {
                sb.append(sb.isEmpty() ? "" : " ").append((char) ('A' + r.nextInt(26)));
            } else {
                sb.append(' ').append((char) ('a' + r.nextInt(26)));
            }
            sb.append((char) ('a' + r.nextInt(26))).append((char) ('a' + r.nextInt(26)));
            if (r.nextInt(12) == 0) {
                sb.append('.');
            }
        }
        return sb.append('.').toString();
    }
}
